import { Link } from 'react-router';
import { ChevronRight, House } from 'lucide-react';
import clsx from 'clsx';

export interface BreadcrumbItem {
  label: string;
  /** Omitted for the current page (the last item). */
  to?: string;
}

/** "Ana Sayfa › Telefon › Premium Telefonlar": the last item is the current page. */
export function Breadcrumb({ items, className }: { items: readonly BreadcrumbItem[]; className?: string }) {
  return (
    <nav aria-label="Sayfa konumu" className={clsx('min-w-0 text-sm', className)}>
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-muted">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${index}-${item.label}`} className="flex min-w-0 items-center gap-1.5">
              {index > 0 && <ChevronRight aria-hidden="true" className="h-3.5 w-3.5 shrink-0 opacity-60" />}
              {item.to && !last ? (
                <Link to={item.to} className="inline-flex items-center gap-1 hover:text-primary hover:underline">
                  {index === 0 && <House aria-hidden="true" className="h-3.5 w-3.5" />}
                  {item.label}
                </Link>
              ) : (
                <span aria-current={last ? 'page' : undefined} className="truncate font-medium text-ink">
                  {item.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

import { Link } from 'react-router';
import { TrendingUp, type LucideIcon } from 'lucide-react';
import clsx from 'clsx';

export interface TermLink {
  label: string;
  to: string;
}

/** A labelled row of pill links: trending searches, categories to browse. */
export function TermLinks({
  title,
  label = title,
  links,
  icon: Icon = TrendingUp,
  className,
}: {
  title: string;
  /** The navigation's accessible name when the visible title is not unique on the page. */
  label?: string;
  links: readonly TermLink[];
  icon?: LucideIcon;
  className?: string;
}) {
  if (links.length === 0) return null;
  return (
    <nav aria-label={label} className={clsx('space-y-2.5', className)}>
      <h2 className="text-xs font-bold tracking-wider text-muted uppercase">{title}</h2>
      <ul className="flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="inline-flex items-center gap-1.5 rounded-full border border-line bg-surface px-3.5 py-1.5 text-sm font-medium text-ink shadow-sm transition-colors hover:border-primary hover:text-primary"
            >
              <Icon aria-hidden="true" className="h-3.5 w-3.5 text-primary" />
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import clsx from 'clsx';
import { paginationWindow } from '../utils/pagination-window';

interface PaginationProps {
  page: number;
  pages: number;
  /** Pages as links (listings: crawlable, and the back button works). */
  hrefFor?: (page: number) => string;
  /** Pages as buttons (in-page lists such as reviews). */
  onPageChange?: (page: number) => void;
  label?: string;
  className?: string;
}

const ITEM =
  'inline-flex h-9 min-w-8 items-center justify-center gap-1 rounded-lg border px-2 text-sm font-semibold transition-colors sm:h-10 sm:min-w-10 sm:px-3';
const IDLE = 'border-line bg-surface text-ink hover:border-primary hover:text-primary';
const DISABLED = 'cursor-not-allowed border-line bg-surface text-muted opacity-50';

/**
 * Önceki / Sonraki and at most five page numbers in a sliding window. Pages outside
 * 1..pages are never offered: the ends render disabled.
 */
export function Pagination({ page, pages, hrefFor, onPageChange, label = 'Sayfalama', className }: PaginationProps) {
  if (pages <= 1) return null;
  const current = Math.min(Math.max(1, page), pages);
  const numbers = paginationWindow(current, pages);

  const item = (target: number, content: ReactNode, opts: { label?: string; rel?: string } = {}) => {
    const disabled = target < 1 || target > pages;
    const isCurrent = target === current && !opts.label;
    const className = clsx(ITEM, isCurrent ? 'border-primary bg-primary text-primary-ink' : disabled ? DISABLED : IDLE);
    if (disabled) {
      return (
        <span aria-disabled="true" className={className}>
          {content}
        </span>
      );
    }
    if (hrefFor) {
      return (
        <Link
          to={hrefFor(target)}
          rel={opts.rel}
          aria-label={opts.label ?? `Sayfa ${target}`}
          aria-current={isCurrent ? 'page' : undefined}
          className={className}
        >
          {content}
        </Link>
      );
    }
    return (
      <button
        type="button"
        onClick={() => onPageChange?.(target)}
        aria-label={opts.label ?? `Sayfa ${target}`}
        aria-current={isCurrent ? 'page' : undefined}
        className={className}
      >
        {content}
      </button>
    );
  };

  return (
    <nav aria-label={label} className={clsx('flex justify-center', className)}>
      <ul className="flex flex-wrap items-center justify-center gap-1 sm:gap-1.5">
        <li>
          {item(
            current - 1,
            <>
              <ChevronLeft aria-hidden="true" className="h-4 w-4 max-sm:hidden" />
              <span>Önceki</span>
            </>,
            { label: 'Önceki', rel: 'prev' },
          )}
        </li>
        {numbers.map((n) => (
          <li key={n}>{item(n, n)}</li>
        ))}
        <li>
          {item(
            current + 1,
            <>
              <span>Sonraki</span>
              <ChevronRight aria-hidden="true" className="h-4 w-4 max-sm:hidden" />
            </>,
            { label: 'Sonraki', rel: 'next' },
          )}
        </li>
      </ul>
    </nav>
  );
}

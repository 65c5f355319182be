import { Suspense, useRef, useState, type ReactNode } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import clsx from 'clsx';
import { lazyComponent } from '~/lib/lazy-component';

// The drawer (Radix dialog) is downloaded when the button is approached, not with the page.
const FilterDrawerDialog = lazyComponent(() => import('./filter-drawer-dialog').then((m) => m.default));

/**
 * Filters on phones and tablets: a button opening a side drawer with the filter panel.
 * Changes apply as they are made (the counts stay live); 'Filtreleri Uygula' closes the
 * drawer onto the results.
 */
export function FilterDrawer({
  activeCount,
  total,
  totalIsLowerBound = false,
  onClear,
  children,
  className,
}: {
  activeCount: number;
  total: number;
  /** The total is a lower bound (a search of a common word): shown as '100.000+'. */
  totalIsLowerBound?: boolean;
  onClear: () => void;
  children: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  // Once opened the drawer stays mounted, as a Radix dialog would.
  const [wanted, setWanted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const preload = () => void FilterDrawerDialog.preload().catch(() => undefined);
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className={clsx(
          'inline-flex h-10 items-center gap-2 rounded-lg border border-line bg-surface px-3 text-sm font-semibold text-ink shadow-sm transition-colors hover:border-primary hover:text-primary',
          className,
        )}
      >
        <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
        Filtreler
        {activeCount > 0 && (
          <span className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] font-bold text-primary-ink">
            {activeCount}
            <span className="sr-only"> etkin filtre</span>
          </span>
        )}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <FilterDrawerDialog
            open={open}
            onOpenChange={setOpen}
            triggerRef={triggerRef}
            activeCount={activeCount}
            total={total}
            totalIsLowerBound={totalIsLowerBound}
            onClear={onClear}
          >
            {children}
          </FilterDrawerDialog>
        </Suspense>
      )}
    </>
  );
}

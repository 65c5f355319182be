import { LayoutGrid, List, Table2, type LucideIcon } from 'lucide-react';
import clsx from 'clsx';
import type { ViewMode } from '../utils/listing-params';
import { useOptimisticValue } from '../hooks/use-optimistic-value';

const VIEWS: ReadonlyArray<{ mode: ViewMode; label: string; icon: LucideIcon }> = [
  { mode: 'grid', label: 'Izgara görünümü', icon: LayoutGrid },
  { mode: 'list', label: 'Liste görünümü', icon: List },
  { mode: 'compact', label: 'Kompakt tablo görünümü', icon: Table2 },
];

/** Grid / list / compact table: a group of toggle buttons, the current one pressed. */
export function ViewSwitcher({
  value,
  onChange,
  className,
}: {
  value: ViewMode;
  onChange: (view: ViewMode) => void;
  className?: string;
}) {
  const [shown, setShown] = useOptimisticValue(value);
  return (
    <div
      role="group"
      aria-label="Görünüm"
      className={clsx('inline-flex rounded-lg border border-line bg-surface p-0.5 shadow-sm', className)}
    >
      {VIEWS.map(({ mode, label, icon: Icon }) => {
        const active = mode === shown;
        return (
          <button
            key={mode}
            type="button"
            aria-label={label}
            aria-pressed={active}
            title={label}
            onClick={() => {
              setShown(mode);
              onChange(mode);
            }}
            className={clsx(
              'inline-flex h-8 w-9 items-center justify-center rounded-md transition-colors',
              active ? 'bg-primary text-primary-ink shadow-sm' : 'text-muted hover:bg-surface-2 hover:text-ink',
            )}
          >
            <Icon aria-hidden="true" className="h-4 w-4" />
          </button>
        );
      })}
    </div>
  );
}

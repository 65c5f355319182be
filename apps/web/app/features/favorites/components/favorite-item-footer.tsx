import { CalendarPlus, LoaderCircle, Trash2 } from 'lucide-react';
import clsx from 'clsx';
import type { FavoriteItem } from '@kiyasla/contracts/favorites';
import { formatDate } from '~/lib/format-date';

/** The favorite's own strip under its card: when it was added and the remove button. */
export function FavoriteItemFooter({
  item,
  onRemove,
  removing,
  className,
}: {
  item: FavoriteItem;
  onRemove: () => void;
  removing: boolean;
  className?: string;
}) {
  return (
    <div
      className={clsx(
        // Tucked under the card above it, like a drawer pulled out of it.
        '-mt-4 flex items-center justify-between gap-2 rounded-b-2xl border border-t-0 border-line bg-surface-2 px-3 pt-5 pb-1.5 text-xs',
        className,
      )}
    >
      <p className="flex min-w-0 items-center gap-1.5 text-muted">
        <CalendarPlus aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
        <span className="truncate">
          Eklenme: <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
        </span>
      </p>
      <RemoveFavoriteButton name={item.product.name} onRemove={onRemove} removing={removing} />
    </div>
  );
}

export function RemoveFavoriteButton({
  name,
  onRemove,
  removing,
  iconOnly = false,
}: {
  name: string;
  onRemove: () => void;
  removing: boolean;
  iconOnly?: boolean;
}) {
  const Icon = removing ? LoaderCircle : Trash2;
  return (
    <button
      type="button"
      onClick={onRemove}
      disabled={removing}
      aria-label={`${name} ürününü favorilerden kaldır`}
      title="Favorilerden kaldır"
      className={clsx(
        'inline-flex shrink-0 items-center justify-center gap-1.5 rounded-lg font-semibold text-muted transition-colors hover:bg-danger/10 hover:text-danger disabled:opacity-60',
        iconOnly ? 'h-9 w-9 border border-line' : 'h-8 px-2.5',
      )}
    >
      <Icon aria-hidden="true" className={clsx('h-4 w-4', removing && 'animate-spin')} />
      {!iconOnly && 'Kaldır'}
    </button>
  );
}

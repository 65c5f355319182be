import { Heart } from 'lucide-react';
import clsx from 'clsx';
import { useFavoriteToggle } from '../hooks/use-favorite-toggle';

/**
 * The heart on cards and product pages. Visitors are asked to sign in; signed-in users add or
 * remove the product, and the button shows whether it is a favorite (aria-pressed).
 */
export function FavoriteButton({
  productId,
  productName,
  className,
}: {
  productId: string;
  productName: string;
  className?: string;
}) {
  const { isFavorite, pending, toggle, prepare } = useFavoriteToggle(productId, productName);
  const label = isFavorite ? `${productName} ürününü favorilerden çıkar` : `${productName} ürününü favorilere ekle`;
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={isFavorite}
      aria-busy={pending || undefined}
      title={isFavorite ? 'Favorilerden çıkar' : 'Favorilere ekle'}
      onClick={toggle}
      onPointerEnter={prepare}
      onFocus={prepare}
      className={clsx(
        'inline-flex h-9 w-9 items-center justify-center rounded-full bg-surface/90 shadow-sm ring-1 ring-line backdrop-blur transition-colors',
        isFavorite ? 'text-danger' : 'text-muted hover:text-danger',
        pending && 'cursor-progress',
        className,
      )}
    >
      <Heart
        aria-hidden="true"
        className={clsx('h-[18px] w-[18px] transition-transform', isFavorite && 'fill-current', pending && 'scale-90')}
      />
    </button>
  );
}

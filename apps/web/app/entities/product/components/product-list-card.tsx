import { Link } from 'react-router';
import clsx from 'clsx';
import { discountPercent } from '~/lib/format';
import { CompareButton } from '~/entities/comparison-list/components/compare-button';
import { FavoriteButton } from '~/entities/favorites/components/favorite-button';
import { AlertButton } from '~/entities/price-alerts/components/alert-button';
import { productHref } from '../utils/product-href';
import {
  CARD_ARTICLE,
  CardImage,
  DiscountBadge,
  KeySpecs,
  PriceBlock,
  Rating,
  StoreList,
  type ProductCardProps,
} from './product-card';

/** A wide row: image, details, then price and stores in a side column (below on narrow screens). */
export function ProductListCard({ product, headingLevel = 3, priority = false, className }: ProductCardProps) {
  const Heading = `h${headingLevel}` as const;
  const href = productHref(product._id);
  const discount = discountPercent(product.currentPrice, product.originalPrice);

  return (
    <article
      className={clsx(
        CARD_ARTICLE,
        'grid grid-cols-[6.5rem_1fr] gap-3 p-3 sm:grid-cols-[10rem_1fr] sm:gap-4 md:grid-cols-[11rem_1fr_16rem] lg:grid-cols-[11rem_1fr_17rem]',
        className,
      )}
    >
      <div className="relative self-start">
        <CardImage product={product} href={href} priority={priority} size={176} className="rounded-xl p-2" />
        <DiscountBadge discount={discount} className="top-1.5 left-1.5" />
      </div>

      <div className="flex min-w-0 flex-col gap-2.5">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="text-xs font-semibold text-primary">{product.brand}</p>
            <Heading className="mt-1 line-clamp-2 text-sm leading-5 font-semibold text-ink sm:text-base sm:leading-6">
              <Link to={href} className="hover:text-primary hover:underline">
                {product.name}
              </Link>
            </Heading>
          </div>
          <div className="flex shrink-0 gap-2">
            <FavoriteButton productId={product._id} productName={product.name} />
            <AlertButton productId={product._id} productName={product.name} currentPrice={product.currentPrice} />
          </div>
        </div>
        <KeySpecs product={product} />
        <Rating product={product} />
        <div className="md:hidden">
          <PriceBlock product={product} discount={discount} />
        </div>
      </div>

      <div className="col-span-2 flex flex-col gap-3 md:col-span-1 md:border-l md:border-line md:pl-4">
        <div className="max-md:hidden">
          <PriceBlock product={product} discount={discount} />
        </div>
        <StoreList product={product} href={href} />
        <CompareButton product={product} className="mt-auto w-full" />
      </div>
    </article>
  );
}

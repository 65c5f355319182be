import { Link } from 'react-router';
import clsx from 'clsx';
import type { ComparisonItem } from '@kiyasla/contracts/comparisons';
import { productHref } from '~/entities/product/utils/product-href';

/** A product as a table column heading: thumbnail, brand and the name linking to its page. */
export function ProductColumnHead({ product, className }: { product: ComparisonItem; className?: string }) {
  return (
    <div className={clsx('flex items-center gap-2.5 text-left', className)}>
      <img
        src={product.image}
        alt=""
        width={40}
        height={30}
        loading="lazy"
        className="h-10 w-10 shrink-0 rounded-lg border border-line bg-white object-contain p-0.5"
      />
      <div className="min-w-0">
        <p className="text-[11px] font-semibold text-primary">{product.brand}</p>
        <Link
          to={productHref(product._id)}
          className="line-clamp-2 text-xs leading-4 font-semibold text-ink hover:text-primary hover:underline"
        >
          {product.name}
        </Link>
      </div>
    </div>
  );
}

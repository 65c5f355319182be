import { Link } from 'react-router';
import clsx from 'clsx';
import { productHref } from '../utils/product-href';
import { CardImage, type ProductCardProps } from './product-card';

/**
 * Thumbnail, brand and name: the product cell of the compact table. No article or heading
 * here: it sits in a table's row header, where neither is allowed.
 */
export function ProductCompactCard({
  product,
  priority = false,
  className,
}: Pick<ProductCardProps, 'product' | 'priority' | 'className'>) {
  const href = productHref(product._id);
  return (
    <div className={clsx('group/card flex min-w-0 items-center gap-3', className)}>
      <CardImage
        product={product}
        href={href}
        priority={priority}
        size={64}
        className="w-14 shrink-0 rounded-lg border border-line p-1 max-sm:hidden"
      />
      <div className="min-w-0">
        <p className="text-[11px] font-semibold text-primary">{product.brand}</p>
        <p className="line-clamp-3 text-sm leading-5 font-semibold text-ink sm:line-clamp-2">
          <Link to={href} className="hover:text-primary hover:underline">
            {product.name}
          </Link>
        </p>
      </div>
    </div>
  );
}

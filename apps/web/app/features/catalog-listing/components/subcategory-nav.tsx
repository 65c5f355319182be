import { Link } from 'react-router';
import clsx from 'clsx';
import type { CategoryNode } from '@kiyasla/contracts/catalog';
import { categoryHref } from '~/entities/category/utils/categories';
import { formatNumber } from '~/lib/format';
import { subcategoryName } from '../utils/category-names';

/** Chips linking to the top-level category's subcategories; the current one is marked. */
export function SubcategoryNav({
  categorySlug,
  subcategories,
  currentSlug,
}: {
  categorySlug: string;
  subcategories: readonly CategoryNode[];
  currentSlug: string | null;
}) {
  if (subcategories.length === 0) return null;
  const chip = (active: boolean) =>
    clsx(
      'inline-flex h-9 items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium whitespace-nowrap transition-colors',
      active
        ? 'border-primary bg-primary text-primary-ink shadow-sm'
        : 'border-line bg-surface text-ink hover:border-primary hover:text-primary',
    );
  return (
    <nav aria-label="Alt kategoriler" className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
      <ul className="flex gap-2 sm:flex-wrap">
        <li>
          <Link
            to={categoryHref(categorySlug)}
            aria-current={currentSlug === null ? 'page' : undefined}
            className={chip(currentSlug === null)}
          >
            Tümü
          </Link>
        </li>
        {subcategories.map((sub) => {
          const active = sub.slug === currentSlug;
          return (
            <li key={sub._id}>
              <Link
                to={categoryHref(categorySlug, sub.slug)}
                aria-current={active ? 'page' : undefined}
                className={chip(active)}
              >
                {subcategoryName(categorySlug, sub.slug, sub.name)}
                <span className={clsx('text-xs', active ? 'opacity-90' : 'text-muted')}>
                  ({formatNumber(sub.productCount)})
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

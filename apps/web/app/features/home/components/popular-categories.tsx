import { Link } from 'react-router';
import clsx from 'clsx';
import type { CategoryNode } from '@kiyasla/contracts/catalog';
import { POPULAR_CATEGORY_COUNT } from '~/lib/ui-constants';
import { catalogMessages } from '@kiyasla/contracts/messages/catalog';
import { CategoryIcon } from '~/entities/category/components/category-icon';
import { Skeleton } from '~/components/ui/skeleton';
import { categoryHref } from '~/entities/category/utils/categories';
import { formatNumber } from '~/lib/format';
import { SectionHeading } from './section-heading';

/** Tile colours, cycled in order (the specification's eight colours). */
const TILE_COLOURS = [
  'bg-sky-100 text-sky-700 dark:bg-sky-400/15 dark:text-sky-300',
  'bg-violet-100 text-violet-700 dark:bg-violet-400/15 dark:text-violet-300',
  'bg-emerald-100 text-emerald-700 dark:bg-emerald-400/15 dark:text-emerald-300',
  'bg-rose-100 text-rose-700 dark:bg-rose-400/15 dark:text-rose-300',
  'bg-amber-100 text-amber-700 dark:bg-amber-400/15 dark:text-amber-300',
  'bg-teal-100 text-teal-700 dark:bg-teal-400/15 dark:text-teal-300',
  'bg-orange-100 text-orange-700 dark:bg-orange-400/15 dark:text-orange-300',
  'bg-fuchsia-100 text-fuchsia-700 dark:bg-fuchsia-400/15 dark:text-fuchsia-300',
] as const;

type State = { status: 'ready'; categories: readonly CategoryNode[] } | { status: 'error' } | { status: 'loading' };

export function PopularCategories({ state }: { state: State }) {
  const shown =
    state.status === 'ready' ? state.categories.filter((c) => c.parent === null).slice(0, POPULAR_CATEGORY_COUNT) : [];
  if (state.status === 'ready' && shown.length === 0) return null;
  return (
    <section aria-labelledby="popular-categories">
      <SectionHeading
        id="popular-categories"
        title="Popüler Kategoriler"
        description="En çok karşılaştırılan kategorilere göz atın"
      />
      {state.status === 'error' && (
        <p className="rounded-2xl border border-line bg-surface p-6 text-center text-sm text-muted">
          {catalogMessages.categoriesLoadFailed}
        </p>
      )}
      {state.status === 'loading' && (
        <div className="grid grid-cols-4 gap-3 lg:grid-cols-8">
          {Array.from({ length: POPULAR_CATEGORY_COUNT }, (_, i) => (
            <Skeleton key={i} className="h-28 rounded-2xl" />
          ))}
        </div>
      )}
      {state.status === 'ready' && (
        <ul className="grid grid-cols-4 gap-2 sm:gap-3 lg:grid-cols-8">
          {shown.map((category, index) => (
            <li key={category._id}>
              <Link
                to={categoryHref(category.slug)}
                className="group flex h-full flex-col items-center gap-2 rounded-2xl border border-line bg-surface px-1.5 py-4 text-center transition-all hover:-translate-y-0.5 hover:border-primary hover:shadow-md sm:px-3"
              >
                <span
                  className={clsx(
                    'flex h-12 w-12 items-center justify-center rounded-2xl text-2xl transition-transform group-hover:scale-110 sm:h-14 sm:w-14 sm:text-3xl',
                    TILE_COLOURS[index % TILE_COLOURS.length],
                  )}
                >
                  <CategoryIcon category={category} className="h-6 w-6 sm:h-7 sm:w-7" />
                </span>
                <span className="text-xs leading-tight font-semibold text-ink sm:text-sm">{category.name}</span>
                {category.productCount > 0 && (
                  <span className="hidden text-xs text-muted sm:block">{formatNumber(category.productCount)} ürün</span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

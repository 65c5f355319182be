import { useState } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import clsx from 'clsx';
import type { ProductCard as ProductCardData } from '@kiyasla/contracts/catalog';
import { CompareButton } from '~/entities/comparison-list/components/compare-button';
import { ProductCompactCard } from '~/entities/product/components/product-compact-card';
import { formatPrice, formatRating } from '~/lib/format';
import { nextCompactSort, sortCompactRows, type CompactColumn, type CompactSort } from '../utils/compact-sort';

const COLUMNS: ReadonlyArray<{ column: CompactColumn; label: string }> = [
  { column: 'price', label: 'Fiyat' },
  { column: 'screenSize', label: 'Ekran' },
  { column: 'storage', label: 'Depolama' },
  { column: 'ram', label: 'RAM' },
  { column: 'battery', label: 'Batarya' },
  { column: 'camera', label: 'Kamera' },
  { column: 'rating', label: 'Puan' },
];

function cell(product: ProductCardData, column: CompactColumn) {
  switch (column) {
    case 'price':
      return product.currentPrice !== null ? (
        <span className="font-bold whitespace-nowrap text-price">{formatPrice(product.currentPrice)}</span>
      ) : (
        <span className="text-muted">—</span>
      );
    case 'rating':
      return product.ratingsCount > 0 ? (
        <span className="flex flex-col leading-tight">
          <span className="font-semibold">{formatRating(product.averageRating)}</span>
          <span className="text-xs text-muted">{product.ratingsCount} oy</span>
        </span>
      ) : (
        <span className="text-muted">—</span>
      );
    default:
      return product.keySpecs[column] ?? <span className="text-muted">—</span>;
  }
}

/**
 * The compact view: one row per product with sortable spec columns. Sorting is local to the
 * rows on screen: the same column toggles asc/desc, another column starts ascending.
 */
export function CompactTable({ products, caption }: { products: readonly ProductCardData[]; caption: string }) {
  const [sort, setSort] = useState<CompactSort | null>(null);
  const rows = sortCompactRows(products, sort);

  return (
    <div className="relative overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm">
      <table className="w-full min-w-[48rem] border-collapse text-sm">
        <caption className="sr-only">
          {caption}. Sütun başlıklarına tıklayarak bu sayfadaki ürünleri sıralayabilirsiniz.
        </caption>
        <thead className="bg-surface-2 text-left text-xs font-semibold text-muted">
          <tr>
            <th scope="col" className="sticky left-0 z-10 w-44 bg-surface-2 px-3 py-3 sm:w-60 sm:px-4">
              Ürün
            </th>
            {COLUMNS.map(({ column, label }) => {
              const active = sort?.column === column;
              const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
              return (
                <th
                  key={column}
                  scope="col"
                  aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                  className="px-2 py-2"
                >
                  <button
                    type="button"
                    onClick={() => setSort((current) => nextCompactSort(current, column))}
                    className={clsx(
                      '-mx-1 inline-flex items-center gap-1 rounded-md px-1.5 py-1 whitespace-nowrap transition-colors hover:bg-surface hover:text-ink',
                      active && 'text-primary',
                    )}
                  >
                    {label}
                    <Icon aria-hidden="true" className={clsx('h-3.5 w-3.5', !active && 'opacity-50')} />
                  </button>
                </th>
              );
            })}
            <th scope="col" className="px-2 py-3 text-right">
              <span className="sr-only">İşlemler</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((product) => (
            <tr key={product._id} className="group transition-colors hover:bg-surface-2">
              <th
                scope="row"
                className="sticky left-0 z-10 w-44 min-w-44 bg-surface px-3 py-3 sm:w-60 sm:min-w-56 sm:px-4 text-left font-normal transition-colors group-hover:bg-surface-2"
              >
                <ProductCompactCard product={product} />
              </th>
              {COLUMNS.map(({ column }) => (
                <td key={column} className="px-2 py-3 whitespace-nowrap text-ink">
                  {cell(product, column)}
                </td>
              ))}
              <td className="px-2 py-3 pr-4 text-right">
                <CompareButton product={product} iconOnly />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

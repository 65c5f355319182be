import { useState } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import clsx from 'clsx';
import type { FavoriteItem } from '@kiyasla/contracts/favorites';
import { CompareButton } from '~/entities/comparison-list/components/compare-button';
import { ProductCompactCard } from '~/entities/product/components/product-compact-card';
import { formatPrice, formatRating } from '~/lib/format';
import { formatDate } from '~/lib/format-date';
import {
  nextCompactFavoriteSort,
  sortCompactFavorites,
  type CompactFavoriteColumn,
  type CompactFavoriteSort,
} from '../utils/favorites-view';
import { RemoveFavoriteButton } from './favorite-item-footer';

function SortHeader({
  column,
  label,
  sort,
  onSort,
  className,
}: {
  column: CompactFavoriteColumn;
  label: string;
  sort: CompactFavoriteSort | null;
  onSort: (column: CompactFavoriteColumn) => void;
  className?: string;
}) {
  const active = sort?.column === column;
  const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={clsx('px-2 py-2', className)}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
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
}

/** The compact view of favorites: sortable by name, price and rating; added date; compare and remove. */
export function FavoritesCompactTable({
  items,
  removingId,
  onRemove,
}: {
  items: readonly FavoriteItem[];
  removingId: string | null;
  onRemove: (item: FavoriteItem) => void;
}) {
  const [sort, setSort] = useState<CompactFavoriteSort | null>(null);
  const rows = sortCompactFavorites(items, sort);
  const onSort = (column: CompactFavoriteColumn) => setSort((current) => nextCompactFavoriteSort(current, column));

  return (
    <div className="relative overflow-x-auto rounded-2xl border border-line bg-surface shadow-sm">
      <table className="w-full min-w-[40rem] border-collapse text-sm">
        <caption className="sr-only">
          Favori ürünleriniz. Ürün, fiyat ve puan sütun başlıklarına tıklayarak sıralayabilirsiniz.
        </caption>
        <thead className="bg-surface-2 text-left text-xs font-semibold text-muted">
          <tr>
            <SortHeader
              column="name"
              label="Ürün"
              sort={sort}
              onSort={onSort}
              className="sticky left-0 z-10 bg-surface-2 sm:px-3"
            />
            <SortHeader column="price" label="Fiyat" sort={sort} onSort={onSort} />
            <SortHeader column="rating" label="Puan" sort={sort} onSort={onSort} />
            <th scope="col" className="px-2 py-3 whitespace-nowrap">
              Eklenme Tarihi
            </th>
            <th scope="col" className="px-2 py-3 text-right">
              <span className="sr-only">İşlemler</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((item) => {
            const { product } = item;
            return (
              <tr key={item.productId} className="group transition-colors hover:bg-surface-2">
                <th
                  scope="row"
                  className="sticky left-0 z-10 w-48 min-w-48 bg-surface px-3 py-3 text-left font-normal transition-colors group-hover:bg-surface-2 sm:w-auto sm:min-w-72 sm:px-4"
                >
                  <ProductCompactCard product={product} />
                </th>
                <td className="px-2 py-3 whitespace-nowrap">
                  {product.currentPrice !== null ? (
                    <span className="font-bold text-price">{formatPrice(product.currentPrice)}</span>
                  ) : (
                    <span className="text-muted">Fiyat bilgisi yok</span>
                  )}
                </td>
                <td className="px-2 py-3 whitespace-nowrap text-ink">
                  {product.ratingsCount > 0 ? (
                    <span className="flex flex-col leading-tight">
                      <span className="font-semibold">{formatRating(product.averageRating)}</span>
                      <span className="text-xs text-muted">{product.ratingsCount} oy</span>
                    </span>
                  ) : (
                    <span className="text-muted">—</span>
                  )}
                </td>
                <td className="px-2 py-3 whitespace-nowrap text-muted">
                  <time dateTime={item.createdAt}>{formatDate(item.createdAt, 'short')}</time>
                </td>
                <td className="px-2 py-3 pr-4">
                  <div className="flex items-center justify-end gap-1.5">
                    <CompareButton product={product} iconOnly />
                    <RemoveFavoriteButton
                      name={product.name}
                      removing={removingId === item.productId}
                      onRemove={() => onRemove(item)}
                      iconOnly
                    />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

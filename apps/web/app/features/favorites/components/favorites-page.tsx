import { useDeferredValue, useMemo, useState } from 'react';
import { Heart, Trash2 } from 'lucide-react';
import type { User } from '@kiyasla/contracts/user';
import type { FavoriteItem } from '@kiyasla/contracts/favorites';
import { favoritesMessages } from '@kiyasla/contracts/messages/favorites';
import type { ViewMode } from '~/entities/listing/utils/listing-params';
import { ListingError } from '~/entities/listing/components/listing-states';
import { SkeletonGrid } from '~/entities/listing/components/skeleton-grid';
import { ProductCard } from '~/entities/product/components/product-card';
import { ProductListCard } from '~/entities/product/components/product-list-card';
import { Breadcrumb } from '~/components/ui/breadcrumb';
import { buttonClasses } from '~/components/ui/button-styles';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { useFavorites } from '~/entities/favorites/api/get-favorites';
import { formatNumber } from '~/lib/format';
import { usePublicConfig } from '~/lib/public-config';
import { useLoadErrorToast } from '~/lib/query-client';
import { useClearFavorites } from '../hooks/use-clear-favorites';
import { useRemoveFavorite } from '../hooks/use-remove-favorite';
import { filterFavorites, sortFavorites, type FavoriteSort } from '../utils/favorites-view';
import { FavoriteItemFooter } from './favorite-item-footer';
import { FavoritesCompactTable } from './favorites-compact-table';
import { FavoritesEmpty, FavoritesNoMatch } from './favorites-empty';
import { FavoritesToolbar } from './favorites-toolbar';

const FAVORITES_GRID = 'grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** 'Favorilerim' (spec §2): search, sort, three views, remove, compare and clear all. */
export function FavoritesPage({ user }: { user: User }) {
  const favorites = useFavorites();
  const config = usePublicConfig();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [sort, setSort] = useState<FavoriteSort>('date-desc');
  const [view, setView] = useState<ViewMode>('grid');
  const [confirmOpen, setConfirmOpen] = useState(false);
  const remove = useRemoveFavorite(user._id);
  const clear = useClearFavorites(user._id);

  useLoadErrorToast(favorites.isError, favoritesMessages.loadError);

  const items = favorites.data?.items;
  const shown = useMemo(
    () => (items ? sortFavorites(filterFavorites(items, deferredQuery), sort) : []),
    [items, deferredQuery, sort],
  );
  const total = favorites.data?.total ?? 0;
  const removingId = remove.isPending ? (remove.variables?.productId ?? null) : null;
  const onRemove = (item: FavoriteItem) => remove.mutate({ productId: item.productId, productName: item.product.name });
  const limit = user.isPremium ? config?.limits.premiumWishlistItems : config?.limits.maxWishlistItems;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <Breadcrumb items={[{ label: 'Ana Sayfa', to: '/' }, { label: 'Favorilerim' }]} />
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div className="flex items-center gap-3">
          <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-danger/10 text-danger">
            <Heart aria-hidden="true" className="h-6 w-6 fill-current" />
          </span>
          <div>
            <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">Favorilerim</h1>
            <p className="mt-0.5 text-sm text-muted">
              {favorites.isPending ? (
                'Yükleniyor...'
              ) : (
                <>
                  {formatNumber(total)} ürün
                  {limit !== undefined && !user.isPremium && (
                    <> · Ücretsiz planda en fazla {formatNumber(limit)} favori</>
                  )}
                </>
              )}
            </p>
          </div>
        </div>
        {total > 0 && (
          <button
            type="button"
            onClick={() => setConfirmOpen(true)}
            className={buttonClasses('outline', 'md', 'hover:border-danger hover:text-danger')}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Tümünü Temizle
          </button>
        )}
      </div>

      <div className="mt-6 space-y-5">
        {favorites.isPending ? (
          <SkeletonGrid count={4} />
        ) : favorites.isError ? (
          <ListingError message={favoritesMessages.loadError} onRetry={() => void favorites.refetch()} />
        ) : total === 0 || !items || items.length === 0 ? (
          <FavoritesEmpty />
        ) : (
          <>
            <FavoritesToolbar
              query={query}
              onQueryChange={setQuery}
              sort={sort}
              onSortChange={setSort}
              view={view}
              onViewChange={setView}
            />
            {deferredQuery.trim() && shown.length > 0 && (
              <p role="status" className="text-sm text-muted">
                {formatNumber(shown.length)} favori gösteriliyor
              </p>
            )}
            {shown.length === 0 ? (
              <FavoritesNoMatch query={deferredQuery.trim()} onClear={() => setQuery('')} />
            ) : view === 'compact' ? (
              <FavoritesCompactTable items={shown} removingId={removingId} onRemove={onRemove} />
            ) : (
              <ul aria-label="Favori ürünler" className={view === 'grid' ? FAVORITES_GRID : 'space-y-4'}>
                {shown.map((item, i) => (
                  <li key={item.productId} className="flex flex-col">
                    {view === 'list' ? (
                      <ProductListCard
                        product={item.product}
                        headingLevel={2}
                        priority={i < 4}
                        className="relative z-10 flex-1"
                      />
                    ) : (
                      <ProductCard
                        product={item.product}
                        headingLevel={2}
                        priority={i < 4}
                        className="relative z-10 flex-1"
                      />
                    )}
                    <FavoriteItemFooter
                      item={item}
                      removing={removingId === item.productId}
                      onRemove={() => onRemove(item)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Tüm favoriler temizlensin mi?"
        description={`${formatNumber(total)} ürün favorilerinizden kaldırılacak. Bu işlem geri alınamaz.`}
        confirmLabel="Tümünü Temizle"
        pending={clear.isPending}
        onConfirm={() => clear.mutate(undefined, { onSettled: () => setConfirmOpen(false) })}
      />
    </div>
  );
}

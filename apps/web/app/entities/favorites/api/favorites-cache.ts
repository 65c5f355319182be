/**
 * Writes into the cached favorites list after a change the server confirmed, so every heart,
 * the header count and the favorites page agree at once, before any refetch.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { FavoriteItem } from '@kiyasla/contracts/favorites';
import { favoritesKeys, type FavoritesData } from './get-favorites';

function update(client: QueryClient, userId: string, change: (data: FavoritesData) => FavoritesData): void {
  client.setQueryData<FavoritesData>(favoritesKeys.list(userId), (data) => (data ? change(data) : data));
}

export function cacheFavoriteAdded(client: QueryClient, userId: string, item: FavoriteItem): void {
  update(client, userId, (data) =>
    data.items.some((i) => i.productId === item.productId)
      ? data
      : { items: [item, ...data.items], total: data.total + 1 },
  );
}

export function cacheFavoriteRemoved(client: QueryClient, userId: string, productId: string): void {
  update(client, userId, (data) => {
    const items = data.items.filter((i) => i.productId !== productId);
    return items.length === data.items.length ? data : { items, total: Math.max(0, data.total - 1) };
  });
}

export function cacheFavoritesCleared(client: QueryClient, userId: string): void {
  update(client, userId, () => ({ items: [], total: 0 }));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FavoriteItem } from '@kiyasla/contracts/favorites';
import { apiRequest } from '~/lib/api-client';
import { useAuth } from '~/entities/session/auth-context';

export interface FavoritesData {
  items: FavoriteItem[];
  /** Every favorite of the user (the header badge count). */
  total: number;
}

/** Query keys of the signed-in user's favorites; the user id keeps accounts apart. */
export const favoritesKeys = {
  all: ['favorites'] as const,
  list: (userId: string) => [...favoritesKeys.all, userId] as const,
};

/**
 * GET /favorites: newest first. The default page holds every favorite a plan can have, so one
 * request serves the favorites page, the header count and each card's heart.
 */
export async function getFavorites(): Promise<FavoritesData> {
  const { data, pagination } = await apiRequest<FavoriteItem[] | null>('/favorites');
  const items = Array.isArray(data) ? data : [];
  return { items, total: pagination?.total ?? items.length };
}

export const favoritesQuery = (userId: string) =>
  queryOptions({ queryKey: favoritesKeys.list(userId), queryFn: getFavorites, staleTime: 30_000 });

/** The favorites of the signed-in user; disabled (no data) for visitors. */
export function useFavorites() {
  const { status, user } = useAuth();
  const userId = status === 'authenticated' && user ? user._id : '';
  return useQuery({ ...favoritesQuery(userId), enabled: userId !== '' });
}

/** The ids of the signed-in user's favorites, for the hearts on cards and product pages. */
export function useFavoriteIds(): ReadonlySet<string> | undefined {
  const { data } = useFavorites();
  return data ? new Set(data.items.map((item) => item.productId)) : undefined;
}

import type { FavoriteItem } from '@kiyasla/contracts/favorites';
import { apiRequest } from '~/lib/api-client';

/** POST /favorites/{productId}: 201 with the new favorite (product card and createdAt). */
export async function addFavorite(productId: string): Promise<FavoriteItem> {
  const { data } = await apiRequest<FavoriteItem>(`/favorites/${encodeURIComponent(productId)}`, { method: 'POST' });
  return data;
}

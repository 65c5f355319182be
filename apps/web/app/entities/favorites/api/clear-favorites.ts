import type { FavoritesCleared } from '@kiyasla/contracts/favorites';
import { apiRequest } from '~/lib/api-client';

/** DELETE /favorites: removes every favorite of the signed-in user; answers how many. */
export async function clearFavorites(): Promise<number> {
  const { data } = await apiRequest<FavoritesCleared>('/favorites', { method: 'DELETE' });
  return data.removed;
}

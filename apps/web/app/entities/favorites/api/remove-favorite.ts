import { apiRequest } from '~/lib/api-client';

/** DELETE /favorites/{productId}: 404 FAVORITE_NOT_FOUND when it was not a favorite. */
export async function removeFavorite(productId: string): Promise<void> {
  await apiRequest<{ productId: string; isFavorite: false }>(`/favorites/${encodeURIComponent(productId)}`, {
    method: 'DELETE',
  });
}

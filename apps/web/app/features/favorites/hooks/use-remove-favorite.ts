import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FAVORITE_ERROR_CODES } from '@kiyasla/contracts/favorites-constants';
import { favoritesMessages } from '@kiyasla/contracts/messages/favorites';
import { removeFavorite } from '~/entities/favorites/api/remove-favorite';
import { cacheFavoriteRemoved } from '~/entities/favorites/api/favorites-cache';
import { removeItemFailureToast } from '~/entities/favorites/utils/favorite-feedback';
import { notifyFavoritesChanged } from '~/entities/favorites/utils/favorites-sync';
import { isApiError } from '~/lib/api-client';
import { toast } from '~/lib/toast';

/** The favorites page's remove button: DELETE /favorites/{id}, then the list, header and other tabs follow. */
export function useRemoveFavorite(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId }: { productId: string; productName: string }) => removeFavorite(productId),
    onSuccess: (_data, { productId, productName }) => {
      cacheFavoriteRemoved(queryClient, userId, productId);
      notifyFavoritesChanged();
      toast.success(favoritesMessages.removed, productName);
    },
    onError: (error, { productId }) => {
      if (isApiError(error) && error.code === FAVORITE_ERROR_CODES.notFavorite) {
        // Already gone (another tab removed it): the page simply catches up.
        cacheFavoriteRemoved(queryClient, userId, productId);
        notifyFavoritesChanged();
      }
    },
    meta: { errorToast: removeItemFailureToast },
  });
}

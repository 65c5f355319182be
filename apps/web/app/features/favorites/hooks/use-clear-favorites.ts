import { useMutation, useQueryClient } from '@tanstack/react-query';
import { favoritesMessages } from '@kiyasla/contracts/messages/favorites';
import { clearFavorites } from '~/entities/favorites/api/clear-favorites';
import { cacheFavoritesCleared } from '~/entities/favorites/api/favorites-cache';
import { clearFailureToast } from '~/entities/favorites/utils/favorite-feedback';
import { notifyFavoritesChanged } from '~/entities/favorites/utils/favorites-sync';
import { toast } from '~/lib/toast';

/** 'Tümünü Temizle' after confirmation: DELETE /favorites. */
export function useClearFavorites(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearFavorites,
    onSuccess: () => {
      cacheFavoritesCleared(queryClient, userId);
      notifyFavoritesChanged();
      toast.success(favoritesMessages.cleared);
    },
    meta: { errorToast: clearFailureToast },
  });
}

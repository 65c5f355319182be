import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@kiyasla/contracts/messages';
import { isApiError } from '~/lib/api-client';
import { notifyFavoritesChanged } from '~/lib/favorites-sync';
import { clearFavorites } from '~/lib/favorites/api/clear-favorites';
import { cacheFavoritesCleared } from '~/lib/favorites/favorites-cache';
import { toast } from '~/lib/toast';

/** 'Tümünü Temizle' after confirmation: DELETE /favorites. */
export function useClearFavorites(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearFavorites,
    onSuccess: () => {
      cacheFavoritesCleared(queryClient, userId);
      notifyFavoritesChanged();
      toast.success(messages.favorites.cleared);
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 401) {
        toast.error(messages.auth.sessionErrorTitle, messages.auth.sessionExpired);
        return;
      }
      toast.error(messages.favorites.clearError);
    },
  });
}

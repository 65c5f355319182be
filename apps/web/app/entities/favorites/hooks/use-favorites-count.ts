import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { startFavoritesSync, subscribeFavoritesChanged } from '../utils/favorites-sync';
import { favoritesKeys, useFavorites } from '../api/get-favorites';

/**
 * The header's favorites count: 0 for visitors, else the number of favorites. Every
 * `favoritesChanged` broadcast — from this tab or another — makes it recount.
 */
export function useFavoritesCount(): number {
  const { data } = useFavorites();
  const queryClient = useQueryClient();
  useEffect(() => {
    const stopSync = startFavoritesSync();
    const unsubscribe = subscribeFavoritesChanged(() => {
      void queryClient.invalidateQueries({ queryKey: favoritesKeys.all });
    });
    return () => {
      unsubscribe();
      stopSync();
    };
  }, [queryClient]);
  return data?.total ?? 0;
}

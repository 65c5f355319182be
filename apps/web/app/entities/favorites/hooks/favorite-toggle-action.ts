/**
 * What a click on a favorite heart does (spec §4 "Favorite", §6, §8): visitors are asked to sign
 * in; signed-in users add or remove, and every outcome has its toast. Loaded on demand by
 * useFavoriteToggle (pages show hearts long before anyone clicks one).
 */
import type { NavigateFunction } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@kiyasla/contracts/user';
import { favoritesMessages } from '@kiyasla/contracts/messages/favorites';
import { gatesMessages } from '@kiyasla/contracts/messages/gates';
import { loginHref } from '~/entities/session/utils/safe-redirect';
import { notifyFavoritesChanged } from '../utils/favorites-sync';
import { toast } from '~/lib/toast';
import { addFavorite } from '../api/add-favorite';
import { favoritesKeys } from '../api/get-favorites';
import { removeFavorite } from '../api/remove-favorite';
import { addFailureOutcome, removeFailureOutcome, type FavoriteOutcome } from '../utils/favorite-feedback';
import { cacheFavoriteAdded, cacheFavoriteRemoved } from '../api/favorites-cache';

export interface FavoriteToggleContext {
  productId: string;
  productName: string;
  queryClient: QueryClient;
  navigate: NavigateFunction;
  /** The page to come back to after signing in. */
  back: string;
}

/** A visitor who is not signed in: say why nothing happened, and offer to sign in. */
export function askToSignIn({ navigate, back }: FavoriteToggleContext): void {
  toast({
    type: 'info',
    title: gatesMessages.loginRequired,
    message: favoritesMessages.loginRequired,
    action: { label: 'Oturum Aç', onClick: () => navigate(loginHref(back)) },
  });
}

/** Adds (`adding`) or removes the product for `user`; resolves once the outcome is shown. */
export async function toggleFavorite(context: FavoriteToggleContext, user: User, adding: boolean): Promise<void> {
  const { productId, productName, queryClient, navigate } = context;
  const userId = user._id;

  const settle = async (outcome: FavoriteOutcome) => {
    const upsell =
      outcome.toast.title === favoritesMessages.limitTitle && !user.isPremium
        ? { action: { label: "Premium'a Geç", onClick: () => navigate('/premium-plans') } }
        : {};
    toast({ ...outcome.toast, ...upsell });
    if (outcome.kind === 'not-favorite') {
      cacheFavoriteRemoved(queryClient, userId, productId);
      notifyFavoritesChanged();
    } else if (outcome.kind === 'already-favorite') {
      notifyFavoritesChanged();
      // Keeps the heart filled until the refetched list has the product.
      await queryClient.invalidateQueries({ queryKey: favoritesKeys.list(userId) });
    }
  };

  const call = adding
    ? addFavorite(productId).then((item) => {
        cacheFavoriteAdded(queryClient, userId, item);
        toast.success(favoritesMessages.added, productName);
      })
    : removeFavorite(productId).then(() => {
        cacheFavoriteRemoved(queryClient, userId, productId);
        toast.success(favoritesMessages.removed, productName);
      });
  await call
    .then(() => notifyFavoritesChanged())
    .catch((error: unknown) => settle(adding ? addFailureOutcome(error) : removeFailureOutcome(error)));
}

/**
 * The favorite toggle of cards and product pages (spec §4 "Favorite", §6, §8): visitors are
 * asked to sign in; signed-in users add or remove, and every outcome has its toast. The state
 * comes from the cached favorites list (one request for the whole page), and each confirmed
 * change is written into that cache and broadcast (`favoritesChanged`) to the header and to
 * the other tabs.
 */
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@kiyasla/contracts/messages';
import { useAuth } from '~/lib/auth/auth-context';
import { loginHref } from '~/lib/auth/safe-redirect';
import { notifyFavoritesChanged } from '~/lib/favorites-sync';
import { toast } from '~/lib/toast';
import { addFavorite } from './api/add-favorite';
import { favoritesKeys, useFavoriteIds } from './api/get-favorites';
import { removeFavorite } from './api/remove-favorite';
import { addFailureOutcome, removeFailureOutcome, type FavoriteOutcome } from './favorite-feedback';
import { cacheFavoriteAdded, cacheFavoriteRemoved } from './favorites-cache';

export interface FavoriteToggle {
  /** Shown state: the pending target while a call is in flight. */
  isFavorite: boolean;
  pending: boolean;
  toggle: () => void;
}

export function useFavoriteToggle(productId: string, productName: string): FavoriteToggle {
  const { status, user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const ids = useFavoriteIds();
  const [target, setTarget] = useState<boolean | null>(null);
  const isFavorite = target ?? ids?.has(productId) ?? false;

  const settle = async (userId: string, outcome: FavoriteOutcome) => {
    const upsell =
      outcome.toast.title === messages.favorites.limitTitle && !user?.isPremium
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

  const toggle = () => {
    if (target !== null || status === 'loading') return;
    if (status === 'anonymous' || !user) {
      const back = `${location.pathname}${location.search}`;
      toast({
        type: 'info',
        title: messages.gates.loginRequired,
        message: messages.favorites.loginRequired,
        action: { label: 'Oturum Aç', onClick: () => navigate(loginHref(back)) },
      });
      return;
    }
    const userId = user._id;
    const adding = !isFavorite;
    setTarget(adding);
    const call = adding
      ? addFavorite(productId).then((item) => {
          cacheFavoriteAdded(queryClient, userId, item);
          toast.success(messages.favorites.added, productName);
        })
      : removeFavorite(productId).then(() => {
          cacheFavoriteRemoved(queryClient, userId, productId);
          toast.success(messages.favorites.removed, productName);
        });
    call
      .then(() => notifyFavoritesChanged())
      .catch((error: unknown) => settle(userId, adding ? addFailureOutcome(error) : removeFailureOutcome(error)))
      .finally(() => setTarget(null));
  };

  return { isFavorite, pending: target !== null, toggle };
}

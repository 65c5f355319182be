/**
 * The favorite toggle of cards and product pages (spec §4 "Favorite", §6, §8): visitors are
 * asked to sign in; signed-in users add or remove, and every outcome has its toast. The state
 * comes from the cached favorites list (one request for the whole page), and each confirmed
 * change is written into that cache and broadcast (`favoritesChanged`) to the header and to
 * the other tabs.
 *
 * What a click does lives in ./favorite-toggle-action, loaded when a heart is approached or
 * clicked: a page shows many hearts and rarely gets a click.
 */
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { genericMessages } from '@kiyasla/contracts/messages/generic';
import { useAuth } from '~/entities/session/auth-context';
import { toast } from '~/lib/toast';
import { useFavoriteIds } from '../api/get-favorites';
import type * as ToggleActionModule from './favorite-toggle-action';

export interface FavoriteToggle {
  /** Shown state: the pending target while a call is in flight. */
  isFavorite: boolean;
  pending: boolean;
  toggle: () => void;
  /** Fetches the click's code ahead of the click (hover, focus). */
  prepare: () => void;
}

type ToggleAction = typeof ToggleActionModule;
let action: Promise<ToggleAction> | null = null;

function loadAction() {
  action ??= import('./favorite-toggle-action').catch((error: unknown) => {
    action = null;
    throw error;
  });
  return action;
}

const prepare = () => void loadAction().catch(() => undefined);

export function useFavoriteToggle(productId: string, productName: string): FavoriteToggle {
  const { status, user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const ids = useFavoriteIds();
  const [target, setTarget] = useState<boolean | null>(null);
  const isFavorite = target ?? ids?.has(productId) ?? false;

  const toggle = () => {
    if (target !== null || status === 'loading') return;
    const context = { productId, productName, queryClient, navigate, back: `${location.pathname}${location.search}` };
    if (status === 'anonymous' || !user) {
      void loadAction().then(
        (module) => module.askToSignIn(context),
        () => toast.error(genericMessages.errorRetry),
      );
      return;
    }
    const adding = !isFavorite;
    setTarget(adding);
    loadAction()
      .then(
        (module) => module.toggleFavorite(context, user, adding),
        () => toast.error(genericMessages.errorRetry),
      )
      .finally(() => setTarget(null));
  };

  return { isFavorite, pending: target !== null, toggle, prepare };
}

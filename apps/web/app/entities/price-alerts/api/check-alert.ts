import { useQuery } from '@tanstack/react-query';
import type { AlertCheck } from '@kiyasla/contracts/alerts';
import { apiRequest } from '~/lib/api-client';
import { useAuth } from '~/entities/session/auth-context';
import { alertKeys } from './query-keys';

/** GET /alerts/check/{productId}: the user's alert of a product. Only for non-free plans (§4). */
export function useProductAlert(productId: string) {
  const { status, user } = useAuth();
  const userId = status === 'authenticated' && user?.isPremium ? user._id : '';
  return useQuery({
    queryKey: alertKeys.check(userId, productId),
    queryFn: async () => (await apiRequest<AlertCheck>(`/alerts/check/${encodeURIComponent(productId)}`)).data,
    enabled: userId !== '',
    staleTime: 30_000,
  });
}

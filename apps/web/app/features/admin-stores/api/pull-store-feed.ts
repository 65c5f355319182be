import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedImport } from '@kiyasla/contracts/admin-stores';
import { apiRequest } from '~/lib/api-client';
import { adminStoresKey } from './admin-stores-keys';

/** POST /admin/stores/{id}/feed/pull: the scheduled pull, now; answered with the import's report (409 while one runs). */
export async function pullStoreFeed(storeId: string): Promise<FeedImport> {
  const { data } = await apiRequest<FeedImport>(`/admin/stores/${storeId}/feed/pull`, { method: 'POST' });
  return data;
}

export function usePullStoreFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pullStoreFeed,
    // The card shows the refusal itself.
    meta: { errorToast: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminStoresKey }),
  });
}

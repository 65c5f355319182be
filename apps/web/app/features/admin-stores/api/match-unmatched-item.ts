import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedUnmatchedItem } from '@kiyasla/contracts/admin-stores';
import { apiRequest } from '~/lib/api-client';
import { adminStoresKey } from './admin-stores-keys';

/** POST /admin/stores/{id}/unmatched/{itemId}/match: the next import offers the item for that product. */
export async function matchUnmatchedItem(storeId: string, itemId: string, productId: string) {
  const { data, message } = await apiRequest<FeedUnmatchedItem>(`/admin/stores/${storeId}/unmatched/${itemId}/match`, {
    method: 'POST',
    json: { productId },
  });
  return { item: data, message };
}

export function useMatchUnmatchedItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storeId, itemId, productId }: { storeId: string; itemId: string; productId: string }) =>
      matchUnmatchedItem(storeId, itemId, productId),
    // The match dialog shows the refusal itself.
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminStoresKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { comparisonsMessages } from '@kiyasla/contracts/messages/comparisons';
import { apiRequest } from '~/lib/api-client';
import { getLoadedComparison, setLoadedComparison } from '~/entities/comparison-list/comparison-list';
import { toast } from '~/lib/toast';
import { comparisonKeys } from './query-keys';

/** DELETE /comparisons/{id}: the caller's own saved comparison. */
export async function deleteComparison(id: string): Promise<void> {
  await apiRequest<null>(`/comparisons/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/**
 * Deleting from the sidebar. The session list stays; it is no longer tied to the deleted
 * comparison. Failure is only logged (spec §8).
 */
export function useDeleteComparison(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; name: string }) => deleteComparison(id),
    onSuccess: (_data, { id, name }) => {
      void queryClient.invalidateQueries({ queryKey: comparisonKeys.saved(userId) });
      if (getLoadedComparison()?.id === id) setLoadedComparison(null);
      toast.success(comparisonsMessages.deleted, name);
    },
    onError: (error) => console.error(comparisonsMessages.deleteFailed, error),
    // Only logged (spec §8).
    meta: { errorToast: false },
  });
}

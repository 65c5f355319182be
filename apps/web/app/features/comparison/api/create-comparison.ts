import type { CreateComparisonRequest, SavedComparison } from '@kiyasla/contracts/comparisons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { comparisonsMessages } from '@kiyasla/contracts/messages/comparisons';
import { apiRequest } from '~/lib/api-client';
import { setLoadedComparison } from '~/entities/comparison-list/comparison-list';
import { toast } from '~/lib/toast';
import { comparisonKeys } from './query-keys';

/** POST /comparisons {name, description, productIds, isPublic, tags}: 201, or 403 at the plan limit. */
export async function createComparison(input: CreateComparisonRequest): Promise<SavedComparison> {
  const { data } = await apiRequest<SavedComparison>('/comparisons', { method: 'POST', json: input });
  return data;
}

/**
 * Saving from the dialog. Success: the sidebar refreshes, the list is now tied to the new saved
 * comparison, and a toast confirms. Failure is logged (spec §8); the dialog shows the reason.
 */
export function useCreateComparison(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createComparison,
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: comparisonKeys.saved(userId) });
      setLoadedComparison({ id: saved._id, name: saved.name });
      toast.success(comparisonsMessages.saved, saved.name);
    },
    onError: (error) => console.error(comparisonsMessages.saveFailed, error),
    // Only logged (spec §8); the save dialog shows the reason in place.
    meta: { errorToast: false },
  });
}

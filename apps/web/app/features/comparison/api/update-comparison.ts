import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedComparison, UpdateComparisonRequest } from '@kiyasla/contracts/comparisons';
import { comparisonsMessages } from '@kiyasla/contracts/messages/comparisons';
import { apiRequest } from '~/lib/api-client';
import { setLoadedComparison } from '~/entities/comparison-list/comparison-list';
import { toast } from '~/lib/toast';
import { comparisonKeys } from './query-keys';

/** PUT /comparisons/{id}: any of name, description, isPublic, tags, productIds. */
export async function updateComparison(id: string, input: UpdateComparisonRequest): Promise<SavedComparison> {
  const { data } = await apiRequest<SavedComparison>(`/comparisons/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: input,
  });
  return data;
}

/** Updating the loaded saved comparison from the dialog; failure is logged (spec §8). */
export function useUpdateComparison(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateComparisonRequest }) => updateComparison(id, input),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: comparisonKeys.saved(userId) });
      setLoadedComparison({ id: saved._id, name: saved.name });
      toast.success(comparisonsMessages.updated, saved.name);
    },
    onError: (error) => console.error(comparisonsMessages.updateFailed, error),
    // Only logged (spec §8); the save dialog shows the reason in place.
    meta: { errorToast: false },
  });
}

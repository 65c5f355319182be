import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ComparisonResult, SavedComparisonDetail } from '@kiyasla/contracts/comparisons';
import { comparisonsMessages } from '@kiyasla/contracts/messages/comparisons';
import { apiGet } from '~/lib/api-client';
import { replaceComparison, type ComparisonEntry } from '~/entities/comparison-list/comparison-list';
import { toast } from '~/lib/toast';
import { comparisonKeys } from './query-keys';

/** GET /comparisons/{id}: a saved comparison with its products as full comparison items. */
export function getSavedComparison(id: string): Promise<SavedComparisonDetail> {
  return apiGet<SavedComparisonDetail>(`/comparisons/${encodeURIComponent(id)}`);
}

/**
 * Loading a saved comparison replaces the session list with its products (spec §4). The answer
 * already holds the whole comparison, so it is cached for the page instead of asked for again.
 */
export function useLoadComparison({ viewer, max }: { viewer: string; max: number }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => getSavedComparison(id),
    onSuccess: (saved) => {
      const entries: ComparisonEntry[] = saved.products.map((p) => ({
        _id: p._id,
        name: p.name,
        slug: p.slug,
        brand: p.brand,
        image_url: p.image,
        currentPrice: p.currentPrice,
        originalPrice: p.originalPrice,
      }));
      if (entries.length <= max) {
        const { products, technicalSpecs, summary, prosConsIncluded } = saved;
        const result: ComparisonResult = { products, technicalSpecs, summary, prosConsIncluded };
        queryClient.setQueryData(
          comparisonKeys.result(
            entries.map((e) => e._id),
            viewer,
          ),
          result,
        );
      }
      replaceComparison(entries, { id: saved._id, name: saved.name }, max);
      toast.success(comparisonsMessages.loaded, saved.name);
    },
    onError: (error) => console.error(comparisonsMessages.loadFailed, error),
    meta: { errorToast: { title: comparisonsMessages.loadFailed } },
  });
}

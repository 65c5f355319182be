import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReview } from '@kiyasla/contracts/admin-reviews';
import { apiRequest } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { adminReviewsKey } from './get-admin-reviews';

/** PUT /admin/reviews/{id}: approve a review, or take its approval back. */
export async function setReviewApproval(input: { id: string; isApproved: boolean }) {
  return apiRequest<AdminReview>(`/admin/reviews/${input.id}`, {
    method: 'PUT',
    json: { isApproved: input.isApproved },
  });
}

/** DELETE /admin/reviews/{id} (confirmed first). */
export async function deleteAdminReview(id: string) {
  return apiRequest<null>(`/admin/reviews/${id}`, { method: 'DELETE' });
}

export function useSetReviewApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReviewApproval,
    meta: { errorToast: { title: 'Yorum güncellenemedi', fallback: 'Bir hata oluştu' } },
    onSuccess: (result) => {
      if (result.message) toast({ type: 'success', title: result.message });
      return queryClient.invalidateQueries({ queryKey: adminReviewsKey });
    },
  });
}

export function useDeleteAdminReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminReview,
    meta: { errorToast: { title: 'Yorum silinemedi', fallback: 'Bir hata oluştu' } },
    onSuccess: (result) => {
      if (result.message) toast({ type: 'success', title: result.message });
      return queryClient.invalidateQueries({ queryKey: adminReviewsKey });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminSubscriptionMessages as m, type AdminSubscriptionItem } from '@kiyasla/contracts/admin-subscriptions';
import { apiRequest } from '~/lib/api-client';
import { adminSubscriptionsKey } from './admin-subscriptions-keys';

/** DELETE /admin/subscriptions/{userId}: auto-renew off, premium until the end date (confirmed first). */
export async function cancelSubscription(userId: string): Promise<{ member: AdminSubscriptionItem; message: string }> {
  const { data, message } = await apiRequest<AdminSubscriptionItem>(`/admin/subscriptions/${userId}`, {
    method: 'DELETE',
  });
  return { member: data, message: message ?? m.cancelled('-') };
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    meta: { errorToast: { title: m.cancelError, fallback: 'Bir hata oluştu' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSubscriptionsKey }),
  });
}

import { useMutation } from '@tanstack/react-query';
import type { SystemNotificationInput } from '@kiyasla/contracts/admin-notifications';
import { apiRequest } from '~/lib/api-client';

/** POST /admin/notifications: a system notification to all users or one role (admins only). */
export async function sendSystemNotification(input: SystemNotificationInput) {
  return apiRequest<{ recipients: number }>('/admin/notifications', { method: 'POST', json: input });
}

export function useSendSystemNotification() {
  return useMutation({ mutationFn: sendSystemNotification });
}

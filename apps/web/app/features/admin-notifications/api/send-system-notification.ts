import { useMutation } from '@tanstack/react-query';
import {
  IDEMPOTENCY_KEY_HEADER,
  adminNotificationMessages,
  type SystemNotificationInput,
} from '@kiyasla/contracts/admin-notifications';
import { apiRequest } from '~/lib/api-client';

export interface SystemNotificationSend {
  input: SystemNotificationInput;
  /** One per composed message, the same for every attempt to send it: the server sends it once. */
  idempotencyKey: string;
}

/** POST /admin/notifications: a system notification to all users or one role (admins only). */
export async function sendSystemNotification({ input, idempotencyKey }: SystemNotificationSend) {
  return apiRequest<{ recipients: number }>('/admin/notifications', {
    method: 'POST',
    json: input,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function useSendSystemNotification() {
  return useMutation({
    mutationFn: sendSystemNotification,
    meta: { errorToast: { title: adminNotificationMessages.sendError, fallback: 'Bir hata oluştu' } },
  });
}

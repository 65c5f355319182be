import { useMutation } from '@tanstack/react-query';
import type { EmailTestResult } from '@kiyasla/contracts/admin-settings';
import { apiRequest } from '~/lib/api-client';

/** POST /admin/settings/email/test: one message to the signed-in admin, sent at once. */
export async function sendTestEmail() {
  return apiRequest<EmailTestResult>('/admin/settings/email/test', { method: 'POST' });
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}

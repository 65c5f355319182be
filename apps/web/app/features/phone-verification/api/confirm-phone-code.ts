import { smsMessages, type PhoneStatus } from '@kiyasla/contracts/sms';
import { apiRequest } from '~/lib/api-client';

/** POST /sms/phone-verification/confirm {code}: the number becomes the profile's verified phone. */
export async function confirmPhoneCode(code: string): Promise<{ status: PhoneStatus; message: string }> {
  const { data, message } = await apiRequest<PhoneStatus>('/sms/phone-verification/confirm', {
    method: 'POST',
    json: { code },
  });
  return { status: data, message: message ?? smsMessages.verified };
}

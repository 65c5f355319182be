import { smsMessages } from '@kiyasla/contracts/sms';
import { apiRequest } from '~/lib/api-client';

/** POST /sms/phone-verification {phone}: texts a 6-digit code (valid 10 minutes; a new one after a minute). */
export async function requestPhoneCode(phone: string): Promise<{ phone: string; message: string }> {
  const { data, message } = await apiRequest<{ phone: string }>('/sms/phone-verification', {
    method: 'POST',
    json: { phone },
  });
  return { phone: data.phone, message: message ?? smsMessages.codeSent };
}

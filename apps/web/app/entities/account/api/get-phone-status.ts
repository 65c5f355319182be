import { queryOptions } from '@tanstack/react-query';
import type { PhoneStatus } from '@kiyasla/contracts/sms';
import { apiGet } from '~/lib/api-client';
import { accountKeys } from './query-keys';

/** GET /sms/phone: the profile's phone and whether it is verified (SMS notifications need it). */
export function getPhoneStatus(): Promise<PhoneStatus> {
  return apiGet<PhoneStatus>('/sms/phone');
}

export const phoneStatusQuery = () => queryOptions({ queryKey: accountKeys.phoneStatus(), queryFn: getPhoneStatus });

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountSession } from '@kiyasla/contracts/account';
import { apiGet } from '~/lib/api-client';
import { accountKeys } from './query-keys';

/** GET /auth/sessions: the account's active sessions (the devices signed in to it). */
export function getAccountSessions(): Promise<AccountSession[]> {
  return apiGet<AccountSession[]>('/auth/sessions');
}

export const accountSessionsQuery = () =>
  queryOptions({ queryKey: accountKeys.sessions(), queryFn: getAccountSessions, staleTime: 30_000 });

export function useAccountSessions() {
  return useQuery(accountSessionsQuery());
}

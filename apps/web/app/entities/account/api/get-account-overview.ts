import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountOverview } from '@kiyasla/contracts/account';
import { apiGet } from '~/lib/api-client';
import { accountKeys } from './query-keys';

/** GET /auth/overview: the account's counts and its newest activity events (Aktivite, Başarılar). */
export function getAccountOverview(): Promise<AccountOverview> {
  return apiGet<AccountOverview>('/auth/overview');
}

export const accountOverviewQuery = () =>
  queryOptions({ queryKey: accountKeys.overview(), queryFn: getAccountOverview, staleTime: 30_000 });

export function useAccountOverview() {
  return useQuery(accountOverviewQuery());
}

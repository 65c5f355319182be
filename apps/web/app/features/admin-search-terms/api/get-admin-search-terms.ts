import { useQuery } from '@tanstack/react-query';
import type { AdminSearchTerms } from '@kiyasla/contracts/admin-search-terms';
import { apiRequest } from '~/lib/api-client';
import { adminSearchTermsKey } from './admin-search-terms-keys';

/** GET /admin/search-terms: the week's most searched terms (hidden ones marked) and the hidden terms. */
export async function getAdminSearchTerms(): Promise<AdminSearchTerms> {
  return (await apiRequest<AdminSearchTerms>('/admin/search-terms')).data;
}

export function useAdminSearchTerms() {
  return useQuery({ queryKey: adminSearchTermsKey, queryFn: getAdminSearchTerms });
}

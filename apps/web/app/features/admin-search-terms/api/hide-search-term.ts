import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HiddenSearchTerm } from '@kiyasla/contracts/admin-search-terms';
import { apiRequest } from '~/lib/api-client';
import { adminSearchTermsKey } from './admin-search-terms-keys';

/** POST /admin/search-terms/hidden: every spelling of the term's words leaves "Popüler aramalar". */
export async function hideSearchTerm(term: string): Promise<HiddenSearchTerm> {
  return (
    await apiRequest<HiddenSearchTerm>('/admin/search-terms/hidden', {
      method: 'POST',
      json: { term },
    })
  ).data;
}

export function useHideSearchTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: hideSearchTerm,
    meta: { errorToast: { title: 'Terim gizlenemedi', fallback: 'Bir hata oluştu' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSearchTermsKey }),
  });
}

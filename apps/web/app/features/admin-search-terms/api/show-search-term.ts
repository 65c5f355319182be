import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { adminSearchTermsKey } from './admin-search-terms-keys';

/** DELETE /admin/search-terms/hidden/{key}: the term may trend again. */
export async function showSearchTerm(key: string): Promise<void> {
  await apiRequest(`/admin/search-terms/hidden/${encodeURIComponent(key)}`, { method: 'DELETE' });
}

export function useShowSearchTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: showSearchTerm,
    meta: { errorToast: { title: 'Terim gösterilemedi', fallback: 'Bir hata oluştu' } },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSearchTermsKey }),
  });
}

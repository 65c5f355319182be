import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminSettingsMessages, type SettingsExport } from '@kiyasla/contracts/admin-settings';
import type { SystemSettings } from '@kiyasla/contracts/settings';
import { ownerDataKey } from '~/entities/session/api/query-keys';
import { apiGet, apiRequest } from '~/lib/api-client';

const settingsKey = [...ownerDataKey, 'admin', 'settings'] as const;

/** GET /admin/settings: secrets come back masked. */
export function useAdminSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => apiGet<SystemSettings>('/admin/settings') });
}

/** PUT /admin/settings: the whole object; the answer replaces the page's state. */
export function useSaveAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: SystemSettings) =>
      (await apiRequest<SystemSettings>('/admin/settings', { method: 'PUT', json: settings })).data,
    // The page shows the failure in place, with the field the server named.
    meta: { errorToast: false },
    onSuccess: (data) => queryClient.setQueryData(settingsKey, data),
  });
}

/** POST /admin/settings/reset. */
export function useResetAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest<SystemSettings>('/admin/settings/reset', { method: 'POST' })).data,
    meta: { errorToast: { title: adminSettingsMessages.resetError, fallback: 'Bir hata oluştu' } },
    onSuccess: (data) => queryClient.setQueryData(settingsKey, data),
  });
}

/** GET /admin/settings/export: a short-lived link to the JSON file. */
export function getSettingsExport(): Promise<SettingsExport> {
  return apiGet<SettingsExport>('/admin/settings/export');
}

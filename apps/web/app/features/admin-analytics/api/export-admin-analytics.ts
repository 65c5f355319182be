import { useMutation } from '@tanstack/react-query';
import type { AnalyticsExport, AnalyticsPeriod } from '@kiyasla/contracts/admin-analytics';
import { apiRequest } from '~/lib/api-client';

/** GET /admin/analytics/export?period&format=csv: a short-lived signed link to the CSV file. */
export async function exportAdminAnalytics(period: AnalyticsPeriod): Promise<AnalyticsExport> {
  return (await apiRequest<AnalyticsExport>(`/admin/analytics/export?period=${period}&format=csv`)).data;
}

export function useExportAdminAnalytics() {
  return useMutation({ mutationFn: exportAdminAnalytics });
}

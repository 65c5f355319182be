import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@kiyasla/contracts/admin-audit';
import { ownerDataKey } from '~/entities/session/api/query-keys';
import { apiRequest } from '~/lib/api-client';

export interface AuditFilters {
  actor: string;
  action: string;
  entityType: string;
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilters = { actor: '', action: '', entityType: '', from: '', to: '' };

/** GET /admin/audit-log: 10 per page, newest first. */
export async function getAuditLog(page: number, filters: AuditFilters) {
  const params = new URLSearchParams({ page: String(page), limit: '10' });
  for (const [key, value] of Object.entries(filters)) if (value.trim()) params.set(key, value.trim());
  const { data, pagination } = await apiRequest<AuditEntry[]>(`/admin/audit-log?${params.toString()}`);
  return { entries: data, pagination: pagination ?? { page, pages: 1, total: data.length, limit: 10 } };
}

export function useAuditLog(page: number, filters: AuditFilters) {
  return useQuery({
    queryKey: [...ownerDataKey, 'admin', 'audit-log', page, filters],
    queryFn: () => getAuditLog(page, filters),
    placeholderData: keepPreviousData,
  });
}

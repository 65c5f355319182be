import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@kiyasla/contracts/admin-users';
import type { UserRole } from '@kiyasla/contracts/constants';
import { apiRequest } from '~/lib/api-client';
import { adminUsersKey } from './admin-users-keys';

export interface AdminUserFilters {
  search: string;
  role: '' | UserRole;
  isActive: '' | 'true' | 'false';
}

export const EMPTY_USER_FILTERS: AdminUserFilters = { search: '', role: '', isActive: '' };

/** GET /admin/users: page size 10, filters as the form submitted them. */
export async function getAdminUsers(page: number, filters: AdminUserFilters) {
  const params = new URLSearchParams({ page: String(page), limit: '10' });
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.role) params.set('role', filters.role);
  if (filters.isActive) params.set('isActive', filters.isActive);
  const { data, pagination } = await apiRequest<AdminUser[]>(`/admin/users?${params.toString()}`);
  return { users: data, pagination: pagination ?? { page, pages: 1, total: data.length, limit: 10 } };
}

export const adminUsersQuery = (page: number, filters: AdminUserFilters) =>
  queryOptions({
    queryKey: [...adminUsersKey, page, filters],
    queryFn: () => getAdminUsers(page, filters),
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(page: number, filters: AdminUserFilters) {
  return useQuery(adminUsersQuery(page, filters));
}

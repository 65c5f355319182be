import type { AdminUser } from '@kiyasla/contracts/admin-users';
import type { AdminUserRow } from './admin-users.repo';

/** The specification's admin user: no password hash, no lockout counters, no social ids. */
export function presentAdminUser(row: AdminUserRow): AdminUser {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    security: { emailVerified: row.emailVerified },
    subscription: { plan: row.subscriptionPlan, status: row.subscriptionStatus },
  };
}

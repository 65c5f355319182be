import type { User } from '@kiyasla/contracts/user';
import { kurusToTry } from '@kiyasla/contracts/money';
import type { UserRow } from '../../db/schema/users';

/** Active, non-free, and not past its end date (lifetime plans have none). */
export function isPremiumRow(row: UserRow, now = new Date()): boolean {
  return (
    row.subscriptionPlan !== 'free' &&
    row.subscriptionStatus === 'active' &&
    (row.subscriptionEnd === null || row.subscriptionEnd.getTime() > now.getTime())
  );
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The only way a user row reaches a client: an allow-list of fields. Password hash, lockout
 * counters, provider ids and deletion columns never leave the server.
 */
export function presentUser(row: UserRow, now = new Date()): User {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    address: row.address ?? null,
    bio: row.bio,
    avatar: row.avatarUrl,
    profilePicture: row.avatarUrl,
    role: row.role,
    emailVerified: row.emailVerified,
    hasPassword: row.passwordHash !== null,
    providers: { google: row.googleId !== null, facebook: row.facebookId !== null },
    createdAt: row.createdAt.toISOString(),
    subscription: {
      plan: row.subscriptionPlan,
      status: row.subscriptionStatus,
      price: kurusToTry(row.subscriptionPrice),
      startDate: iso(row.subscriptionStart),
      endDate: iso(row.subscriptionEnd),
      nextRenewalDate: iso(row.nextRenewalDate),
      autoRenew: row.autoRenew,
    },
    isPremium: isPremiumRow(row, now),
  };
}

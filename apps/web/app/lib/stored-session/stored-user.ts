/**
 * Checks a stored user against the contract (zod). Loaded on demand by the session store, only
 * when the browser holds a session: anonymous visitors never download zod.
 */
import { userSchema, type User } from '@kiyasla/contracts/user';

/** The user when `value` fits the contract, else null. */
export function validateStoredUser(value: unknown): User | null {
  const parsed = userSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

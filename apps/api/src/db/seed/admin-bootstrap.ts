import { eq } from 'drizzle-orm';
import type { Transaction } from '../client';
import { users } from '../schema/index';
import { hashPassword } from './password';
import { normalizeEmail } from '@kiyasla/contracts/user';

export type AdminBootstrapResult = 'created' | 'promoted' | 'unchanged' | 'skipped';

/**
 * The break-glass operator account from ADMIN_EMAIL / ADMIN_PASSWORD, checked on every start.
 * - missing: created as an active, verified admin (needs ADMIN_PASSWORD);
 * - present: made admin, active and unlocked. Its password is only set when it has none
 *   (a social sign-in account): an admin who changed the password in the app keeps it, and a
 *   restart never silently resets credentials.
 */
export async function ensureAdminAccount(
  tx: Transaction,
  email: string,
  password: string | undefined,
  log: (msg: string) => void,
): Promise<AdminBootstrapResult> {
  const normalized = normalizeEmail(email);
  const [existing] = await tx
    .select({
      id: users.id,
      role: users.role,
      isActive: users.isActive,
      passwordHash: users.passwordHash,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.email, normalized));

  if (!existing) {
    if (!password) {
      log(`ADMIN_EMAIL (${normalized}) için hesap yok ve ADMIN_PASSWORD verilmedi; yönetici oluşturulmadı.`);
      return 'skipped';
    }
    await tx.insert(users).values({
      email: normalized,
      passwordHash: await hashPassword(password),
      firstName: 'Site',
      lastName: 'Yöneticisi',
      role: 'admin',
      emailVerified: true,
    });
    log(`Yönetici hesabı oluşturuldu: ${normalized}`);
    return 'created';
  }

  const needsPassword = !existing.passwordHash && Boolean(password);
  if (existing.role === 'admin' && existing.isActive && !existing.deletedAt && !needsPassword) return 'unchanged';
  await tx
    .update(users)
    .set({
      role: 'admin',
      isActive: true,
      deletedAt: null,
      purgeAfter: null,
      failedLoginCount: 0,
      lockedUntil: null,
      ...(needsPassword && password ? { passwordHash: await hashPassword(password) } : {}),
    })
    .where(eq(users.id, existing.id));
  log(`Mevcut hesap yönetici yapıldı: ${normalized}`);
  return 'promoted';
}

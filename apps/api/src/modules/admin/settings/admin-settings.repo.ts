import { sql } from 'drizzle-orm';
import type { SettingsGroup } from '@kiyasla/contracts/settings';
import type { Transaction } from '../../../db/client';
import { systemSettings } from '../../../db/schema/system-settings';

/** Locks the settings rows: two saves never interleave their read-modify-write. */
export async function lockSettingsRows(tx: Transaction): Promise<void> {
  await tx.select({ group: systemSettings.group }).from(systemSettings).for('update');
}

export async function writeGroup(
  tx: Transaction,
  group: SettingsGroup,
  value: Record<string, unknown>,
  userId: string,
): Promise<void> {
  await tx
    .insert(systemSettings)
    .values({ group, value, updatedBy: userId })
    .onConflictDoUpdate({
      target: systemSettings.group,
      set: { value, updatedBy: userId, updatedAt: sql`now()` },
    });
}

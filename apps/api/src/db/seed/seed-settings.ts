import { DEFAULT_SETTINGS, SETTINGS_GROUPS } from '@kiyasla/contracts/settings';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../client';
import { systemSettings } from '../schema/index';

/**
 * Makes sure every settings group has a row, and that rows written by an older release gain
 * the keys added since (with their defaults) without touching what operators changed.
 * Returns the groups it inserted or completed.
 */
export async function ensureDefaultSettings(tx: Transaction): Promise<string[]> {
  const existing = new Map((await tx.select().from(systemSettings)).map((row) => [row.group, row.value]));
  const touched: string[] = [];

  for (const group of SETTINGS_GROUPS) {
    const defaults = DEFAULT_SETTINGS[group] as Record<string, unknown>;
    if (!existing.has(group)) {
      await tx.insert(systemSettings).values({ group, value: defaults }).onConflictDoNothing();
      touched.push(group);
      continue;
    }
    // A value that is not an object cannot be completed key by key: fall back to the defaults.
    const stored = existing.get(group);
    const current = stored && typeof stored === 'object' && !Array.isArray(stored) ? stored : {};
    const missing = Object.keys(defaults).filter((key) => !(key in current));
    if (missing.length === 0) continue;
    await tx
      .update(systemSettings)
      .set({ value: { ...defaults, ...current } })
      .where(eq(systemSettings.group, group));
    touched.push(group);
  }
  return touched;
}

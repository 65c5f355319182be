import type { Database } from '../../db/client';
import { systemSettings } from '../../db/schema/system-settings';

export async function loadSettingsRows(db: Database): Promise<Map<string, Record<string, unknown>>> {
  const rows = await db.select({ group: systemSettings.group, value: systemSettings.value }).from(systemSettings);
  return new Map(rows.map((r) => [r.group, r.value]));
}

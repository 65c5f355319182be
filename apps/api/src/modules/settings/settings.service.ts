import {
  DEFAULT_SETTINGS,
  SECRET_SETTING_FIELDS,
  SETTINGS_GROUPS,
  systemSettingsSchema,
  type SettingsGroup,
  type SystemSettings,
} from '@kiyasla/contracts/settings';
import type { Database } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import { TtlCache } from '../../lib/ttl-cache';
import { loadSettingsRows } from './settings.repo';

/** Operators expect a saved setting to bite quickly; 5 s keeps the hot paths off the database. */
export const SETTINGS_TTL_MS = 5_000;

/**
 * Reads the admin system settings for the rest of the API (password policy, lockout, session
 * timeout, feature switches, limits). Missing or invalid stored values fall back to the contract
 * defaults key by key, so a hand-edited or older row can never break sign-in. One instance per
 * app (`app.settings`); the admin settings module calls `invalidate()` after a write so the
 * change applies at once on that instance, and within the TTL on the others.
 */
export class SettingsService {
  private readonly cache: TtlCache<SystemSettings>;

  constructor(
    private readonly db: Database,
    ttlMs = SETTINGS_TTL_MS,
    /** Opens the secrets stored encrypted (lib/secret-box.ts); without it they are read as stored. */
    private readonly box?: SecretBox,
  ) {
    this.cache = new TtlCache(ttlMs);
  }

  /** The settings in clear (secrets decrypted): for the code that obeys them, never for a response. */
  all(): Promise<SystemSettings> {
    return this.cache.get('all', () => this.read(this.db));
  }

  /** The settings as stored now, bypassing the cache (inside a transaction when `db` is one). */
  async read(db: Database): Promise<SystemSettings> {
    const settings = resolveSettings(await loadSettingsRows(db));
    return this.box ? openSecrets(settings, this.box) : settings;
  }

  async group<G extends SettingsGroup>(group: G): Promise<SystemSettings[G]> {
    return (await this.all())[group];
  }

  invalidate(): void {
    this.cache.clear();
  }
}

export function resolveSettings(rows: Map<string, Record<string, unknown>>): SystemSettings {
  const out: Record<string, unknown> = {};
  for (const group of SETTINGS_GROUPS) out[group] = resolveGroup(group, rows.get(group) ?? {});
  return out as SystemSettings;
}

function resolveGroup<G extends SettingsGroup>(group: G, stored: Record<string, unknown>): SystemSettings[G] {
  const schema = systemSettingsSchema.shape[group];
  const defaults = DEFAULT_SETTINGS[group] as Record<string, unknown>;
  const whole = schema.safeParse({ ...defaults, ...stored });
  if (whole.success) return whole.data as SystemSettings[G];
  const shape = schema.shape as Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>;
  const merged: Record<string, unknown> = {};
  for (const [key, fallback] of Object.entries(defaults)) {
    const field = shape[key]?.safeParse(stored[key]);
    merged[key] = key in stored && field?.success ? field.data : fallback;
  }
  return merged as SystemSettings[G];
}

/**
 * The settings with their secret fields decrypted. A secret that cannot be opened (JWT_SECRET
 * was rotated since it was saved) reads as unset: the operator enters it again.
 */
export function openSecrets(settings: SystemSettings, box: SecretBox): SystemSettings {
  const out = structuredClone(settings);
  for (const [group, fields] of Object.entries(SECRET_SETTING_FIELDS)) {
    const values = out[group as SettingsGroup] as Record<string, unknown>;
    for (const field of fields) {
      const value = values[field];
      if (typeof value === 'string') values[field] = box.open(value) ?? '';
    }
  }
  return out;
}

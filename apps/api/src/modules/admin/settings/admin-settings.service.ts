import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { SECRET_MASK } from '@kiyasla/contracts/admin-audit';
import { SETTINGS_EXPORT_LINK_SECONDS, type SettingsExport } from '@kiyasla/contracts/admin-settings';
import {
  DEFAULT_SETTINGS,
  SECRET_SETTING_FIELDS,
  SETTINGS_GROUPS,
  type SettingsGroup,
  type SystemSettings,
} from '@kiyasla/contracts/settings';
import type { Database } from '../../../db/client';
import { announceReadChange } from '../../../lib/read-invalidation';
import type { SecretBox } from '../../../lib/secret-box';
import type { SettingsService } from '../../settings/settings.service';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import * as repo from './admin-settings.repo';

export interface AdminSettingsDeps {
  db: Database;
  settings: SettingsService;
  box: SecretBox;
  jwtSecret: string;
}

type Secrets = Record<string, readonly string[]>;
const SECRETS: Secrets = SECRET_SETTING_FIELDS;

function mapSecrets(
  settings: SystemSettings,
  fn: (value: string, group: string, field: string) => string,
): SystemSettings {
  const out = structuredClone(settings);
  for (const [group, fields] of Object.entries(SECRETS)) {
    const values = out[group as SettingsGroup] as Record<string, unknown>;
    for (const field of fields) {
      if (typeof values[field] === 'string') values[field] = fn(values[field], group, field);
    }
  }
  return out;
}

/** What the back office reads: every secret that is set shows as SECRET_MASK, never in clear. */
export function presentSettings(settings: SystemSettings): SystemSettings {
  return mapSecrets(settings, (value) => (value === '' ? '' : SECRET_MASK));
}

/** The export file: the secrets are left out altogether (empty). */
function exportable(settings: SystemSettings): SystemSettings {
  return mapSecrets(settings, () => '');
}

export async function getAdminSettings({ db, settings }: AdminSettingsDeps): Promise<SystemSettings> {
  return presentSettings(await settings.read(db));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Writes `next` (whole settings; a secret sent back as SECRET_MASK keeps its stored value) and
 * audits the groups that changed. Every instance rereads the settings at the commit (NOTIFY).
 */
async function writeSettings(
  deps: AdminSettingsDeps,
  actor: AuditActor,
  next: SystemSettings,
  action: 'settings.update' | 'settings.reset',
): Promise<SystemSettings> {
  const saved = await deps.db.transaction(async (tx) => {
    await repo.lockSettingsRows(tx);
    const current = await deps.settings.read(tx);
    const merged = mapSecrets(next, (value, group, field) =>
      value === SECRET_MASK ? ((current[group as SettingsGroup] as Record<string, string>)[field] ?? '') : value,
    );
    const changed = SETTINGS_GROUPS.filter((group) => !same(current[group], merged[group]));
    if (changed.length === 0) return current;
    const sealed = mapSecrets(merged, (value) => deps.box.seal(value));
    for (const group of changed) {
      await repo.writeGroup(tx, group, sealed[group] as Record<string, unknown>, actor.id);
    }
    const changedSecrets = Object.entries(SECRETS).flatMap(([group, fields]) =>
      fields
        .filter((field) => {
          const g = group as SettingsGroup;
          return (current[g] as Record<string, unknown>)[field] !== (merged[g] as Record<string, unknown>)[field];
        })
        .map((field) => `${group}.${field}`),
    );
    const pick = (s: SystemSettings) => Object.fromEntries(changed.map((group) => [group, presentSettings(s)[group]]));
    await recordAudit(tx, actor, {
      action,
      entityType: 'settings',
      entityId: changed.join(','),
      before: pick(current),
      after: { ...pick(merged), ...(changedSecrets.length > 0 ? { changedSecrets } : {}) },
    });
    await announceReadChange(tx, { kind: 'settings' });
    return merged;
  });
  deps.settings.invalidate();
  return presentSettings(saved);
}

export function saveAdminSettings(deps: AdminSettingsDeps, actor: AuditActor, input: SystemSettings) {
  return writeSettings(deps, actor, input, 'settings.update');
}

export function resetAdminSettings(deps: AdminSettingsDeps, actor: AuditActor) {
  return writeSettings(deps, actor, structuredClone(DEFAULT_SETTINGS), 'settings.reset');
}

function exportKey(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'kiyasla', 'kiyasla:settings-export:v1', 32));
}

function sign(jwtSecret: string, expires: number): string {
  return createHmac('sha256', exportKey(jwtSecret)).update(`settings-export:${expires}`).digest('base64url');
}

/** A link the browser opens in a new tab (no Authorization header there), valid for a few minutes. */
export function settingsExportLink({ jwtSecret }: AdminSettingsDeps, now = Date.now()): SettingsExport {
  const expires = Math.floor(now / 1000) + SETTINGS_EXPORT_LINK_SECONDS;
  return {
    downloadUrl: `/api/admin/settings/export/download?expires=${expires}&signature=${sign(jwtSecret, expires)}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

export function exportLinkValid(jwtSecret: string, expires: number, signature: string, now = Date.now()): boolean {
  if (expires * 1000 < now || expires * 1000 > now + SETTINGS_EXPORT_LINK_SECONDS * 1000 + 60_000) return false;
  const expected = Buffer.from(sign(jwtSecret, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export async function settingsExportFile({ db, settings }: AdminSettingsDeps): Promise<string> {
  return `${JSON.stringify(exportable(await settings.read(db)), null, 2)}\n`;
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

const dir = mkdtempSync(path.join(tmpdir(), 'kiyasla-vapid-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('VAPID keys', () => {
  it('are generated once on the embedded setup and kept in DATA_DIR, like the JWT secret', () => {
    const first = loadConfig({ DATA_DIR: dir }).vapid!;
    const again = loadConfig({ DATA_DIR: dir }).vapid!;
    expect(again).toEqual(first);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    // web-push accepts them.
    expect(() => webpush.setVapidDetails(first.subject, first.publicKey, first.privateKey)).not.toThrow();
  });

  it('come from VAPID_* when set; in production with PostgreSQL push is off without them', () => {
    const keys = webpush.generateVAPIDKeys();
    const config = loadConfig({
      DATA_DIR: dir,
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:ops@kiyasla.example',
    });
    expect(config.vapid).toEqual({ ...keys, subject: 'mailto:ops@kiyasla.example' });
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db.example/kiyasla',
      JWT_SECRET: 'x'.repeat(40),
      DATA_DIR: dir,
    };
    expect(loadConfig(production).vapid).toBeNull();
    expect(
      loadConfig({ ...production, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }).vapid,
    ).toMatchObject(keys);
    expect(() => loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/set together/);
  });
});

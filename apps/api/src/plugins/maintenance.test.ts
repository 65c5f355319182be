import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { maintenanceState } from '@kiyasla/contracts/maintenance';
import { DEFAULT_SETTINGS, type MaintenanceSettings, type SystemSettings } from '@kiyasla/contracts/settings';
import { bearer, body, DEMO_ACCOUNTS, loginAs } from '../test/accounts';
import { createTestApp, setSettings, useTestApp, type TestApp } from '../test/app';

const MESSAGE = 'Altyapı yenileniyor; 2 saat içinde döneceğiz.';
const hour = 3_600_000;

const t = useTestApp();
let admin: string;
let moderator: string;
let user: string;

beforeAll(async () => {
  admin = (await loginAs(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).token;
  moderator = (await loginAs(t.app, DEMO_ACCOUNTS.moderator.email, DEMO_ACCOUNTS.moderator.password)).token;
  user = (await loginAs(t.app, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password)).token;
});

afterEach(() => setSettings(t, 'maintenance', DEFAULT_SETTINGS.maintenance));

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

async function saveMaintenance(patch: Partial<MaintenanceSettings>, app = t.app) {
  const read = await app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(admin) });
  const settings = body<{ data: SystemSettings }>(read).data;
  const res = await app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: bearer(admin),
    payload: { ...settings, maintenance: { ...settings.maintenance, ...patch } },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('maintenance mode switched on by an admin', () => {
  it('answers the public API with 503 MAINTENANCE and the message, at once after the save', async () => {
    expect((await get('/api/products?limit=1')).statusCode).toBe(200);
    await saveMaintenance({ enableMaintenanceMode: true, maintenanceMessage: MESSAGE });

    for (const [url, token] of [
      ['/api/products?limit=1', undefined],
      ['/api/categories', undefined],
      ['/api/favorites', user],
    ] as const) {
      const res = await get(url, token);
      expect(res.statusCode, url).toBe(503);
      expect(body(res)).toEqual({ success: false, code: 'MAINTENANCE', message: MESSAGE });
      // The switch has no end date: no Retry-After.
      expect(res.headers['retry-after']).toBeUndefined();
    }
    const write = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: {} });
    expect(write.statusCode).toBe(503);
  });

  it('lets admins and moderators use the whole API', async () => {
    await saveMaintenance({ enableMaintenanceMode: true, maintenanceMessage: MESSAGE });
    expect((await get('/api/products?limit=1', admin)).statusCode).toBe(200);
    expect((await get('/api/admin/stats', admin)).statusCode).toBe(200);
    expect((await get('/api/admin/settings', admin)).statusCode).toBe(200);
    expect((await get('/api/products?limit=1', moderator)).statusCode).toBe(200);
    expect((await get('/api/admin/products', moderator)).statusCode).toBe(200);
  });

  it('keeps health, the public configuration and the sign-in an operator needs', async () => {
    await saveMaintenance({ enableMaintenanceMode: true, maintenanceMessage: MESSAGE });
    expect((await get('/api/health')).statusCode).toBe(200);
    const config = await get('/api/config');
    expect(config.statusCode).toBe(200);
    expect(body(config)).toMatchObject({ data: { maintenance: { active: true, message: MESSAGE, endsAt: null } } });

    const session = await loginAs(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    expect((await get('/api/auth/me', session.token)).statusCode).toBe(200);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    // A shopper may sign in too, but gets nothing beyond it.
    const shopper = await loginAs(t.app, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
    expect((await get('/api/favorites', shopper.token)).statusCode).toBe(503);
  });

  it('answers a dead token with 401, so an operator’s browser refreshes instead of being shut out', async () => {
    await saveMaintenance({ enableMaintenanceMode: true, maintenanceMessage: MESSAGE });
    const res = await get('/api/admin/stats', 'not-a-jwt');
    expect(res.statusCode).toBe(401);
  });

  it('switched off again, the public API answers at once', async () => {
    await saveMaintenance({ enableMaintenanceMode: true, maintenanceMessage: MESSAGE });
    expect((await get('/api/products?limit=1')).statusCode).toBe(503);
    await saveMaintenance({ enableMaintenanceMode: false });
    expect((await get('/api/products?limit=1')).statusCode).toBe(200);
  });
});

describe('scheduled maintenance', () => {
  const window = (startOffset: number, endOffset: number): Partial<MaintenanceSettings> => ({
    enableMaintenanceMode: false,
    maintenanceMessage: MESSAGE,
    scheduledMaintenance: {
      enabled: true,
      startDate: new Date(Date.now() + startOffset).toISOString(),
      endDate: new Date(Date.now() + endOffset).toISOString(),
    },
  });

  it('holds the site in maintenance inside its window, with Retry-After until its end', async () => {
    await saveMaintenance(window(-hour, 2 * hour));
    const res = await get('/api/products?limit=1');
    expect(res.statusCode).toBe(503);
    expect(body(res)).toMatchObject({ code: 'MAINTENANCE', message: MESSAGE });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(2 * 3600 - 60);
    expect(retryAfter).toBeLessThanOrEqual(2 * 3600);
    expect((await get('/api/products?limit=1', admin)).statusCode).toBe(200);
  });

  it('does nothing before its window opens or after it closed', async () => {
    await saveMaintenance(window(hour, 2 * hour));
    expect((await get('/api/products?limit=1')).statusCode).toBe(200);
    expect(body(await get('/api/config'))).toMatchObject({ data: { maintenance: { active: false } } });
    await saveMaintenance(window(-2 * hour, -hour));
    expect((await get('/api/products?limit=1')).statusCode).toBe(200);
  });

  it('switches itself on and off by the clock', () => {
    const start = new Date('2026-03-01T01:00:00Z');
    const end = new Date('2026-03-01T03:00:00Z');
    const settings: MaintenanceSettings = {
      enableMaintenanceMode: false,
      maintenanceMessage: MESSAGE,
      scheduledMaintenance: { enabled: true, startDate: start.toISOString(), endDate: end.toISOString() },
    };
    expect(maintenanceState(settings, new Date(start.getTime() - 1)).active).toBe(false);
    expect(maintenanceState(settings, start)).toEqual({ active: true, message: MESSAGE, endsAt: end.toISOString() });
    expect(maintenanceState(settings, new Date(end.getTime() - 1)).active).toBe(true);
    expect(maintenanceState(settings, end).active).toBe(false);
    // Scheduling switched off: the dates alone do nothing.
    const off = { ...settings, scheduledMaintenance: { ...settings.scheduledMaintenance, enabled: false } };
    expect(maintenanceState(off, start).active).toBe(false);
    // The switch outlives the window: no known end.
    expect(maintenanceState({ ...settings, enableMaintenanceMode: true }, start).endsAt).toBeNull();
  });

  it('a window that opens while the server runs takes effect without a save', async () => {
    await saveMaintenance(window(1_500, hour));
    expect((await get('/api/products?limit=1')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect((await get('/api/products?limit=1')).statusCode).toBe(503);
  });
});

describe('a second instance on the same database', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({ db: t.db });
  });
  afterAll(() => other?.close());

  it('follows a save made on the first within a second (its settings cache is dropped, not aged out)', async () => {
    // Fill the second instance's settings cache (5-s TTL) before the save.
    expect((await other.app.inject({ method: 'GET', url: '/api/products?limit=1' })).statusCode).toBe(200);
    await saveMaintenance({ enableMaintenanceMode: true, maintenanceMessage: MESSAGE });
    const deadline = Date.now() + 1_000;
    let status = 200;
    while (Date.now() < deadline) {
      status = (await other.app.inject({ method: 'GET', url: '/api/products?limit=1' })).statusCode;
      if (status === 503) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(503);
  });
});

import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@kiyasla/contracts/notification-settings';
import { type AuthSession } from '@kiyasla/contracts/auth';
import { type User } from '@kiyasla/contracts/user';
import { userAvatars } from '../../db/schema/user-avatars';
import { users } from '../../db/schema/users';
import { bearer, body, registerUser } from '../../test/accounts';
import { useTestApp } from '../../test/app';

const t = useTestApp();

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG_BYTES = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0fake-jpeg-body'),
]);
const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

const update = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/update-details', headers: bearer(token), payload });
const userOf = (res: { json(): unknown }) => (res.json() as { data: User }).data;

describe('PUT /api/auth/update-details', () => {
  let me: AuthSession;
  beforeAll(async () => {
    me = await registerUser(t.app, { firstName: 'Elif', lastName: 'Kaya' });
  });

  it('updates the profile fields and returns the presented user', async () => {
    const res = await update(me.token, {
      firstName: ' İpek ',
      lastName: 'Güneş',
      phone: '+90 532 111 22 33',
      address: { street: 'Bağdat Cad. 1', city: 'İstanbul', country: 'Türkiye' },
      bio: 'Teknoloji meraklısı.',
    });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ success: true, message: 'Profil bilgileriniz güncellendi.' });
    expect(userOf(res)).toMatchObject({
      firstName: 'İpek',
      lastName: 'Güneş',
      phone: '+90 532 111 22 33',
      address: { street: 'Bağdat Cad. 1', city: 'İstanbul', country: 'Türkiye' },
      bio: 'Teknoloji meraklısı.',
      email: me.user.email,
    });
    expect(res.body).not.toMatch(/passwordHash|password_hash|argon2|failedLogin|lockedUntil|deletedAt|googleId/i);
    // A string address is accepted too, and '' clears fields.
    const second = await update(me.token, { address: 'Kadıköy, İstanbul', bio: '' });
    expect(userOf(second)).toMatchObject({ address: 'Kadıköy, İstanbul', bio: null, phone: '+90 532 111 22 33' });
  });

  it('keeps a free-text address that reads as JSON (a number, true, null, a list) as the text typed', async () => {
    for (const address of ['-9', '34710', 'true', 'null', '[1]', '"Moda"']) {
      const res = await update(me.token, { address });
      expect(res.statusCode, address).toBe(200);
      expect(userOf(res).address, address).toBe(address);
      const again = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(me.token) });
      expect(again.statusCode, address).toBe(200);
      expect(userOf(again).address, address).toBe(address);
      const [row] = await t.db.db.select({ address: users.address }).from(users).where(eq(users.id, me.user._id));
      expect(row?.address, address).toBe(address);
    }
    const stored = await t.db.db.execute<{ kind: string; text: string }>(
      sql`select jsonb_typeof(address) as kind, address #>> '{}' as text from users where id = ${me.user._id}`,
    );
    expect(stored.rows[0]).toEqual({ kind: 'string', text: '"Moda"' });
  });

  it('refuses a changed e-mail with the specification message but accepts it unchanged', async () => {
    const res = await update(me.token, { email: 'baska@example.com', firstName: 'Değişmedi' });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 'EMAIL_IMMUTABLE', message: 'E-posta adresi değiştirilemez' });
    const [row] = await t.db.db.select().from(users).where(eq(users.id, me.user._id));
    expect(row?.firstName).not.toBe('Değişmedi');
    const same = await update(me.token, { email: ` ${me.user.email.toUpperCase()} `, bio: 'Aynı e-posta' });
    expect(same.statusCode).toBe(200);
  });

  it('validates names and phone with the registration rules', async () => {
    expect(body(await update(me.token, { firstName: 'X' }))).toMatchObject({
      message: 'Ad en az 2 karakter olmalı ve sadece harflerden oluşmalıdır',
    });
    expect(body(await update(me.token, { lastName: 'Kaya2' }))).toMatchObject({
      message: 'Soyad en az 2 karakter olmalı ve sadece harflerden oluşmalıdır',
    });
    expect(body(await update(me.token, { phone: '12ab' }))).toMatchObject({
      message: 'Geçerli bir telefon numarası girin',
    });
  });

  describe('avatar', () => {
    it('stores a real image and serves it back from an image URL', async () => {
      const res = await update(me.token, { avatar: dataUrl('image/png', PNG_1PX) });
      expect(res.statusCode).toBe(200);
      const user = userOf(res);
      expect(user.avatar).toMatch(/^\/api\/auth\/avatars\/[0-9a-f-]{36}\.png$/);
      expect(user.profilePicture).toBe(user.avatar);
      const img = await t.app.inject({ method: 'GET', url: user.avatar ?? '' });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/png');
      expect(img.headers['cache-control']).toContain('immutable');
      expect(img.rawPayload.equals(PNG_1PX)).toBe(true);
      // Sending the current URL back keeps it.
      expect(userOf(await update(me.token, { avatar: user.avatar, bio: 'x' })).avatar).toBe(user.avatar);
    });

    it('types the file by its bytes, not by the declared MIME type', async () => {
      const user = userOf(await update(me.token, { avatar: dataUrl('image/png', JPEG_BYTES) }));
      expect(user.avatar).toMatch(/\.jpg$/);
      const img = await t.app.inject({ method: 'GET', url: user.avatar ?? '' });
      expect(img.headers['content-type']).toBe('image/jpeg');
    });

    it.each([
      ['a text file declared as PNG', dataUrl('image/png', Buffer.from('<script>alert(1)</script>'))],
      ['an SVG (scriptable)', dataUrl('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))],
      ['a PNG declared as text', dataUrl('text/plain', PNG_1PX)],
      ['a data URL without base64', 'data:image/png,abc'],
      ['a remote URL', 'https://tracker.example/pixel.png'],
      ['a path to someone else’s avatar', '/api/auth/avatars/00000000-0000-4000-8000-000000000000.png'],
    ])('refuses %s', async (_case, avatar) => {
      const before = userOf(await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(me.token) }));
      const res = await update(me.token, { avatar });
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ code: 'AVATAR_NOT_IMAGE', message: 'Sadece resim dosyaları yüklenebilir' });
      const after = userOf(await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(me.token) }));
      expect(after.avatar).toBe(before.avatar);
    });

    it('accepts exactly 5 MB and refuses more with 413 and the specification message', async () => {
      const max = Buffer.alloc(5 * 1024 * 1024);
      PNG_1PX.copy(max);
      expect((await update(me.token, { avatar: dataUrl('image/png', max) })).statusCode).toBe(200);
      const over = Buffer.alloc(5 * 1024 * 1024 + 1);
      PNG_1PX.copy(over);
      const res = await update(me.token, { avatar: dataUrl('image/png', over) });
      expect(res.statusCode).toBe(413);
      expect(body(res)).toMatchObject({ code: 'AVATAR_TOO_LARGE', message: "Dosya boyutu 5MB'dan küçük olmalıdır" });
    });

    it('keeps one picture per user and removes it on null', async () => {
      const first = userOf(await update(me.token, { avatar: dataUrl('image/png', PNG_1PX) })).avatar ?? '';
      const second = userOf(await update(me.token, { avatar: dataUrl('image/jpeg', JPEG_BYTES) })).avatar ?? '';
      expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
      expect(
        await t.db.db.select({ id: userAvatars.id }).from(userAvatars).where(eq(userAvatars.userId, me.user._id)),
      ).toHaveLength(1);
      const cleared = await update(me.token, { avatar: null });
      expect(userOf(cleared).avatar).toBeNull();
      expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
    });

    it('answers unknown avatar files with 404', async () => {
      for (const file of ['nope.png', '00000000-0000-4000-8000-000000000000.png', '..%2F..%2Fetc%2Fpasswd']) {
        expect((await t.app.inject({ method: 'GET', url: `/api/auth/avatars/${file}` })).statusCode).toBe(404);
      }
    });
  });
});

describe('notification settings', () => {
  const get = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/notification-settings', headers: bearer(token) });
  const put = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/auth/notification-settings', headers: bearer(token), payload });
  const settingsOf = (res: { json(): unknown }) => (res.json() as { data: NotificationSettings }).data;

  it('starts from the specification defaults', async () => {
    const account = await registerUser(t.app);
    const s = settingsOf(await get(account.token));
    expect(s).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(s).toMatchObject({
      price_drop: true,
      price_target: true,
      system_updates: true,
      weekly_summary: true,
      new_products: false,
      promotions: false,
      quietHours: { start: '22:00', end: '08:00' },
    });
    for (const key of [
      'priceDropChannels',
      'priceTargetChannels',
      'newProductChannels',
      'systemUpdateChannels',
      'promotionChannels',
      'weeklySummaryChannels',
    ] as const) {
      expect(Object.keys(s[key]).sort()).toEqual(['email', 'push', 'sms']);
    }
  });

  it('merges partial updates, including partial channel objects and quiet hours', async () => {
    const account = await registerUser(t.app);
    const first = await put(account.token, {
      promotions: true,
      priceDropChannels: { sms: true },
      quietHours: { start: '23:30' },
    });
    expect(first.statusCode).toBe(200);
    expect(body(first)).toMatchObject({ message: 'Ayarlarınız güncellendi.' });
    await put(account.token, { doNotDisturb: true, newsletter: true });
    const s = settingsOf(await get(account.token));
    expect(s).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      promotions: true,
      doNotDisturb: true,
      newsletter: true,
      priceDropChannels: { ...DEFAULT_NOTIFICATION_SETTINGS.priceDropChannels, sms: true },
      quietHours: { start: '23:30', end: '08:00' },
    });
  });

  it('rejects invalid values and changes nothing', async () => {
    const account = await registerUser(t.app);
    expect((await put(account.token, { quietHours: { start: '25:00' } })).statusCode).toBe(400);
    expect((await put(account.token, { price_drop: 'evet' })).statusCode).toBe(400);
    expect((await put(account.token, { priceDropChannels: { push: 1 } })).statusCode).toBe(400);
    expect(settingsOf(await get(account.token))).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });
});

describe('privacy settings', () => {
  const get = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/privacy-settings', headers: bearer(token) });
  const put = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/auth/privacy-settings', headers: bearer(token), payload });

  it('defaults, then stores full and partial updates', async () => {
    const account = await registerUser(t.app);
    expect(body(await get(account.token))).toMatchObject({ data: { profileVisibility: true, activitySharing: false } });
    await put(account.token, { profileVisibility: false, activitySharing: true });
    expect(body(await get(account.token))).toMatchObject({ data: { profileVisibility: false, activitySharing: true } });
    await put(account.token, { profileVisibility: true });
    expect(body(await get(account.token))).toMatchObject({ data: { profileVisibility: true, activitySharing: true } });
    expect((await put(account.token, { activitySharing: 'no' })).statusCode).toBe(400);
  });
});

describe('IDOR: one user can never read or change another’s data', () => {
  let alice: Awaited<ReturnType<typeof registerUser>>;
  let bob: Awaited<ReturnType<typeof registerUser>>;
  beforeAll(async () => {
    alice = await registerUser(t.app, { firstName: 'Alize', lastName: 'Birinci' });
    bob = await registerUser(t.app, { firstName: 'Bora', lastName: 'İkinci' });
  });

  it('ignores any user id smuggled into bodies or query strings', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/update-details?userId=${bob.user._id}&id=${bob.user._id}`,
      headers: bearer(alice.token),
      payload: { _id: bob.user._id, id: bob.user._id, userId: bob.user._id, firstName: 'Ele', bio: 'Alize yazdı' },
    });
    expect(userOf(res)).toMatchObject({ _id: alice.user._id, firstName: 'Ele' });
    const bobNow = userOf(await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(bob.token) }));
    expect(bobNow).toMatchObject({ firstName: 'Bora', bio: null });

    await t.app.inject({
      method: 'PUT',
      url: `/api/auth/notification-settings?userId=${bob.user._id}`,
      headers: bearer(alice.token),
      payload: { userId: bob.user._id, promotions: true },
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/auth/privacy-settings?userId=${bob.user._id}`,
      headers: bearer(alice.token),
      payload: { userId: bob.user._id, activitySharing: true },
    });
    const bobNotifications = await t.app.inject({
      method: 'GET',
      url: `/api/auth/notification-settings?userId=${alice.user._id}`,
      headers: bearer(bob.token),
    });
    expect(body(bobNotifications)).toMatchObject({ data: { promotions: false } });
    const bobPrivacy = await t.app.inject({
      method: 'GET',
      url: '/api/auth/privacy-settings',
      headers: bearer(bob.token),
    });
    expect(body(bobPrivacy)).toMatchObject({ data: { activitySharing: false } });
    const aliceNotifications = await t.app.inject({
      method: 'GET',
      url: '/api/auth/notification-settings',
      headers: bearer(alice.token),
    });
    expect(body(aliceNotifications)).toMatchObject({ data: { promotions: true } });
  });

  it('cannot change another user’s password or delete their account', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/password',
      headers: bearer(alice.token),
      payload: { userId: bob.user._id, currentPassword: bob.password, newPassword: 'Ele.Gecirdi1' },
    });
    const bobLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: bob.user.email, password: bob.password },
    });
    expect(bobLogin.statusCode).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: bearer(alice.token),
      payload: { userId: bob.user._id, password: bob.password },
    });
    expect(del.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(bob.token) })).statusCode).toBe(
      200,
    );
  });

  it('exports only the caller’s own data', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/export', headers: bearer(alice.token) });
    expect(res.body).toContain(alice.user._id);
    expect(res.body).not.toContain(bob.user._id);
    expect(res.body).not.toContain(bob.user.email);
  });

  it('refuses every profile route without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['PUT', '/api/auth/update-details'],
      ['GET', '/api/auth/notification-settings'],
      ['PUT', '/api/auth/notification-settings'],
      ['GET', '/api/auth/privacy-settings'],
      ['PUT', '/api/auth/privacy-settings'],
      ['PUT', '/api/auth/password'],
      ['DELETE', '/api/auth/account'],
      ['GET', '/api/auth/export'],
    ] as const) {
      const res = await t.app.inject({ method, url, ...(method === 'GET' ? {} : { payload: {} }) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(body(res)).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });
});

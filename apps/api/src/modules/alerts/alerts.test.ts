import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AlertCheck, PriceAlert } from '@kiyasla/contracts/alerts';
import { MAX_ACTIVE_ALERTS, MAX_TARGET_PRICE_TRY } from '@kiyasla/contracts/alerts';
import type { AuthSession } from '@kiyasla/contracts/auth';
import { messages } from '@kiyasla/contracts/messages';
import { sqlRows } from '../../lib/sql-rows';
import { bearer, DEMO_ACCOUNTS, loginAs } from '../../test/accounts';
import { setSettings, useTestApp } from '../../test/app';
import { registerPremiumUser } from '../../test/premium';
import { lowestInStockPrices } from '../feeds/import/price-change-event';

const t = useTestApp();

interface Priced {
  id: string;
  lowest: number;
  storeId: string;
  storePrice: number;
}

/** Products with an in-stock price that counts, their lowest price (kuruş) and one store's offer. */
let priced: Priced[];
let premium: AuthSession;
let other: AuthSession;
let free: AuthSession;

beforeAll(async () => {
  const rows = sqlRows<{ id: string; store_id: string; price: number }>(
    await t.db.db.execute(sql`
      select distinct on (o.product_id) o.product_id as id, o.store_id, o.price
        from store_offers o join products p on p.id = o.product_id
       where o.is_active and o.availability = 'in-stock' and p.is_active
       order by o.product_id, o.price desc
       limit 40`),
  );
  const lowest = await lowestInStockPrices(
    t.db.db,
    rows.map((r) => r.id),
  );
  priced = rows
    .filter((r) => lowest.has(r.id))
    .map((r) => ({ id: r.id, lowest: lowest.get(r.id)!, storeId: r.store_id, storePrice: Number(r.price) }));
  expect(priced.length).toBeGreaterThan(10);
  premium = await registerPremiumUser(t);
  other = await registerPremiumUser(t);
  free = await loginAs(t.app, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who?: AuthSession, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who ? bearer(who.token) : {}, payload });

const tl = (kurus: number) => kurus / 100;

describe('who may', () => {
  it('needs a session, then a non-free plan to set an alert (§6 message verbatim)', async () => {
    const p = priced[0]!;
    expect((await call('GET', '/alerts')).statusCode).toBe(401);
    expect((await call('POST', '/alerts', undefined, { product: p.id, targetPrice: 1 })).statusCode).toBe(401);
    const res = await call('POST', '/alerts', free, { product: p.id, targetPrice: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'PREMIUM_REQUIRED',
      message: 'Premium Gerekli – Fiyat alarmı özelliği premium kullanıcılar içindir.',
    });
    // A free user still reads (their lapsed alerts) and checks.
    expect((await call('GET', '/alerts', free)).statusCode).toBe(200);
  });

  it('answers 403 PRICE_ALERTS_DISABLED while the admin switch is off', async () => {
    await setSettings(t, 'features', { enablePriceAlerts: false });
    try {
      for (const [method, url] of [
        ['GET', '/alerts'],
        ['POST', '/alerts'],
        ['GET', `/alerts/check/${priced[0]!.id}`],
      ] as const) {
        const res = await call(
          method,
          url,
          premium,
          method === 'POST' ? { product: priced[0]!.id, targetPrice: 1 } : undefined,
        );
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toMatchObject({ code: 'PRICE_ALERTS_DISABLED', message: messages.alerts.disabled });
      }
    } finally {
      await setSettings(t, 'features', { enablePriceAlerts: true });
    }
  });
});

describe('creating', () => {
  it('validates the target with §5 messages', async () => {
    const p = priced[1]!;
    for (const targetPrice of [0, -5, undefined, 'abc', 1.234]) {
      const res = await call('POST', '/alerts', premium, { product: p.id, targetPrice });
      expect(res.statusCode, String(targetPrice)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'ALERT_TARGET_INVALID', message: 'Geçerli bir hedef fiyat girin.' });
    }
    for (const targetPrice of [tl(p.lowest), tl(p.lowest) + 100]) {
      const res = await call('POST', '/alerts', premium, { product: p.id, targetPrice });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'ALERT_TARGET_NOT_BELOW',
        message: 'Hedef fiyat mevcut fiyattan düşük olmalıdır',
      });
    }
    const above = await call('POST', '/alerts', premium, {
      product: p.id,
      targetPrice: tl(p.lowest) - 1,
      triggerType: 'above',
    });
    expect(above.json()).toMatchObject({ code: 'ALERT_TARGET_NOT_ABOVE' });
    expect((await call('POST', '/alerts', premium, { product: crypto.randomUUID(), targetPrice: 5 })).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', '/alerts', premium, { product: p.id, targetPrice: 5, store: crypto.randomUUID() })).json(),
    ).toMatchObject({ code: 'ALERT_STORE_NOT_FOUND' });
  });

  it('answers a target above the highest one with one code, whatever else is wrong with it', async () => {
    const p = priced[1]!;
    // 99999999.999 also has a third decimal: the too-high rule still names it, with its own code.
    for (const targetPrice of [1e15, 99_999_999.999, MAX_TARGET_PRICE_TRY + 0.01]) {
      const res = await call('POST', '/alerts', premium, { product: p.id, targetPrice });
      expect(res.statusCode, String(targetPrice)).toBe(400);
      expect(res.json(), String(targetPrice)).toMatchObject({
        code: 'ALERT_TARGET_TOO_HIGH',
        message: messages.alerts.targetTooHigh,
        errors: [{ path: 'body.targetPrice', message: messages.alerts.targetTooHigh }],
      });
      const put = await call('PUT', `/alerts/${crypto.randomUUID()}`, premium, { targetPrice });
      expect(put.json(), String(targetPrice)).toMatchObject({ code: 'ALERT_TARGET_TOO_HIGH' });
    }
  });

  it('takes the code from the field whose message it shows: the first one of the form', async () => {
    const empty = await call('POST', '/alerts', premium, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Geçerli bir ürün seçin.' });
    expect(empty.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toEqual([
      'body.product',
      'body.targetPrice',
    ]);
    const wrongType = await call('POST', '/alerts', premium, {
      product: priced[1]!.id,
      targetPrice: 5,
      triggerType: 'equal',
    });
    expect(wrongType.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Geçersiz alarm türü.',
      errors: [{ path: 'body.triggerType', message: 'Geçersiz alarm türü.' }],
    });
    const badStore = await call('POST', '/alerts', premium, { product: priced[1]!.id, targetPrice: 5, store: '' });
    expect(badStore.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Geçerli bir mağaza seçin.' });
  });

  it('creates one alert per product, shown in the list, the check and the badge count', async () => {
    const p = priced[2]!;
    const target = tl(p.lowest) - 10;
    const res = await call('POST', '/alerts', premium, { product: p.id, targetPrice: target });
    expect(res.statusCode).toBe(201);
    const alert = res.json<{ data: PriceAlert }>().data;
    expect(alert).toMatchObject({
      product: { _id: p.id },
      targetPrice: target,
      currentPrice: tl(p.lowest),
      priceAtCreation: tl(p.lowest),
      triggerType: 'below',
      store: null,
      isActive: true,
      triggered: false,
      triggeredAt: null,
    });
    const again = await call('POST', '/alerts', premium, { product: p.id, targetPrice: target - 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALERT_EXISTS' });

    const list = (await call('GET', '/alerts', premium)).json<{ data: PriceAlert[]; pagination: { total: number } }>();
    expect(list.data.map((a) => a._id)).toEqual([alert._id]);
    const check = (await call('GET', `/alerts/check/${p.id}`, premium)).json<{ data: AlertCheck }>().data;
    expect(check).toMatchObject({ hasAlert: true, alert: { _id: alert._id } });
    expect((await call('GET', `/alerts/check/${priced[3]!.id}`, premium)).json()).toMatchObject({
      data: { hasAlert: false, alert: null },
    });
    expect((await call('GET', '/alerts/count', premium)).json()).toMatchObject({ data: { active: 1 } });
  });

  it("watches one store's price when given a store", async () => {
    const p = priced[4]!;
    const res = await call('POST', '/alerts', premium, {
      product: p.id,
      store: p.storeId,
      targetPrice: tl(p.storePrice) - 1,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ data: { currentPrice: tl(p.storePrice), store: { _id: p.storeId } } });
  });
});

describe('changing', () => {
  let alert: PriceAlert;
  const p = () => priced[5]!;
  beforeAll(async () => {
    alert = (await call('POST', '/alerts', premium, { product: p().id, targetPrice: tl(p().lowest) - 20 })).json<{
      data: PriceAlert;
    }>().data;
  });

  it('is only ever visible to its owner (404 for anyone else)', async () => {
    expect((await call('GET', '/alerts', other)).json<{ data: PriceAlert[] }>().data).toEqual([]);
    expect((await call('GET', `/alerts/check/${p().id}`, other)).json()).toMatchObject({ data: { hasAlert: false } });
    for (const [method, url, payload] of [
      ['PUT', `/alerts/${alert._id}`, { targetPrice: 1 }],
      ['PATCH', `/alerts/${alert._id}/toggle`, undefined],
      ['DELETE', `/alerts/${alert._id}`, undefined],
    ] as const) {
      const res = await call(method, url, other, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'ALERT_NOT_FOUND' });
    }
    expect((await call('PUT', '/alerts/not-an-id', premium, { targetPrice: 1 })).statusCode).toBe(404);
  });

  it('edits the target with the same §5 rules', async () => {
    const bad = await call('PUT', `/alerts/${alert._id}`, premium, { targetPrice: tl(p().lowest) });
    expect(bad.json()).toMatchObject({ code: 'ALERT_TARGET_NOT_BELOW' });
    const res = await call('PUT', `/alerts/${alert._id}`, premium, { targetPrice: tl(p().lowest) - 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { targetPrice: tl(p().lowest) - 5, isActive: true } });
  });

  it('toggles off and on; switching on re-arms a triggered alert only while the price is above the target', async () => {
    const off = await call('PATCH', `/alerts/${alert._id}/toggle`, premium);
    expect(off.json()).toMatchObject({ data: { isActive: false }, message: messages.alerts.deactivated });
    const inactive = (await call('GET', '/alerts?status=inactive', premium)).json<{ data: PriceAlert[] }>().data;
    expect(inactive.map((a) => a._id)).toContain(alert._id);

    // The target was reached meanwhile: switching on would fire at once, so it is refused.
    await t.db.db.execute(
      sql`update price_alerts set target_price = ${p().lowest + 100}, triggered = true where id = ${alert._id}::uuid`,
    );
    const refused = await call('PATCH', `/alerts/${alert._id}/toggle`, premium);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'Hedef fiyat mevcut fiyattan düşük olmalıdır' });

    await t.db.db.execute(
      sql`update price_alerts set target_price = ${p().lowest - 100} where id = ${alert._id}::uuid`,
    );
    const on = await call('PATCH', `/alerts/${alert._id}/toggle`, premium);
    expect(on.json()).toMatchObject({ data: { isActive: true, triggered: false, triggeredAt: null } });
  });

  it('deletes', async () => {
    const res = await call('DELETE', `/alerts/${alert._id}`, premium);
    expect(res.json()).toMatchObject({ data: { _id: alert._id }, message: 'Fiyat alarmı kaldırıldı.' });
    expect((await call('DELETE', `/alerts/${alert._id}`, premium)).statusCode).toBe(404);
  });
});

describe('the cap of active alerts', () => {
  it(`refuses the ${MAX_ACTIVE_ALERTS + 1}th armed alert with a clear message, and re-arming past it`, async () => {
    const user = await registerPremiumUser(t);
    const fillers = sqlRows<{ id: string }>(
      await t.db.db.execute(
        sql`select id from products where is_active and id <> all (${`{${priced.map((x) => x.id).join(',')}}`}::uuid[])
             order by id limit ${MAX_ACTIVE_ALERTS}`,
      ),
    );
    await t.db.db.execute(sql`
      insert into price_alerts (user_id, product_id, target_price)
      select ${user.user._id}::uuid, id, 100 from unnest(${`{${fillers.map((f) => f.id).join(',')}}`}::uuid[]) id`);
    const p = priced[6]!;
    const res = await call('POST', '/alerts', user, { product: p.id, targetPrice: tl(p.lowest) - 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'ALERTS_LIMIT',
      message: messages.alerts.limitReached(MAX_ACTIVE_ALERTS),
    });

    // Pausing one makes room; switching it back on is then over the cap.
    const [first] = (await call('GET', '/alerts?limit=1', user)).json<{ data: PriceAlert[] }>().data;
    await call('PATCH', `/alerts/${first!._id}/toggle`, user);
    expect((await call('POST', '/alerts', user, { product: p.id, targetPrice: tl(p.lowest) - 1 })).statusCode).toBe(
      201,
    );
    const back = await call('PATCH', `/alerts/${first!._id}/toggle`, user);
    expect(back.json()).toMatchObject({ code: 'ALERTS_LIMIT' });
    expect((await call('GET', '/alerts/count', user)).json()).toMatchObject({ data: { active: MAX_ACTIVE_ALERTS } });
  });

  it('lets only one of two concurrent creations past the last free place', async () => {
    const user = await registerPremiumUser(t);
    const fillers = sqlRows<{ id: string }>(
      await t.db.db.execute(
        sql`select id from products where is_active and id <> all (${`{${priced.map((x) => x.id).join(',')}}`}::uuid[])
             order by id desc limit ${MAX_ACTIVE_ALERTS - 1}`,
      ),
    );
    await t.db.db.execute(sql`
      insert into price_alerts (user_id, product_id, target_price)
      select ${user.user._id}::uuid, id, 100 from unnest(${`{${fillers.map((f) => f.id).join(',')}}`}::uuid[]) id`);
    const [a, b] = [priced[7]!, priced[8]!];
    const codes = await Promise.all(
      [a, b].map(
        async (p) => (await call('POST', '/alerts', user, { product: p.id, targetPrice: tl(p.lowest) - 1 })).statusCode,
      ),
    );
    expect(codes.sort()).toEqual([201, 403]);
  });
});

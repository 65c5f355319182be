import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Store } from '@kiyasla/contracts/catalog';
import { sqlRows } from '../../lib/sql-rows';
import { bearer, DEMO_ACCOUNTS, loginAs } from '../../test/accounts';
import { useTestApp } from '../../test/app';
import { forgetStores } from './stores.service';

const t = useTestApp();

/** The store's count as the public list and its own page give it, read as the offers are now. */
async function offerCount(slug: string): Promise<number> {
  forgetStores();
  return keptOfferCount(slug);
}

/** The same, from whatever the list keeps. */
async function keptOfferCount(slug: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/api/stores/${slug}` });
  expect(res.statusCode).toBe(200);
  const one = (res.json() as { data: Store }).data.offerCount;
  const list = await t.app.inject({ method: 'GET', url: '/api/stores' });
  expect((list.json() as { data: Store[] }).data.find((s) => s.slug === slug)?.offerCount).toBe(one);
  return one;
}

describe('the public store list', () => {
  it('counts the offers a store sells now: not its inactive ones, nor the stale ones once it has a feed', async () => {
    const db = t.db.db;
    const [store] = sqlRows<{ id: string; slug: string; n: number }>(
      await db.execute(sql`
        select s.id, s.slug, count(o.id)::int as n from stores s join store_offers o on o.store_id = s.id and o.is_active
         where s.is_active group by s.id order by s.slug limit 1`),
    );
    const active = Number(store!.n);
    expect(await offerCount(store!.slug)).toBe(active);

    const staleIds = sqlRows<{ id: string }>(
      await db.execute(
        sql`select id from store_offers where store_id = ${store!.id}::uuid and is_active order by id limit 3`,
      ),
    ).map((r) => r.id);
    await db.execute(sql`update store_offers set last_seen_at = now() - interval '73 hours'
                          where id in (${sql.join(
                            staleIds.map((id) => sql`${id}::uuid`),
                            sql`, `,
                          )})`);
    // Kept by hand: old confirmations do not make its offers stale.
    expect(await offerCount(store!.slug)).toBe(active);

    await db.execute(sql`update stores set feed_url = 'https://magaza.example/feed.xml' where id = ${store!.id}::uuid`);
    expect(await offerCount(store!.slug)).toBe(active - 3);

    await db.execute(sql`update stores set freshness_hours = 96 where id = ${store!.id}::uuid`);
    expect(await offerCount(store!.slug)).toBe(active);
  });

  it('keeps the list 5 minutes, and a store changed in the back office shows at once', async () => {
    const [store] = sqlRows<{ id: string; slug: string }>(
      await t.db.db.execute(sql`
        select s.id, s.slug from stores s where s.is_active
           and exists (select 1 from store_offers o where o.store_id = s.id and o.is_active)
         order by s.slug limit 1`),
    );
    const before = await offerCount(store!.slug);
    await t.db.db.execute(sql`update store_offers set is_active = false where store_id = ${store!.id}::uuid`);
    // Feed-side changes reach the list within its 5 minutes, not at once.
    expect(await keptOfferCount(store!.slug)).toBe(before);

    const { token } = await loginAs(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/stores/${store!.id}`,
      headers: bearer(token),
      payload: { name: 'Yeni Adıyla Mağaza' },
    });
    expect(put.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/stores' });
    const changed = (list.json() as { data: Store[] }).data.find((s) => s.slug === store!.slug);
    expect(changed).toMatchObject({ name: 'Yeni Adıyla Mağaza', offerCount: 0 });
    expect((await t.app.inject({ method: 'GET', url: `/api/stores/${store!.id}` })).json()).toMatchObject({
      data: { name: 'Yeni Adıyla Mağaza' },
    });
  });

  it('answers a store that is not active with 404, by id and by slug', async () => {
    const [store] = sqlRows<{ id: string; slug: string }>(
      await t.db.db.execute(sql`select id, slug from stores where is_active order by slug desc limit 1`),
    );
    await t.db.db.execute(sql`update stores set is_active = false where id = ${store!.id}::uuid`);
    forgetStores();
    for (const key of [store!.id, store!.id.toUpperCase(), store!.slug]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/stores/${key}` });
      expect(res.statusCode, key).toBe(404);
      expect(res.json()).toMatchObject({ code: 'STORE_NOT_FOUND' });
    }
  });
});

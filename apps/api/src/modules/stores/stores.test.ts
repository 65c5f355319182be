import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Store } from '@kiyasla/contracts/catalog';
import { sqlRows } from '../../lib/sql-rows';
import { useTestApp } from '../../test/app';

const t = useTestApp();

async function offerCount(slug: string): Promise<number> {
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
});

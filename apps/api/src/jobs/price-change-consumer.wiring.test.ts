import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { importPrices, makeFeedStore, makeUser, pricedProducts, rows, setAlert } from '../test/price-alerts';

/**
 * The consumer runs by itself in a listening server: an import's price drop becomes the user's
 * notification at once (the import's commit wakes the consumer), with nobody calling the consumer.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 180_000);
afterAll(() => t?.close());

it('turns a committed price drop into the in-app notification within seconds', async () => {
  const db = t.db.db;
  const [p] = await pricedProducts(db, 1);
  const user = await makeUser(db);
  const store = await makeFeedStore(db);
  const target = p!.lowest - 1_000;
  const alertId = await setAlert(db, user, p!.id, target);
  const committed = Date.now();
  await importPrices(db, store, [{ productId: p!.id, price: target - 1 }]);

  let notified: { created_at: Date }[] = [];
  while (notified.length === 0 && Date.now() - committed < 10_000) {
    await new Promise((r) => setTimeout(r, 100));
    notified = await rows<{ created_at: Date }>(
      db,
      sql`select created_at from notifications where data ->> 'alertId' = ${alertId}`,
    );
  }
  expect(notified).toHaveLength(1);
  // Woken by the commit (the poll every second is only the fallback): well within the 2 s.
  expect(Date.now() - committed).toBeLessThan(5_000);
});

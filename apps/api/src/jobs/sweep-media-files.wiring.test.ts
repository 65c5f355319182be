import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createTestDatabase } from '../test/db';
import { rows } from '../test/price-alerts';

/** The sweep runs by itself in a listening server, with the retention jobs, and says what it did. */
let t: TestApp;
let info: ReturnType<typeof vi.fn>;
const id = 'ab'.repeat(32);

beforeAll(async () => {
  const db = await createTestDatabase();
  await db.db.execute(sql`
    insert into media_files (id, content_type, size, data, source_url, last_used_at)
    values (${id}, 'image/png', 1, '\\x00'::bytea, 'https://ornek.com.tr/eski.png', now() - interval '2 days')`);
  t = await createTestApp({
    db,
    beforeReady: (app) => {
      info = vi.fn();
      vi.spyOn(app.log, 'info').mockImplementation(info as never);
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await t?.db.close();
});

it('deletes a picture no row names once the server listens, and logs how many went', async () => {
  const started = Date.now();
  let left = 1;
  while (left > 0 && Date.now() - started < 10_000) {
    await new Promise((r) => setTimeout(r, 100));
    left = (await rows(t.db.db, sql`select 1 from media_files where id = ${id}`)).length;
  }
  expect(left).toBe(0);
  await vi.waitFor(() =>
    expect(info).toHaveBeenCalledWith({ swept: 1 }, 'swept kept pictures no row has named for a day'),
  );
});

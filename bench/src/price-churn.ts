/**
 * The price churn beside the mixed load (issue 16's last row): a process of its own, as the feed
 * importer is, that changes `rate` offer prices per second across the whole catalog for
 * `seconds`, the way an import batch does — in one transaction per tick: the offers' prices,
 * their `price_history` rows, then `refreshProductPriceAggregates` (the one place denormalised
 * prices change), whose NOTIFY leaves with the commit and reaches the server's LISTEN
 * (ADR 010). It does not write `price.changed` outbox events (the alert pipeline is measured by
 * its own benchmark).
 *
 *   node --import tsx bench/src/price-churn.ts <databaseUrl> <rate> <seconds>
 *
 * Prints one JSON line: changes made, ticks, the rate reached and the tick latencies.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../apps/api/src/db/client';
import * as schema from '../../apps/api/src/db/schema/index';
import { refreshProductPriceAggregates } from '../../apps/api/src/db/product-price-aggregates';

export interface ChurnResult {
  changes: number;
  ticks: number;
  seconds: number;
  /** Offer prices changed per second, as reached. */
  rate: number;
  tickP50: number;
  tickP95: number;
  tickMax: number;
  errors: number;
  firstError?: string;
}

/**
 * Two lanes, each a connection committing 5 transactions per second of rate/10 offers: one lane
 * alone falls behind when a transaction takes more than 100 ms (on a loaded machine). The lanes
 * change disjoint products (split by product id), so their transactions never wait for each
 * other's rows.
 */
const LANES = 2;
const TICKS_PER_SECOND = 5;

interface Offer {
  id: string;
  product_id: string;
  store_id: string;
  price: number;
}

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function main() {
  const [databaseUrl, rateArg, secondsArg] = process.argv.slice(2);
  if (!databaseUrl || !rateArg || !secondsArg) throw new Error('usage: price-churn <databaseUrl> <rate> <seconds>');
  const rate = Number(rateArg);
  const seconds = Number(secondsArg);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: LANES + 1 });
  const db = drizzle({ client: pool, schema }) as unknown as Database;
  // A uniform sample of the active offers (about 100,000), so the changes spread over the catalog.
  const total = Number(
    (await pool.query<{ n: string }>(`select reltuples::bigint as n from pg_class where relname = 'store_offers'`))
      .rows[0]?.n ?? 0,
  );
  const percent = Math.min(100, Math.max(0.01, (100_000 / Math.max(1, total)) * 100));
  const offers = (
    await pool.query<Offer>(
      `select id, product_id, store_id, price from store_offers tablesample system (${percent.toFixed(4)})
        where is_active`,
    )
  ).rows;
  if (offers.length === 0) throw new Error('no active offers to change');
  const perTick = Math.max(1, Math.round(rate / LANES / TICKS_PER_SECOND));
  const tickMs = 1000 / TICKS_PER_SECOND;
  const latencies: number[] = [];
  let changes = 0;
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const end = started + seconds * 1000;
  let ticks = 0;
  const runLane = async (lane: number) => {
    const mine = offers.filter((o) => parseInt(o.product_id.slice(-1), 16) % LANES === lane);
    if (mine.length === 0) return;
    const random = mulberry32(16 + lane);
    let tick = 0;
    while (performance.now() < end) {
      const due = started + tick * tickMs;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      tick += 1;
      ticks += 1;
      // Distinct offers per tick (one row is updated once per transaction).
      const picked = new Map<string, Offer>();
      while (picked.size < Math.min(perTick, mine.length)) {
        const o = mine[Math.floor(random() * mine.length)]!;
        picked.set(o.id, o);
      }
      const rows = [...picked.values()].map((o) => {
        // ±10 %, never the same price, never below 1 TL.
        const factor = 0.9 + random() * 0.2;
        let price = Math.max(100, Math.round(o.price * factor));
        if (price === o.price) price += 1;
        o.price = price;
        return { id: o.id, product_id: o.product_id, store_id: o.store_id, price };
      });
      const t0 = performance.now();
      try {
        await db.transaction(async (tx) => {
          const json = JSON.stringify(rows);
          await tx.execute(sql`
            update store_offers o set price = x.price, updated_at = now()
              from json_to_recordset(${json}::json) as x(id uuid, price int)
             where o.id = x.id`);
          await tx.execute(sql`
            insert into price_history (offer_id, product_id, store_id, price, availability)
            select x.id, x.product_id, x.store_id, x.price, o.availability
              from json_to_recordset(${json}::json) as x(id uuid, product_id uuid, store_id uuid, price int)
              join store_offers o on o.id = x.id`);
          await refreshProductPriceAggregates(tx, [...new Set(rows.map((r) => r.product_id))].sort());
        });
        changes += rows.length;
      } catch (err) {
        errors += 1;
        firstError ??= err instanceof Error ? err.message.slice(0, 300) : String(err);
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: LANES }, (_, lane) => runLane(lane)));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? 0;
  await pool.end();
  const result: ChurnResult = {
    changes,
    ticks,
    seconds: elapsed,
    rate: changes / elapsed,
    tickP50: pct(50),
    tickP95: pct(95),
    tickMax: latencies.at(-1) ?? 0,
    errors,
    ...(firstError ? { firstError } : {}),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});

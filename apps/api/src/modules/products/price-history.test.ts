import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { PRICE_HISTORY_RANGES, type PriceHistory, type PriceHistoryRange } from '@kiyasla/contracts/catalog';
import { messages } from '@kiyasla/contracts/messages';
import { kurusToTry } from '@kiyasla/contracts/money';
import type { Database, Transaction } from '../../db/client';
import { priceHistory } from '../../db/schema/price-history';
import { createRng, type Rng } from '../../db/seed/prng';
import { notFound } from '../../lib/errors';
import { readCacheFigures } from '../../lib/public-read-cache';
import { sqlRows } from '../../lib/sql-rows';
import { useTestApp } from '../../test/app';
import { recordOfferPrice } from '../../test/offer-prices';
import { findOffersWithStores } from './product-detail.repo';
import { getPriceHistory } from './products.service';

// ---------------------------------------------------------------------------------------------
// The oracle: the price-history answer as it was computed before it read only the range. Every
// history row of the product, the offers filtered in JS, the chart over the whole history: the
// old price-series.ts and getPriceHistory, with one change. The first day was
// `Math.min(...changes.map(...))`, which overflows the call stack beyond ~120,000 rows; it is a
// loop here, so that the oracle can answer for the large histories too.
// ---------------------------------------------------------------------------------------------

const TR_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const RANGE_DAYS = { '1m': 30, '3m': 90, '6m': 180, '1y': 365 } as const;

interface OldChange {
  offerId: string;
  price: number;
  availability?: string;
  recordedAt: Date;
}

const oldDayIndex = (at: Date) => Math.floor((at.getTime() + TR_OFFSET_MS) / DAY_MS);
/** When a (Turkish) day starts: for the tests' own dates. */
const dayStart = (day: number) => new Date(day * DAY_MS - TR_OFFSET_MS);
const oldDayLabel = (index: number) => new Date(index * DAY_MS).toISOString().slice(0, 10);

function oldDailyPricesByOffer(
  changes: OldChange[],
  firstDay: number,
  lastDay: number,
  endedAt: ReadonlyMap<string, Date>,
): Map<string, (number | null)[]> {
  const byOffer = new Map<string, OldChange[]>();
  for (const c of changes) {
    const list = byOffer.get(c.offerId);
    if (list) list.push(c);
    else byOffer.set(c.offerId, [c]);
  }
  const result = new Map<string, (number | null)[]>();
  for (const [offerId, list] of byOffer) {
    list.sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime());
    const ended = endedAt.get(offerId);
    const endDay = ended ? oldDayIndex(ended) : Infinity;
    const days: (number | null)[] = [];
    let i = 0;
    let current: number | null = null;
    for (let d = firstDay; d <= lastDay; d++) {
      while (i < list.length && oldDayIndex(list[i]!.recordedAt) <= d) {
        const change = list[i++]!;
        current = change.availability === 'out-of-stock' ? null : change.price;
      }
      days.push(d >= endDay ? null : current);
    }
    result.set(offerId, days);
  }
  return result;
}

function oldLowestPerDay(perOffer: (number | null)[][], length: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let d = 0; d < length; d++) {
    let low: number | null = null;
    for (const series of perOffer) {
      const p = series[d];
      if (p !== null && p !== undefined && (low === null || p < low)) low = p;
    }
    out.push(low);
  }
  return out;
}

function oldBuildPriceSeries(
  changes: OldChange[],
  range: PriceHistoryRange,
  now: Date,
  endedAt: ReadonlyMap<string, Date>,
) {
  const empty = {
    points: [] as { date: string; price: number }[],
    perOffer: new Map<string, { date: string; price: number }[]>(),
    stats: { min: null as number | null, max: null as number | null, avg: null as number | null, current: null },
    lowestInDays: null as number | null,
    historyDays: 0,
  };
  if (changes.length === 0) return empty;
  const today = oldDayIndex(now);
  let firstChangeDay = Infinity; // was Math.min(...changes.map((c) => dayIndex(c.recordedAt)))
  for (const c of changes) firstChangeDay = Math.min(firstChangeDay, oldDayIndex(c.recordedAt));
  const historyStart = Math.min(firstChangeDay, today);
  const daily = oldDailyPricesByOffer(changes, historyStart, today, endedAt);
  const length = today - historyStart + 1;
  const lowest = oldLowestPerDay([...daily.values()], length);
  const rangeStart = range === 'all' ? historyStart : Math.max(historyStart, today - RANGE_DAYS[range] + 1);
  const offset = rangeStart - historyStart;
  const toPoints = (series: (number | null)[]) => {
    const points: { date: string; price: number }[] = [];
    for (let i = offset; i < series.length; i++) {
      const p = series[i];
      if (p !== null && p !== undefined) points.push({ date: oldDayLabel(historyStart + i), price: p });
    }
    return points;
  };
  const points = toPoints(lowest);
  const prices = points.map((p) => p.price);
  const current = lowest[lowest.length - 1] ?? null;
  let lowestInDays: number | null = null;
  if (current !== null) {
    lowestInDays = 0;
    for (let i = lowest.length - 1; i >= 0; i--) {
      const p = lowest[i];
      if (p !== null && p !== undefined && p < current) break;
      lowestInDays++;
    }
  }
  const perOffer = new Map<string, { date: string; price: number }[]>();
  for (const [offerId, series] of daily) perOffer.set(offerId, toPoints(series));
  return {
    points,
    perOffer,
    stats: {
      min: prices.length ? Math.min(...prices) : null,
      max: prices.length ? Math.max(...prices) : null,
      avg: prices.length ? Math.round(prices.reduce((s, p) => s + p, 0) / prices.length) : null,
      current,
    },
    lowestInDays,
    historyDays: length,
  };
}

/** The old getPriceHistory (the product is known to be listed), and how far "lowest in N days" reached. */
async function oldPriceHistory(
  db: Database,
  productId: string,
  range: PriceHistoryRange,
  storeSlug: string | undefined,
  perStore: boolean,
  now: Date,
): Promise<{ history: PriceHistory; reach: 'range' | 'before' | 'start' | null }> {
  const [changes, offers] = await Promise.all([
    db
      .select({
        offerId: priceHistory.offerId,
        price: priceHistory.price,
        availability: priceHistory.availability,
        recordedAt: priceHistory.recordedAt,
      })
      .from(priceHistory)
      .where(eq(priceHistory.productId, productId))
      .orderBy(asc(priceHistory.recordedAt), asc(priceHistory.id)),
    findOffersWithStores(db, productId),
  ]);
  const active = offers.filter((o) => o.isActive);
  const chosen = storeSlug ? active.filter((o) => o.storeSlug === storeSlug) : active;
  if (storeSlug && chosen.length === 0) throw notFound('STORE_NOT_FOUND', messages.catalog.storeNotFound);
  const offerIds = new Set(chosen.map((o) => o.id));
  const endedAt = new Map(
    chosen
      .filter((o) => o.stale)
      .map((o) => [o.id, new Date(o.confirmedAt.getTime() + o.storeFreshnessHours * 3_600_000)]),
  );
  const series = oldBuildPriceSeries(
    changes.filter((c) => offerIds.has(c.offerId)),
    range,
    now,
    endedAt,
  );
  const toTry = (points: { date: string; price: number }[]) =>
    points.map((p) => ({ date: p.date, price: kurusToTry(p.price) }));
  const money = (v: number | null) => (v === null ? null : kurusToTry(v));
  const history: PriceHistory = {
    range,
    store: storeSlug ?? null,
    points: toTry(series.points),
    ...(perStore
      ? {
          stores: chosen.map((o) => ({
            _id: o.storeId,
            name: o.storeName,
            slug: o.storeSlug,
            points: toTry(series.perOffer.get(o.id) ?? []),
          })),
        }
      : {}),
    stats: {
      min: money(series.stats.min),
      max: money(series.stats.max),
      avg: money(series.stats.avg),
      current: money(series.stats.current),
    },
    lowestInDays: series.lowestInDays,
  };
  // Whether "lowest in N days" was decided by the range's days, or reached back before the range
  // (to a lower day, or to the first day of the history).
  const days = series.lowestInDays;
  const reach =
    days === null
      ? null
      : range === 'all' || days <= RANGE_DAYS[range]
        ? 'range'
        : days === series.historyDays
          ? 'start'
          : 'before';
  return { history, reach };
}

// ---------------------------------------------------------------------------------------------

const t = useTestApp();
let db: Database;
let stores: { id: string; slug: string }[];
/** Listed products whose offers and history the tests below replace. */
let products: string[];

/** Both answers, or the error code each gave. */
async function answer<T>(run: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await run();
  } catch (error) {
    return { error: (error as { code?: string }).code ?? String(error) };
  }
}

/** An instant as ISO text to the microsecond (a JS Date stops at the millisecond). */
function isoMicros(epochMicros: number): string {
  const ms = Math.floor(epochMicros / 1000);
  const micros = epochMicros - ms * 1000;
  return `${new Date(ms).toISOString().slice(0, -1)}${String(micros).padStart(3, '0')}Z`;
}

interface TestOffer {
  id: string;
  storeId: string;
  storeSlug: string;
  active: boolean;
}

async function replaceOffers(
  productId: string,
  specs: { store: { id: string; slug: string }; active: boolean; seenAt: Date }[],
): Promise<TestOffer[]> {
  await db.execute(sql`delete from store_offers where product_id = ${productId}::uuid`);
  const offers: TestOffer[] = [];
  for (const { store, active, seenAt } of specs) {
    const [row] = sqlRows<{ id: string }>(
      await db.execute(sql`
        insert into store_offers (product_id, store_id, price, product_url, is_active, last_seen_at)
        values (${productId}::uuid, ${store.id}::uuid, 100000, 'https://magaza.example/urun', ${active},
                ${seenAt.toISOString()}::timestamptz)
        returning id`),
    );
    offers.push({ id: row!.id, storeId: store.id, storeSlug: store.slug, active });
  }
  return offers;
}

interface HistoryInsert {
  offer_id: string;
  store_id: string;
  price: number;
  availability: string;
  recorded_at: string;
}

async function insertHistory(productId: string, rows: HistoryInsert[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 5_000) {
    await db.execute(sql`
      insert into price_history (offer_id, product_id, store_id, price, availability, recorded_at)
      select x.offer_id, ${productId}::uuid, x.store_id, x.price, x.availability, x.recorded_at
        from json_to_recordset(${JSON.stringify(rows.slice(i, i + 5_000))}::json)
          as x(offer_id uuid, store_id uuid, price int, availability availability, recorded_at timestamptz)`);
  }
}

const PATTERNS = ['none', 'sparse', 'old', 'recent', 'mixed', 'mixed', 'dense'] as const;
const PRICES = [90_000, 95_000, 100_000, 100_000, 105_000, 110_000, 120_000];
const AVAILABILITIES = [
  'in-stock',
  'in-stock',
  'in-stock',
  'in-stock',
  'limited',
  'out-of-stock',
  'out-of-stock',
  'pre-order',
  'discontinued',
];

/** A random history for one offer: days back from now by pattern, some at Turkish midnight, some tied. */
function randomHistory(rng: Rng, offer: TestOffer, now: Date): HistoryInsert[] {
  const pattern = rng.pick(PATTERNS);
  // How many changes, and how many days back each one falls.
  const shapes: Record<(typeof PATTERNS)[number], [number, number, number]> = {
    none: [0, 0, 0],
    sparse: [rng.int(1, 2), 700, 0],
    old: [rng.int(1, 15), 700, 200],
    recent: [rng.int(1, 15), 40, 0],
    mixed: [rng.int(1, 30), 500, 0],
    dense: [rng.int(30, 90), 120, 0],
  };
  const [count, oldest, newest] = shapes[pattern];
  const rows: HistoryInsert[] = [];
  let last: string | undefined;
  for (let i = 0; i < count; i++) {
    let at: string;
    if (last && rng.chance(0.1))
      at = last; // two changes recorded at the same instant
    else if (rng.chance(0.02))
      at = isoMicros((now.getTime() + rng.int(1, 5 * 3600) * 1000) * 1000); // ahead of now
    else {
      const day = oldDayIndex(now) - rng.int(newest, oldest);
      // Around the start of a Turkish day (21:00 UTC), to the microsecond, or anywhere in the day.
      const startMicros = dayStart(day).getTime() * 1000;
      const offset = rng.chance(0.25)
        ? rng.pick([-1_000_000, -1_000, -1, 0, 1, 1_000, 1_000_000])
        : rng.int(0, DAY_MS - 1) * 1000 + rng.int(0, 999);
      const micros = Math.min(startMicros + offset, now.getTime() * 1000);
      at = isoMicros(micros);
    }
    last = at;
    rows.push({
      offer_id: offer.id,
      store_id: offer.storeId,
      price: rng.pick(PRICES),
      availability: rng.pick(AVAILABILITIES),
      recorded_at: at,
    });
  }
  return rows;
}

beforeAll(async () => {
  db = t.db.db;
  stores = sqlRows<{ id: string; slug: string }>(
    await db.execute(sql`select id, slug from stores where is_active order by slug limit 10`),
  );
  // Half of them feed-fed with a 72-hour window: their offers turn stale (and their lines end).
  await db.execute(sql`
    update stores set feed_url = 'https://magaza.example/feed.json', freshness_hours = 72
     where id in (${sql.join(
       stores.slice(0, 5).map((s) => sql`${s.id}::uuid`),
       sql`, `,
     )})`);
  products = sqlRows<{ id: string }>(
    await db.execute(sql`
      select p.id from products p join product_prices pp on pp.product_id = p.id
       where p.is_active order by p.id limit 5`),
  ).map((r) => r.id);
});

describe('price history read by range', () => {
  it('answers byte for byte as the whole history did, for random histories, ranges, stores and per-store lines', async () => {
    const seed = 'price-history-ranges';
    const TRIALS = 100;
    const rng = createRng(seed);
    const productId = products[0]!;
    const reach = { range: 0, before: 0, start: 0, none: 0 };
    let compared = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      const now = new Date();
      const specs = rng.sample(stores, rng.int(0, 6)).map((store) => ({
        store,
        active: rng.chance(0.75),
        // Confirmed hours ago (stale after 72 at the feed-fed stores), or up to 500 days ago: a
        // line that ended inside the range or long before it. Whole hours and a half: never within
        // a minute of the window's end.
        seenAt: new Date(
          now.getTime() - (rng.chance(0.5) ? rng.int(0, 200) : rng.int(0, 500) * 24) * 3_600_000 - 1_800_000,
        ),
      }));
      const offers = await replaceOffers(productId, specs);
      await insertHistory(
        productId,
        offers.flatMap((o) => randomHistory(rng, o, now)),
      );
      const storeChoices = [undefined, rng.pick([...offers.map((o) => o.storeSlug), 'yok-boyle-magaza'])];
      for (const range of PRICE_HISTORY_RANGES) {
        for (const store of storeChoices) {
          const perStore = rng.chance(0.5);
          const context = `${seed} trial ${trial}: range=${range} store=${store} perStore=${perStore}`;
          const expected = await answer(() => oldPriceHistory(db, productId, range, store, perStore, now));
          const actual = await answer(() => getPriceHistory(db, productId, range, store, perStore, now));
          const expectedHistory = 'error' in expected ? expected : expected.history;
          expect(JSON.stringify(actual), context).toBe(JSON.stringify(expectedHistory));
          if (!('error' in expected)) reach[expected.reach ?? 'none']++;
          compared++;
        }
      }
    }
    // The cases the range alone cannot answer were met, both kinds: a lower day found before the
    // range, and none in the whole history.
    expect(compared).toBe(TRIALS * PRICE_HISTORY_RANGES.length * 2);
    expect(reach.before).toBeGreaterThanOrEqual(20);
    expect(reach.start).toBeGreaterThanOrEqual(20);
    expect(reach.range).toBeGreaterThanOrEqual(20);
    expect(reach.none).toBeGreaterThanOrEqual(20);
  });

  it('finds the last lower day before the range as the whole history does', async () => {
    const productId = products[1]!;
    const now = new Date();
    const today = oldDayIndex(now);
    // A store-0 offer (feed-fed, 72 hours) last confirmed `seenDaysAgo` days ago ended three days
    // later. Prices in kuruş; today's lowest is 100,000 (the fresh offer) and "lowest in N days"
    // of a month's range (whose first step back spans 90 days before it, from 119 days ago) is
    // decided by the days before the range.
    const endedDaysAgo = (seenDaysAgo: number) =>
      today - oldDayIndex(new Date(now.getTime() - seenDaysAgo * DAY_MS - 1_800_000 + 72 * 3_600_000)) + 1; // the last day it counted
    const cases: {
      name: string;
      seenDaysAgo: number;
      stale: [number, number][];
      fresh: [number, number][];
      lowerDaysAgo: number;
    }[] = [
      {
        name: 'a stale offer lower within the first step, until its line ended',
        seenDaysAgo: 60,
        stale: [
          [400, 120_000],
          [100, 80_000],
        ],
        fresh: [[300, 100_000]],
        lowerDaysAgo: endedDaysAgo(60),
      },
      {
        name: 'a stale offer lower before the first step, carried into it until its line ended',
        seenDaysAgo: 60,
        stale: [
          [400, 120_000],
          [130, 80_000],
        ],
        fresh: [[300, 100_000]],
        lowerDaysAgo: endedDaysAgo(60),
      },
      {
        name: 'a lower price carried into the step outlasts one found in it',
        seenDaysAgo: 0,
        stale: [
          [120, 90_000],
          [50, 110_000],
        ],
        fresh: [
          [300, 100_000],
          [100, 95_000],
          [99, 100_000],
        ],
        lowerDaysAgo: 51,
      },
      {
        name: 'a lower price carried into the step until a change on its first day',
        seenDaysAgo: 0,
        stale: [
          [200, 90_000],
          [119, 110_000],
        ],
        fresh: [[300, 100_000]],
        lowerDaysAgo: 120,
      },
      {
        name: 'a lower day found by the first step, but an earlier change of another offer may outlast it',
        seenDaysAgo: 200,
        stale: [[250, 80_000]],
        fresh: [
          [300, 90_000],
          [130, 100_000],
        ],
        lowerDaysAgo: 131,
      },
    ];
    for (const c of cases) {
      const [stale, fresh] = await replaceOffers(productId, [
        { store: stores[0]!, active: true, seenAt: new Date(now.getTime() - c.seenDaysAgo * DAY_MS - 1_800_000) },
        { store: stores[5]!, active: true, seenAt: now },
      ]);
      const at = (daysAgo: number) => new Date(dayStart(today - daysAgo).getTime() + 9 * 3_600_000).toISOString();
      const rows = (offer: TestOffer, changes: [number, number][]) =>
        changes.map(([daysAgo, price]) => ({
          offer_id: offer.id,
          store_id: offer.storeId,
          price,
          availability: 'in-stock',
          recorded_at: at(daysAgo),
        }));
      await insertHistory(productId, [...rows(stale!, c.stale), ...rows(fresh!, c.fresh)]);
      const history = await getPriceHistory(db, productId, '1m', undefined, false, now);
      const old = await oldPriceHistory(db, productId, '1m', undefined, false, now);
      expect(JSON.stringify(history), c.name).toBe(JSON.stringify(old.history));
      expect(history.stats.current, c.name).toBe(1_000);
      expect(history.lowestInDays, c.name).toBe(c.lowerDaysAgo);
    }
  });

  it('reads the chosen offers’ rows of the range (and the row before it), not the whole history of every offer', async () => {
    const productId = products[1]!;
    const now = new Date();
    const offers = await replaceOffers(
      productId,
      stores.slice(2, 8).map((store, i) => ({ store, active: i < 4, seenAt: now })),
    );
    // Two years of two changes a day for each offer, the inactive ones too; the lowest price
    // of the month was lower than today's, so the month decides "lowest in N days".
    const today = oldDayIndex(now);
    const rows: HistoryInsert[] = [];
    offers.forEach((offer, i) => {
      for (let day = today - 730; day < today; day++) {
        for (const hour of [6, 14]) {
          rows.push({
            offer_id: offer.id,
            store_id: offer.storeId,
            price: 100_000 + ((day + i) % 10) * 1_000,
            availability: 'in-stock',
            recorded_at: new Date(dayStart(day).getTime() + hour * 3_600_000).toISOString(),
          });
        }
      }
      rows.push({
        offer_id: offer.id,
        store_id: offer.storeId,
        price: 150_000,
        availability: 'in-stock',
        recorded_at: dayStart(today).toISOString(),
      });
    });
    await insertHistory(productId, rows);
    await db.execute(sql`analyze price_history`);
    const from = dayStart(today - 29);
    const active = offers.filter((o) => o.active);
    const [needed] = sqlRows<{ n: number }>(
      await db.execute(sql`
        select count(*)::int as n from price_history
         where offer_id in (${sql.join(
           active.map((o) => sql`${o.id}::uuid`),
           sql`, `,
         )}) and recorded_at >= ${from.toISOString()}::timestamptz`),
    );

    // The rows of price_history that `run` reads, by any scan: on one connection (a transaction),
    // the difference of its counts not yet sent to the statistics (they add up across transactions
    // until they are sent, at most once a second).
    const readWhile = async <T>(run: (tx: Transaction) => Promise<T>): Promise<{ value: T; read: number }> =>
      db.transaction(async (tx) => {
        const count = async () => {
          const [row] = sqlRows<{ n: string | number }>(
            await tx.execute(sql`
              select coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) as n
                from pg_stat_xact_user_tables where relname = 'price_history'`),
          );
          return Number(row!.n);
        };
        const before = await count();
        const value = await run(tx);
        return { value, read: (await count()) - before };
      });

    const month = await readWhile((tx) => getPriceHistory(tx, productId, '1m', undefined, false, now));
    const expected = await oldPriceHistory(db, productId, '1m', undefined, false, now);
    expect(JSON.stringify(month.value)).toBe(JSON.stringify(expected.history));
    expect(expected.reach).toBe('range');
    // What the month needs: its rows of the four active offers, and one row before it for each
    // (finding it may look at one more row). idx_tup_fetch counts a row that a bitmap scan reads
    // twice (the index's count and the table's), hence the factor 2. The whole history of the
    // six offers is 8,766 rows.
    const all = 6 * (730 * 2 + 1);
    expect(needed!.n).toBe(4 * (29 * 2 + 1));
    expect(month.read).toBeGreaterThanOrEqual(needed!.n + active.length);
    expect(month.read).toBeLessThanOrEqual(2 * (needed!.n + 2 * active.length));
    expect(month.read).toBeLessThan(all / 10);

    const oneStore = await readWhile((tx) => getPriceHistory(tx, productId, '1m', active[0]!.storeSlug, true, now));
    expect(oneStore.read).toBeGreaterThanOrEqual(29 * 2 + 1 + 1);
    expect(oneStore.read).toBeLessThanOrEqual(2 * (29 * 2 + 1 + 2));

    // Today's price is now the lowest of three months; one offer was lower for a day 40 days
    // before them. "Lowest in N days" reads back to that day, not the two years of history: the
    // first step of the walk back spans 90 days before the range.
    const first = today - 89;
    await db.execute(sql`
      update price_history set price = 99000
       where product_id = ${productId}::uuid and recorded_at >= ${dayStart(today).toISOString()}::timestamptz`);
    await db.execute(sql`
      update price_history set price = 98000
       where offer_id = ${active[0]!.id}::uuid
         and recorded_at >= ${dayStart(first - 40).toISOString()}::timestamptz
         and recorded_at < ${dayStart(first - 39).toISOString()}::timestamptz`);
    const quarter = await readWhile((tx) => getPriceHistory(tx, productId, '3m', undefined, false, now));
    const old = await oldPriceHistory(db, productId, '3m', undefined, false, now);
    expect(JSON.stringify(quarter.value)).toBe(JSON.stringify(old.history));
    expect(old.reach).toBe('before');
    expect(quarter.value.lowestInDays).toBe(today - (first - 40));
    const quarterRows = 4 * (89 * 2 + 1);
    const stepRows = 4 * 90 * 2;
    expect(quarter.read).toBeLessThanOrEqual(2 * (quarterRows + stepRows + 6 * active.length));
    expect(quarter.read).toBeLessThan(all / 4);
  });

  it('answers for a product with 200,000 history rows (before: a RangeError, 500)', async () => {
    const productId = products[2]!;
    const now = new Date();
    const offers = await replaceOffers(
      productId,
      stores.slice(2, 10).map((store) => ({ store, active: true, seenAt: now })),
    );
    // Three years of changes, spread over the offers; then made the lowest of all time, so that
    // "lowest in N days" reads back to the first day.
    await db.execute(sql`
      insert into price_history (offer_id, product_id, store_id, price, availability, recorded_at)
      select (${`{${offers.map((o) => o.id).join(',')}}`}::uuid[])[1 + g % ${offers.length}], ${productId}::uuid,
             (${`{${offers.map((o) => o.storeId).join(',')}}`}::uuid[])[1 + g % ${offers.length}],
             100000 + (g * 7919) % 9973, 'in-stock', now() - make_interval(secs => g * 473.04)
        from generate_series(1, 200000) as g`);
    await insertHistory(productId, [
      {
        offer_id: offers[0]!.id,
        store_id: offers[0]!.storeId,
        price: 50_000,
        availability: 'in-stock',
        recorded_at: now.toISOString(),
      },
    ]);
    const cache = () => readCacheFigures().find((f) => f.name === 'product_price_history')!;
    for (const range of ['all', '3m'] as const) {
      const url = `/api/products/${productId}/price-history?range=${range}`;
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const expected = await oldPriceHistory(db, productId, range, undefined, false, new Date());
      expect(res.body).toBe(JSON.stringify({ success: true, data: expected.history }));
      // Three months of points, and "lowest in N days" read back to the first day, three years ago.
      if (range === '3m') expect(expected.reach).toBe('start');
      // Three years of daily points (~44 KB) are answered afresh; three months are kept.
      const before = cache();
      const again = await t.app.inject({ method: 'GET', url });
      expect(again.body).toBe(res.body);
      const after = cache();
      expect([after.hits - before.hits, after.misses - before.misses]).toEqual(range === 'all' ? [0, 1] : [1, 0]);
    }
  });
});

describe('price history cache', () => {
  it('keeps an answer until a price of its product changes, and shows the change at once', async () => {
    const [productId, otherId] = [products[3]!, products[4]!];
    const now = new Date();
    // Written without an announcement: on PostgreSQL one comes back from the database shortly
    // after its commit, and would drop the entry this test reads next.
    const [offer] = await replaceOffers(productId, [{ store: stores[4]!, active: true, seenAt: now }]);
    await replaceOffers(otherId, [{ store: stores[4]!, active: true, seenAt: now }]);
    await insertHistory(productId, [
      {
        offer_id: offer!.id,
        store_id: offer!.storeId,
        price: 200_000,
        availability: 'in-stock',
        recorded_at: new Date(now.getTime() - DAY_MS).toISOString(),
      },
    ]);
    const url = `/api/products/${productId}/price-history?range=1m&perStore=true`;
    const read = async () => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: PriceHistory }).data;
    };
    expect((await read()).stats.current).toBe(2_000);

    // Behind the caches' back: the cached answer stays, and another product's change keeps it.
    await db.execute(sql`update price_history set price = 190000 where offer_id = ${offer!.id}::uuid`);
    await recordOfferPrice(db, { product: otherId, store: stores[4]!.id, price: 10_000 });
    expect((await read()).stats.current).toBe(2_000);

    // A change of its own prices (through the writers' path) shows at once.
    await recordOfferPrice(db, { product: productId, store: offer!.storeId, price: 180_000 });
    const after = await read();
    expect(after.stats.current).toBe(1_800);
    expect(after.stores![0]!.points.at(-1)!.price).toBe(1_800);
  });
});

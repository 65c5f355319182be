/**
 * Writes the sample feeds of the README's "try it" section (feeds/*.json, feeds/*.csv) from the
 * demo catalog: `npx tsx apps/api/src/modules/feeds/cli/make-sample-feeds.ts`. The demo seed is
 * deterministic, so the SKUs, products and prices here are those of every fresh installation;
 * sample-feeds.test.ts checks that they still are.
 *
 * Each sample lists every offer of its store (so importing it confirms them all and the store's
 * prices stay fresh), with about one offer in five cheaper — most of them below the product's
 * current lowest price, so the product page shows a new lowest price and a new point on the
 * chart — and one sold out.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { kurusToTry } from '@kiyasla/contracts/money';
import { openDatabase } from '../../../db/client';
import { runMigrations } from '../../../db/migrate';
import { seedDatabase } from '../../../db/seed';
import { repoRoot } from '../../../lib/paths';
import { sqlRows } from '../../../lib/sql-rows';

/** The two demo stores with a sample feed, and the format of each. */
export const SAMPLE_FEEDS = [
  { store: 'teknopazar', file: 'teknopazar.json' },
  { store: 'hizli-magaza', file: 'hizli-magaza.csv' },
] as const;

export const SAMPLE_FEED_DIR = path.join(repoRoot(), 'feeds');

interface OfferRow {
  sku: string;
  product_id: string;
  gtin: string | null;
  brand: string;
  model: string | null;
  name: string;
  price: number;
  original_price: number | null;
  availability: string;
  url: string;
  shipping_free: boolean;
  shipping_cost: number;
  shipping_days: number | null;
  lowest: number;
}

/** Turkish spreadsheet number: 1.299,90 */
const trNumber = (kurus: number) =>
  kurusToTry(kurus).toLocaleString('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });

function csvCell(value: string): string {
  return /[;"\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Every fifth offer gets cheaper: 4 % under the product's lowest price, at least 1 TRY less. */
function newPrice(offer: OfferRow, index: number): number {
  if (index % 5 !== 0) return offer.price;
  const target = Math.min(offer.price - 100, Math.round((offer.lowest * 0.96) / 100) * 100);
  return Math.max(100, Math.max(target, Math.ceil(offer.price / 5)));
}

async function main() {
  const handle = await openDatabase({ memory: true });
  await runMigrations(handle);
  await seedDatabase(handle, { demo: true, log: () => undefined });
  mkdirSync(SAMPLE_FEED_DIR, { recursive: true });
  for (const sample of SAMPLE_FEEDS) {
    const offers = sqlRows<OfferRow>(
      await handle.db.execute(sql`
        select o.external_id as sku, o.product_id, p.gtin, p.brand, p.model, p.name, o.price, o.original_price,
               o.availability::text as availability, o.product_url as url, o.shipping_free, o.shipping_cost,
               o.shipping_days, pp.min_price as lowest
          from store_offers o
          join stores s on s.id = o.store_id
          join products p on p.id = o.product_id
          join product_prices pp on pp.product_id = p.id
         where s.slug = ${sample.store} and o.is_active
         order by o.external_id`),
    );
    const items = offers.map((offer, i) => ({
      ...offer,
      price: newPrice(offer, i),
      availability: i === 3 ? 'out-of-stock' : offer.availability,
    }));
    const file = path.join(SAMPLE_FEED_DIR, sample.file);
    if (sample.file.endsWith('.json')) {
      const feed = {
        mode: 'full',
        items: items.map((o) => ({
          sku: o.sku,
          gtin: o.gtin ?? undefined,
          brand: o.brand,
          model: o.model ?? undefined,
          title: o.name,
          price: kurusToTry(o.price),
          ...(o.original_price && o.original_price > o.price ? { originalPrice: kurusToTry(o.original_price) } : {}),
          availability: o.availability,
          url: o.url,
          shipping: o.shipping_free
            ? { free: true, ...(o.shipping_days ? { estimatedDays: o.shipping_days } : {}) }
            : {
                free: false,
                cost: kurusToTry(o.shipping_cost),
                ...(o.shipping_days ? { estimatedDays: o.shipping_days } : {}),
              },
        })),
      };
      writeFileSync(file, `${JSON.stringify(feed, null, 2)}\n`);
    } else {
      // What a Turkish spreadsheet exports: semicolons, decimal commas, a byte-order mark.
      const header =
        'sku;gtin;brand;model;title;price;originalPrice;availability;url;shipping_free;shipping_cost;shipping_days';
      const lines = items.map((o) =>
        [
          o.sku,
          o.gtin ?? '',
          o.brand,
          o.model ?? '',
          o.name,
          trNumber(o.price),
          o.original_price && o.original_price > o.price ? trNumber(o.original_price) : '',
          o.availability,
          o.url,
          o.shipping_free ? 'true' : 'false',
          o.shipping_free ? '' : trNumber(o.shipping_cost),
          o.shipping_days ? String(o.shipping_days) : '',
        ]
          .map(csvCell)
          .join(';'),
      );
      writeFileSync(file, `\uFEFF${[header, ...lines].join('\n')}\n`);
    }
    const cheaper = items.filter((o, i) => o.price !== offers[i]!.price).length;
    console.log(`${path.relative(repoRoot(), file)}: ${items.length} teklif, ${cheaper} tanesi daha ucuz`);
  }
  await handle.close();
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement the API runs on a cache miss for the
 * benchmark's scenarios, against a catalog the suite generated:
 *
 *   DATABASE_URL=postgres://… npx tsx bench/src/explain.ts [out.txt]
 *   DATABASE_URL=postgres://… npx tsx bench/src/explain.ts --cold [out.txt]
 *
 * --cold: requests of the cache-miss rows instead (bench/src/cold.ts: the first listing URLs,
 * facets with 0, 1 and 2 filters, search queries), and the price churn's refresh of 100
 * products (in a transaction rolled back after the EXPLAIN).
 * The statements come from the API's own service functions (caches off), as for pgbench.
 */
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { setPublicReadCaching } from '../../apps/api/src/lib/public-read-cache';
import { listingQueryBase, listingQuerySchema, searchSortSchema } from '@kiyasla/contracts/listing';
import { discoverColdCatalog, facetDraws, listingDraws, searchQueries } from './cold';
import { getProductDetail, listProducts } from '../../apps/api/src/modules/products/products.service';
import { searchProducts, suggest } from '../../apps/api/src/modules/search/search.service';
import { capturingDatabase, toPgbenchScript } from './raw-sql';

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required');
  const out: string[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const cap = capturingDatabase(databaseUrl);
  setPublicReadCaching(false);
  try {
    const id = (await pool.query<{ id: string }>('select id from bench.sample_products where n = 1')).rows[0]!.id;
    const big = (
      await pool.query<{ id: string; slug: string }>(
        `select c.id, c.slug from products p join categories c on c.id = p.category_id
          group by c.id, c.slug order by count(*) desc limit 1`,
      )
    ).rows[0]!;
    const brands = (
      await pool.query<{ brand: string }>(
        `select brand from products where category_id = $1 group by brand order by count(*) desc limit 2`,
        [big.id],
      )
    ).rows.map((r) => r.brand);
    const facetSlug = process.env.FACET_CATEGORY ?? 'giyim';
    const cold = process.argv.includes('--cold');
    const cases: [string, Parameters<typeof cap.capture>[0]][] = cold
      ? await coldCases(pool)
      : [
          ['product detail', (db) => getProductDetail(db, id)],
          [
            `listing ${big.slug}: ${brands.join(' + ')}, storage 256 GB, price-low, page 5`,
            (db) =>
              listProducts(
                db,
                { category: big.slug },
                listingQuerySchema.parse({ brand: brands, spec: ['storage:256 GB'], sort: 'price-low', page: '5' }),
              ),
          ],
          [
            `facets ${facetSlug}`,
            (db) =>
              listProducts(db, { category: facetSlug }, listingQuerySchema.parse({ facets: 'true', limit: '20' })),
          ],
          [
            'search "kablosuz kulaklik"',
            (db) => searchProducts(db, 'kablosuz kulaklik', { ...listingQuerySchema.parse({}), sort: 'relevance' }),
          ],
          ['suggestions "k"', (db) => suggest(db, 'k')],
          ['suggestions "kulak"', (db) => suggest(db, 'kulak')],
          ['home: newest 8', (db) => listProducts(db, {}, listingQuerySchema.parse({ sort: 'newest', limit: '8' }))],
        ];
    if (cold) out.push(...(await churnRefresh(pool)));
    for (const [title, fn] of cases) {
      const queries = await cap.capture(fn);
      out.push(`\n==================== ${title} (${queries.length} statements)`);
      for (const stmt of toPgbenchScript(queries)
        .split(/;\n/)
        .filter((s) => s.trim())) {
        const plan = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${stmt}`);
        out.push(`\n-- ${stmt.replace(/\s+/g, ' ').slice(0, 400)}`);
        out.push(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
    }
  } finally {
    await cap.close();
    await pool.end();
  }
  const text = out.join('\n') + '\n';
  const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (file) writeFileSync(file, text);
  else process.stdout.write(text);
}

type Case = [string, Parameters<ReturnType<typeof capturingDatabase>['capture']>[0]];

async function coldCases(pool: pg.Pool): Promise<Case[]> {
  const products = Number((await pool.query<{ n: string }>('select count(*) as n from products')).rows[0]!.n);
  const catalog = await discoverColdCatalog(pool, products);
  const facetCategory = [...catalog.categories].sort((a, b) => b.n - a.n)[0]!;
  const search = listingQueryBase.extend({ sort: searchSortSchema });
  const describe = (q: Record<string, string | string[]>) =>
    Object.entries(q)
      .map(([k, v]) => `${k}=${([] as string[]).concat(v).join('|')}`)
      .join(' ');
  return [
    ...listingDraws(catalog, 6).map((d): Case => [
      `cold listing ${d.scope.subcategory ?? d.scope.category}: ${describe(d.query)}`,
      (db) => listProducts(db, d.scope, listingQuerySchema.parse(d.query)),
    ]),
    ...facetDraws(facetCategory, 3).map((d): Case => [
      `cold facets ${facetCategory.slug} (~${facetCategory.n}): ${describe(d.query)}`,
      (db) => listProducts(db, d.scope, listingQuerySchema.parse(d.query)),
    ]),
    ...searchQueries(catalog, 6, []).map((q): Case => [
      `cold search "${q}"`,
      (db) => searchProducts(db, q, search.parse({})),
    ]),
  ];
}

/** The churn's transaction for 100 random products: the refresh's plan, rolled back. */
async function churnRefresh(pool: pg.Pool): Promise<string[]> {
  const client = await pool.connect();
  try {
    const ids = (
      await client.query<{ id: string }>(
        `select product_id as id from store_offers tablesample system (0.01) where is_active limit 100`,
      )
    ).rows.map((r) => r.id);
    const cap = capturingDatabase(pool.options.connectionString!);
    let statement = '';
    try {
      // Captured (not run: the transaction below rolls it back) to EXPLAIN the same SQL.
      const { refreshProductPriceAggregates } = await import('../../apps/api/src/db/product-price-aggregates');
      const captured = await cap.capture(async (db) => {
        await db
          .transaction(async (tx) => {
            await refreshProductPriceAggregates(tx, ids);
            tx.rollback();
          })
          .catch(() => undefined);
      });
      statement = toPgbenchScript(captured.filter((q) => /update product_prices/.test(q.sql))).replace(/;\n$/, '');
    } finally {
      await cap.close();
    }
    await client.query('begin');
    const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement}`);
    await client.query('rollback');
    return [
      `\n==================== price churn: refresh of ${ids.length} products (rolled back)`,
      plan.rows.map((r) => r['QUERY PLAN']).join('\n'),
    ];
  } finally {
    client.release();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});

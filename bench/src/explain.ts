/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement the API runs on a cache miss for the
 * benchmark's scenarios, against a catalog the suite generated:
 *
 *   DATABASE_URL=postgres://… npx tsx bench/src/explain.ts [out.txt]
 *
 * The statements come from the API's own service functions (caches off), as for pgbench.
 */
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { setPublicReadCaching } from '../../apps/api/src/lib/public-read-cache';
import { listingQuerySchema } from '@kiyasla/contracts/listing';
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
    const cases: [string, Parameters<typeof cap.capture>[0]][] = [
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
        (db) => listProducts(db, { category: facetSlug }, listingQuerySchema.parse({ facets: 'true', limit: '20' })),
      ],
      [
        'search "kablosuz kulaklik"',
        (db) => searchProducts(db, 'kablosuz kulaklik', { ...listingQuerySchema.parse({}), sort: 'relevance' }),
      ],
      ['suggestions "k"', (db) => suggest(db, 'k')],
      ['suggestions "kulak"', (db) => suggest(db, 'kulak')],
      ['home: newest 8', (db) => listProducts(db, {}, listingQuerySchema.parse({ sort: 'newest', limit: '8' }))],
    ];
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
  if (process.argv[2]) writeFileSync(process.argv[2], text);
  else process.stdout.write(text);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});

import { foldTurkish } from '@kiyasla/contracts/text';
import type { Database } from '../../db/client';
import { PublicReadCache } from '../../lib/public-read-cache';
import { findBrandSpellings } from './catalog-brands.repo';
import { MAX_AGE_MS } from './listing-index';

/**
 * The catalogue's brand spellings by their folded form ("apple" → ["Apple"], "arcelik" →
 * ["Arçelik"]). Brands change only with the admin catalog, which announces everything (ADR 010):
 * that empties this cache with the listings (so no product change drops it), and MAX_AGE_MS, the
 * listing index's bound on a lost announcement, bounds it otherwise.
 */
const spellingsCache = new PublicReadCache<Map<string, string[]>>(MAX_AGE_MS, 1, { name: 'brand_spellings' });

function spellingsByFold(db: Database): Promise<Map<string, string[]>> {
  return spellingsCache.get('all', async (tag) => {
    const byFold = new Map<string, string[]>();
    for (const brand of await findBrandSpellings(db)) {
      const key = foldTurkish(brand);
      const list = byFold.get(key);
      if (list) list.push(brand);
      else byFold.set(key, [brand]);
    }
    tag({});
    return byFold;
  });
}

/**
 * The brand filter's values as the catalogue spells them: shoppers and other sites type a brand
 * in any case (`apple`, `ASUS`, `ARÇELİK`), and the filter compares with Turkish folding as search
 * does. Resolving once, before the query, keeps the exact comparisons the listing index and the
 * brand indexes answer, and makes `apple` and `Apple` one cache key. A value no brand folds to
 * stays as typed (it matches nothing, as before); one that two spellings fold to takes both.
 */
export async function catalogBrands(db: Database, typed: readonly string[]): Promise<string[]> {
  if (typed.length === 0) return [];
  const byFold = await spellingsByFold(db);
  return [...new Set(typed.flatMap((brand) => byFold.get(foldTurkish(brand)) ?? [brand]))];
}

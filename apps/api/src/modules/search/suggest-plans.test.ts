import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { createTestDatabase } from '../../test/db';
import { prefixProductCounts, RARE_PREFIX_MATCHES, suggestProducts } from './search.repo';

let db: DbHandle;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

describe('suggestion queries', () => {
  it('return the same most popular products whichever plan the match estimate picks', async () => {
    for (const query of ['s:*', 'kulak:*', 'iphone:* & pro:*', 'zzzz:*']) {
      const viaIndexWalk = await suggestProducts(db.db, query, 8, RARE_PREFIX_MATCHES);
      const viaGin = await suggestProducts(db.db, query, 8, 0);
      expect(viaGin, query).toEqual(viaIndexWalk);
    }
  });

  it('estimates candidates per prefix from the word dictionary', async () => {
    const counts = await prefixProductCounts(db.db, ['s', 'samsung', 'zzzz']);
    expect(counts.get('s')!).toBeGreaterThanOrEqual(counts.get('samsung')!);
    expect(counts.get('samsung')!).toBeGreaterThan(0);
    expect(counts.get('zzzz')).toBe(0);
  });
});

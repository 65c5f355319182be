/**
 * A catalog writer in a process of its own: adds a word to a product's searchable text and
 * announces the change of everything in the same transaction, as the admin does. Used by
 * word-index.test.ts:
 *   tsx word-index.writer.ts <databaseUrl> <productId> <word>
 */
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { products } from '../../db/schema/products';
import { announceReadChange, EVERYTHING } from '../../lib/read-invalidation';

const [databaseUrl, productId, word] = process.argv.slice(2);
if (!databaseUrl || !productId || !word) throw new Error('usage: <databaseUrl> <productId> <word>');
const handle = await openDatabase({ databaseUrl, poolSize: 1 });
try {
  await handle.db.transaction(async (tx) => {
    await tx
      .update(products)
      .set({ searchText: sql`${products.searchText} || ' ' || ${word}` })
      .where(eq(products.id, productId));
    await announceReadChange(tx, EVERYTHING);
  });
} finally {
  await handle.close();
}

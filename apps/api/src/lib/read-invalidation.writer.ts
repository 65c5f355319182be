/**
 * A writer in a process of its own, as the feed CLI is: changes one offer's price and records it
 * with refreshProductPriceAggregates in one transaction, then commits or rolls back. Used by
 * read-invalidation.postgres.test.ts:
 *   tsx read-invalidation.writer.ts <databaseUrl> <offerId> <productId> <priceKurus> commit|rollback
 */
import { eq } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { refreshProductPriceAggregates } from '../db/product-price-aggregates';
import { storeOffers } from '../db/schema/store-offers';

const [databaseUrl, offerId, productId, price, outcome] = process.argv.slice(2);
if (!databaseUrl || !offerId || !productId || !price || (outcome !== 'commit' && outcome !== 'rollback')) {
  throw new Error('usage: <databaseUrl> <offerId> <productId> <priceKurus> commit|rollback');
}
const handle = await openDatabase({ databaseUrl, poolSize: 1 });
try {
  await handle.db
    .transaction(async (tx) => {
      await tx
        .update(storeOffers)
        .set({ price: Number(price) })
        .where(eq(storeOffers.id, offerId));
      await refreshProductPriceAggregates(tx, [productId]);
      if (outcome === 'rollback') tx.rollback();
    })
    .catch((error: unknown) => {
      if (outcome !== 'rollback') throw error;
    });
} finally {
  await handle.close();
}

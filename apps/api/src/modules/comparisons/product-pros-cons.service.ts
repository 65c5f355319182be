import type { ProductProsCons } from '@kiyasla/contracts/comparisons';
import type { Database } from '../../db/client';
import { getProductDetail, findSimilarProductIds } from '../products/products.service';
import { buildComparison } from './comparison-builder';

/** How many peers a product page's analysis measures the product against (a comparison holds 5). */
export const PROS_CONS_PEERS = 4;

/**
 * The product page's pros/cons tab (premium): the comparison analysis of the product and its
 * nearest-priced peers (products.service findSimilarProductIds), the product's own lines kept.
 * A product without a price or without peers has nothing to be measured against: empty lists.
 */
export async function getProductProsCons(db: Database, productId: string): Promise<ProductProsCons> {
  const id = productId.toLowerCase();
  const peerIds = await findSimilarProductIds(db, id, PROS_CONS_PEERS);
  const details = await Promise.all([id, ...peerIds].map((p) => getProductDetail(db, p)));
  const [own] = buildComparison(details, true).products;
  return {
    productId: id,
    pros: peerIds.length ? (own?.pros ?? []) : [],
    cons: peerIds.length ? (own?.cons ?? []) : [],
    comparedWith: details.slice(1).map((d) => ({
      _id: d._id,
      name: d.name,
      slug: d.slug,
      image: d.image_url,
      currentPrice: d.currentPrice,
    })),
  };
}

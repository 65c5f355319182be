import type { ProductDetail } from '@kiyasla/contracts/catalog';
import { specLabel, specRank } from '@kiyasla/contracts/catalog';
import type {
  ComparisonItem,
  ComparisonResult,
  ComparisonStore,
  ComparisonSummary,
  TechnicalSpecRow,
} from '@kiyasla/contracts/comparisons';
import { foldTurkish } from '@kiyasla/contracts/text';
import { analyseProsCons, type AnalysisInput } from './pros-cons';

/**
 * Turns product details into the comparison of spec §3: items with aligned specification rows,
 * the summary cards and, for premium callers, the pros/cons analysis. Pure: no I/O.
 */

const keyCollator = new Intl.Collator('tr', { numeric: true, sensitivity: 'base' });

/** Known keys in the specs tab's order, then any other key alphabetically. */
function compareKeys(a: string, b: string): number {
  return specRank(a) - specRank(b) || keyCollator.compare(a, b);
}

/** '256 GB' and '256  gb' are the same value; a missing value differs from any value. */
const sameValueKey = (v: string | null) => (v === null ? null : foldTurkish(v).replace(/\s+/g, ' ').trim());

function specValue(detail: ProductDetail, key: string): string | null {
  const value = detail.specifications[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** The union of the products' specification keys, one row per key, values in product order. */
export function alignSpecifications(details: readonly ProductDetail[]): TechnicalSpecRow[] {
  const keys = new Set<string>();
  for (const d of details) for (const key of Object.keys(d.specifications)) keys.add(key);
  return [...keys]
    .sort(compareKeys)
    .map((key) => {
      const values = details.map((d) => specValue(d, key));
      return {
        key,
        label: specLabel(key),
        values,
        differs: new Set(values.map(sameValueKey)).size > 1,
      };
    })
    .filter((row) => row.values.some((v) => v !== null));
}

function activeStores(detail: ProductDetail): ComparisonStore[] {
  return detail.prices
    .filter((o) => o.isActive && !o.stale)
    .map((o) => ({
      name: o.store.name,
      slug: o.store.slug,
      logo: o.store.logo,
      price: o.price,
      originalPrice: o.originalPrice,
      shipping: {
        free: o.shipping.free,
        cost: o.shipping.cost,
        estimatedDays: o.shipping.estimatedDays,
        label: o.shippingLabel,
      },
      url: o.productUrl,
      inStock: o.inStock,
    }));
}

function analysisInput(detail: ProductDetail, stores: ComparisonStore[]): AnalysisInput {
  return {
    price: detail.currentPrice,
    averageRating: detail.averageRating,
    ratingsCount: detail.ratingsCount,
    storeCount: stores.length,
    freeShipping: stores.length ? stores.some((s) => s.shipping.free) : null,
    warranty: detail.warranty,
    energyRating: detail.energyRating,
    specs: detail.specifications,
  };
}

function summarise(items: readonly ComparisonItem[]): ComparisonSummary {
  const priced = items.filter((i): i is ComparisonItem & { currentPrice: number } => i.currentPrice !== null);
  const rated = items.filter((i) => i.reviewCount > 0);
  const cheapest = priced.reduce<(typeof priced)[number] | null>(
    (best, i) => (best === null || i.currentPrice < best.currentPrice ? i : best),
    null,
  );
  return {
    priceRange: priced.length
      ? {
          min: Math.min(...priced.map((i) => i.currentPrice)),
          max: Math.max(...priced.map((i) => i.currentPrice)),
        }
      : null,
    averageRating: rated.length
      ? Math.round((rated.reduce((sum, i) => sum + i.rating, 0) / rated.length) * 10) / 10
      : null,
    totalStores: new Set(items.flatMap((i) => i.stores.map((s) => s.slug))).size,
    cheapestProductId: cheapest?.id ?? null,
  };
}

/** The comparison of `details` (in the caller's order); pros/cons only when `withProsCons`. */
export function buildComparison(details: readonly ProductDetail[], withProsCons: boolean): ComparisonResult {
  const rows = alignSpecifications(details);
  const stores = details.map(activeStores);
  const analysis = withProsCons ? analyseProsCons(details.map((d, i) => analysisInput(d, stores[i] ?? []))) : undefined;

  const products = details.map((d, i): ComparisonItem => ({
    id: d._id,
    _id: d._id,
    name: d.name,
    slug: d.slug,
    brand: d.brand,
    model: d.model,
    image: d.image_url,
    currentPrice: d.currentPrice,
    originalPrice: d.originalPrice,
    rating: d.averageRating,
    reviewCount: d.ratingsCount,
    category: d.category,
    subcategory: d.subcategory,
    stores: stores[i] ?? [],
    features: d.features,
    technicalSpecs: rows.map((row) => ({
      key: row.key,
      label: row.label,
      value: row.values[i] ?? null,
      differs: row.differs,
    })),
    pros: analysis?.[i]?.pros ?? [],
    cons: analysis?.[i]?.cons ?? [],
    description: d.description,
    releaseDate: d.releaseDate,
    warranty: d.warranty,
    dimensions: d.dimensions,
    colors: d.colors,
    availability: d.availability,
    energyRating: d.energyRating,
    certifications: d.certifications,
  }));

  return { products, technicalSpecs: rows, summary: summarise(products), prosConsIncluded: withProsCons };
}

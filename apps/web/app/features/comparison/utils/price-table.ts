/**
 * The Fiyat Analizi tab's table: one row per store, one column per product, each cell that
 * store's offer. The cheapest in-stock offer of each product is marked (any offer when none
 * is in stock), and so is the cheapest cell of the whole table.
 */
import type { ComparisonItem, ComparisonStore } from '@kiyasla/contracts/comparisons';

export interface PriceCell {
  store: ComparisonStore;
  /** The lowest price of this product (among its in-stock offers when it has any). */
  cheapestForProduct: boolean;
  /** The lowest price in the whole table. */
  cheapestOverall: boolean;
}

export interface PriceRow {
  slug: string;
  name: string;
  logo: string | null;
  /** `cells[i]` belongs to `products[i]`; null when the store does not sell it. */
  cells: Array<PriceCell | null>;
}

/** Lowest offer of a product: in-stock offers first, any offer when none is in stock. */
function cheapestOffer(stores: readonly ComparisonStore[]): ComparisonStore | null {
  const pool = stores.some((s) => s.inStock) ? stores.filter((s) => s.inStock) : stores;
  return pool.reduce<ComparisonStore | null>((best, s) => (best === null || s.price < best.price ? s : best), null);
}

/**
 * Stores that sell more of the products come first, then the cheaper ones; a store listed twice
 * for one product keeps its lower price.
 */
export function buildPriceTable(products: readonly ComparisonItem[]): PriceRow[] {
  const rows = new Map<string, PriceRow>();
  products.forEach((product, col) => {
    for (const store of product.stores) {
      let row = rows.get(store.slug);
      if (!row) {
        row = { slug: store.slug, name: store.name, logo: store.logo, cells: products.map(() => null) };
        rows.set(store.slug, row);
      }
      const current = row.cells[col];
      if (!current || store.price < current.store.price) {
        row.cells[col] = { store, cheapestForProduct: false, cheapestOverall: false };
      }
    }
  });

  const cheapestPerProduct = products.map((p) => cheapestOffer(p.stores));
  const cells = [...rows.values()].flatMap((row) => row.cells.flatMap((cell, col) => (cell ? [{ cell, col }] : [])));
  let overall: PriceCell | null = null;
  for (const { cell, col } of cells) {
    const best = cheapestPerProduct[col];
    // Ties are all marked; an out-of-stock offer only counts when nothing is in stock.
    cell.cheapestForProduct = !!best && cell.store.price === best.price && (cell.store.inStock || !best.inStock);
    if (cell.store.inStock && (overall === null || cell.store.price < overall.store.price)) overall = cell;
  }
  if (overall !== null) overall.cheapestOverall = true;

  const lowest = (row: PriceRow) => Math.min(...row.cells.map((c) => c?.store.price ?? Number.POSITIVE_INFINITY));
  const carried = (row: PriceRow) => row.cells.filter(Boolean).length;
  return [...rows.values()].sort((a, b) => carried(b) - carried(a) || lowest(a) - lowest(b));
}

/** Bar widths (percent of the dearest product) for the lowest prices; at least 5 % so a bar shows. */
export function priceBarWidths(prices: ReadonlyArray<number | null>, minWidth = 5): Array<number | null> {
  const max = Math.max(0, ...prices.filter((p): p is number => p !== null));
  return prices.map((p) => (p === null ? null : max > 0 ? Math.max(minWidth, (p / max) * 100) : minWidth));
}

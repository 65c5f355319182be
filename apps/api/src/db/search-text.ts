import { foldTurkish } from '@kiyasla/contracts/text';

export interface SearchTextSource {
  name: string;
  brand: string;
  model?: string | null;
  /** Category and subcategory names, so "kulaklık" also finds products titled "AirPods". */
  categoryNames?: Array<string | null | undefined>;
}

/**
 * The value of products.search_text: every searchable word folded the Turkish way
 * (İ→i, ı→i, ş→s, ...), duplicates removed. Queries are folded with the same foldTurkish before
 * they meet the trigram index, so "kulaklik", "KULAKLIK" and "Kulaklık" all match.
 * Call it whenever a product's name, brand, model or category changes.
 */
export function buildProductSearchText(source: SearchTextSource): string {
  const words = [source.name, source.brand, source.model, ...(source.categoryNames ?? [])]
    .filter((part): part is string => Boolean(part))
    .flatMap((part) => foldTurkish(part).split(/\s+/))
    .filter(Boolean);
  return [...new Set(words)].join(' ');
}

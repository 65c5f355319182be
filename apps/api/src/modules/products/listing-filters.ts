import type { SQL } from 'drizzle-orm';
import type { AdvancedFilter } from '@kiyasla/contracts/catalog-constants';
import type { ListingSort } from '@kiyasla/contracts/constants';

/** A full-text condition and its ranking expression, supplied by the search module. */
export interface TextSearch {
  where: SQL;
  rank: SQL;
  /** Names the matches: two searches with the same key match the same products. */
  key?: string;
}

/** Parsed filters in the units the database uses (kuruş), grouped by specification key. */
export interface ListingFilters {
  categoryId?: string;
  subcategoryId?: string;
  productIds?: string[];
  featured?: boolean;
  brands: string[];
  stores: string[];
  specs: Map<string, string[]>;
  minPriceKurus?: number;
  maxPriceKurus?: number;
  search?: TextSearch;
  /** Premium advanced filters (ADR 019); the route has checked the caller's plan. */
  advanced: AdvancedFilter[];
}

export interface ListingPage {
  /** `relevance` applies only with a text search; it falls back to popularity otherwise. */
  sort: ListingSort;
  page: number;
  limit: number;
}

export function parseSpecFilters(raw: string[]): Map<string, string[]> {
  const specs = new Map<string, string[]>();
  for (const entry of raw) {
    const at = entry.indexOf(':');
    const key = entry.slice(0, at);
    const value = entry.slice(at + 1).trim();
    if (!value) continue;
    const values = specs.get(key) ?? [];
    if (!values.includes(value)) values.push(value);
    specs.set(key, values);
  }
  return specs;
}

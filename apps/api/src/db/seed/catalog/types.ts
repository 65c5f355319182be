import type { Rng } from '../prng';

/** One sellable configuration of a model family (storage, screen size, kit lens, ...). */
export interface VariantOption {
  /** Appended to the model and the product name: "256 GB", "55 inç", "18-55 mm Kit". */
  label: string;
  /** Typical Turkish street price in TRY (2026), before per-store spread. */
  price: number;
  specs?: Record<string, string>;
}

/** A real-world model line that the generator expands into products. */
export interface ProductFamily {
  brand: string;
  model: string;
  /** Subcategory slug under the family's top-level category. */
  sub: string;
  /** 'YYYY-MM'. */
  released: string;
  /** Typical price in TRY when the family has no options. */
  price?: number;
  specs: Record<string, string>;
  options?: VariantOption[];
  colors: string[];
  /**
   * Colour variants per option as separate products (clothing, shoes, appliances are sold and
   * priced per colour). Default 1: one product per option, offered in all `colors`.
   */
  colorVariants?: number;
  /** Turkish noun appended to the name so names read like shop listings ("Buzdolabı"). */
  noun?: string;
  features: string[];
  featured?: boolean;
  tags?: string[];
}

export interface DescribeInput {
  name: string;
  brand: string;
  model: string;
  specs: Record<string, string>;
  features: string[];
}

/** Everything the generator needs to know about one top-level category. */
export interface CategoryCatalog {
  slug: string;
  warranty: string;
  certifications: string[];
  families: ProductFamily[];
  describe(input: DescribeInput, rng: Rng): string;
  shortDescribe(input: DescribeInput): string;
}

/** Picks one of the phrasings, so 400 descriptions do not read identically. */
export function vary(rng: Rng, ...sentences: string[]): string {
  return rng.pick(sentences);
}

interface ItemExtra {
  options?: VariantOption[];
  colorVariants?: number;
  noun?: string;
  featured?: boolean;
  tags?: string[];
}

/** A family without a category-specific spec layout (sport, toys, clothing, accessories...). */
export function item(
  brand: string,
  model: string,
  sub: string,
  released: string,
  price: number,
  specs: Record<string, string>,
  colors: string[],
  features: string[],
  extra: ItemExtra = {},
): ProductFamily {
  return {
    brand,
    model,
    sub,
    released,
    price,
    specs,
    colors,
    features,
    ...(extra.options ? { options: extra.options } : {}),
    ...(extra.colorVariants ? { colorVariants: extra.colorVariants } : {}),
    ...(extra.noun ? { noun: extra.noun } : {}),
    ...(extra.featured ? { featured: true } : {}),
    ...(extra.tags ? { tags: extra.tags } : {}),
  };
}

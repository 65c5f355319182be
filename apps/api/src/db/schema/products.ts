import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import { categories } from './categories';
import { createdAt, tsvector, updatedAt } from './columns';
import { availability } from './enums';

export interface ProductImage {
  url: string;
  alt: string;
  isPrimary: boolean;
}

export interface ProductSeo {
  title?: string;
  description?: string;
  keywords?: string[];
}

/** Specification name → display value ("6.1 inç"). Canonical keys feed the listing filters. */
export type ProductSpecifications = Record<string, string>;

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique('products_slug_uq'),
    brand: text('brand').notNull(),
    model: text('model'),
    /** EAN/GTIN used to match store feed items; unique when present. */
    gtin: text('gtin').unique('products_gtin_uq'),
    description: text('description'),
    shortDescription: text('short_description'),
    /** Always the top-level category; `subcategory_id` is its child, when any. */
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    subcategoryId: uuid('subcategory_id').references(() => categories.id, { onDelete: 'restrict' }),
    specifications: jsonb('specifications').$type<ProductSpecifications>().notNull().default({}),
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    images: jsonb('images').$type<ProductImage[]>().notNull().default([]),
    availability: availability('availability').notNull().default('in-stock'),
    isActive: boolean('is_active').notNull().default(true),
    isFeatured: boolean('is_featured').notNull().default(false),
    averageRating: real('average_rating').notNull().default(0),
    ratingsCount: integer('ratings_count').notNull().default(0),
    viewCount: bigint('view_count', { mode: 'number' }).notNull().default(0),
    releaseDate: date('release_date', { mode: 'string' }),
    warranty: text('warranty'),
    dimensions: text('dimensions'),
    colors: text('colors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    energyRating: text('energy_rating'),
    certifications: text('certifications')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    seo: jsonb('seo').$type<ProductSeo>(),
    /**
     * foldTurkish(name, brand, model, category names), written by the application (see
     * db/search-text.ts): Postgres has no Turkish-aware lower() + ASCII folding, and doing it in
     * one place keeps "kulaklik" matching "Kulaklık" through the trigram index.
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * Full-text vector, computed by Postgres from the columns above (never written by the app):
     *   A  search_text words (folded name, brand, model, category names) — exact and prefix hits
     *   C  name + description through the Turkish stemmer — "telefonlar" finds "telefon"
     *   D  folded description words — a match anywhere in the text, ranked lowest
     * kiyasla_fold() is the SQL twin of foldTurkish (migration 0003).
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple'::regconfig, "search_text"), 'A') || setweight(to_tsvector('turkish'::regconfig, coalesce("name", '') || ' ' || coalesce("description", '')), 'C') || setweight(to_tsvector('simple'::regconfig, kiyasla_fold(coalesce("description", ''))), 'D')`,
    ),
    // Prices live in product_prices (schema/product-prices.ts): they change all day.
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Default listing sort is popularity (ratings count) inside a category or subcategory.
    // DESC indexes say NULLS FIRST because that is what a plain `ORDER BY x DESC` (drizzle's
    // desc()) means; an index with the other null order cannot serve that sort.
    index('products_category_popularity_idx').on(t.categoryId, t.isActive, t.ratingsCount.desc().nullsFirst()),
    index('products_subcategory_popularity_idx').on(t.subcategoryId, t.isActive, t.ratingsCount.desc().nullsFirst()),
    index('products_brand_idx').on(t.brand),
    // A scope's products by brand, answered from the index alone: the brand facet of a category
    // when a brand is chosen (the counts without the brand filter), a brand-filtered count.
    index('products_category_brand_idx').on(t.categoryId, t.isActive, t.brand),
    index('products_subcategory_brand_idx').on(t.subcategoryId, t.isActive, t.brand),
    // Feed items without a GTIN or product id are matched on brand + model folded the Turkish
    // way with spaces and punctuation dropped (kiyasla_match_key, migration 0009).
    index('products_match_key_idx').on(sql`public.kiyasla_match_key(${t.brand}, ${t.model})`),
    index('products_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    index('products_featured_idx')
      .on(t.createdAt.desc().nullsFirst())
      .where(sql`${t.isFeatured} and ${t.isActive}`),
    index('products_view_count_idx').on(t.viewCount.desc().nullsFirst()),
    index('products_specifications_gin_idx').using('gin', t.specifications.op('jsonb_path_ops')),
    index('products_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('products_search_vector_idx').using('gin', t.searchVector),
    // Search suggestions (and catalog-wide popularity lists) take the most popular matches: for a
    // short, common prefix ("k") nearly every product matches, and walking this index stops after
    // the first few instead of ranking the whole catalog (benchmarks, ADR 005). Migration 0022
    // adds INCLUDE (search_text), which drizzle-kit cannot declare: a search's walk of common words
    // tests each product's words from the index alone (ADR 006).
    index('products_active_popularity_idx')
      .on(t.ratingsCount.desc().nullsFirst(), t.id)
      .where(sql`${t.isActive}`),
    // Products' names by id from the index alone: the price-change consumer names thousands of
    // products at a time in its notifications, and a product's 2.5 KB heap row is rarely cached
    // (ADR 017, migration 0023).
    index('products_id_name_idx').on(t.id, t.name),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;

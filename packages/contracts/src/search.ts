import { z } from 'zod';

/** Defaults of the admin api settings `searchSuggestionLimit` and `trendingSearchLimit`, which the API obeys. */
export const SUGGESTION_LIMIT = 8;
export const TRENDING_LIMIT = 10;

/** One entry of the search box dropdown: a product, a category or a brand. */
export const suggestionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('product'),
    _id: z.string().uuid(),
    text: z.string(),
    brand: z.string(),
    image: z.string(),
    price: z.number().nullable(),
    url: z.string(),
  }),
  z.object({
    type: z.literal('category'),
    _id: z.string().uuid(),
    text: z.string(),
    parentName: z.string().nullable(),
    url: z.string(),
  }),
  z.object({ type: z.literal('brand'), text: z.string(), productCount: z.number().int(), url: z.string() }),
]);
export type Suggestion = z.infer<typeof suggestionSchema>;

export const trendingSchema = z.object({
  term: z.string(),
  /** Searches in the last 7 days; 0 for the curated fallback list. */
  count: z.number().int(),
});
export type TrendingTerm = z.infer<typeof trendingSchema>;

/** Shown when the search log has nothing yet (a new installation). */
export const CURATED_TRENDING = [
  'iphone 16',
  'kulaklık',
  'samsung galaxy',
  'laptop',
  'airpods',
  'televizyon',
  'buzdolabı',
  'şarj aleti',
  'playstation',
  'robot süpürge',
] as const;

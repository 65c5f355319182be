import { z } from 'zod';
import { AVAILABILITY_VALUES } from './constants';

/** Category as the API returns it (`GET /categories`, `GET /categories/tree`). */
export const categorySchema = z.object({
  _id: z.string().uuid(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  icon: z.string().nullable(),
  image: z.string().nullable(),
  parent: z.string().uuid().nullable(),
  order: z.number().int(),
  productCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export type CategoryNode = Category & { children: CategoryNode[] };
export const categoryNodeSchema: z.ZodType<CategoryNode> = categorySchema.extend({
  children: z.lazy(() => z.array(categoryNodeSchema)),
});

export const categoryRefSchema = z.object({ _id: z.string().uuid(), name: z.string(), slug: z.string() });

export const cardStoreSchema = z.object({
  name: z.string(),
  slug: z.string(),
  price: z.number(),
  freeShipping: z.boolean(),
  /** Turkish shipping note, e.g. 'Ücretsiz Kargo' or 'Kargo ₺49,90'. */
  shippingLabel: z.string(),
});

export const priceChangeSchema = z.object({
  type: z.enum(['down', 'up']),
  percentage: z.number(),
});

/** The product card shape used by listings, home sections, search results and favorites. */
export const productCardSchema = z.object({
  _id: z.string().uuid(),
  name: z.string(),
  slug: z.string(),
  brand: z.string(),
  model: z.string().nullable(),
  category: categoryRefSchema.nullable(),
  subcategory: categoryRefSchema.nullable(),
  image_url: z.string(),
  images: z.array(z.object({ url: z.string(), alt: z.string() })),
  currentPrice: z.number().nullable(),
  originalPrice: z.number().nullable(),
  priceChange: priceChangeSchema.nullable(),
  averageRating: z.number(),
  ratingsCount: z.number().int(),
  storeCount: z.number().int(),
  stores: z.array(cardStoreSchema),
  keySpecs: z.object({
    screenSize: z.string().optional(),
    ram: z.string().optional(),
    storage: z.string().optional(),
    camera: z.string().optional(),
    battery: z.string().optional(),
  }),
  availability: z.enum(AVAILABILITY_VALUES),
  isFeatured: z.boolean(),
  createdAt: z.string(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

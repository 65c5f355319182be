import { boolean, index, integer, pgTable, text, unique, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/**
 * Two-level category tree. Slugs are unique per parent, not globally: the specification's
 * routes are /category/{category}/{subcategory} and subcategory slugs repeat across parents
 * ('gaming' and 'ekonomik' exist under both telefon and laptop). NULLS NOT DISTINCT makes the
 * same constraint also keep top-level slugs (parent_id null) unique.
 */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    /** An emoji or an icon key the web app maps to an icon. */
    icon: text('icon'),
    image: text('image'),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('categories_parent_slug_uq').on(t.parentId, t.slug).nullsNotDistinct(),
    index('categories_slug_idx').on(t.slug),
  ],
);

export type CategoryRow = typeof categories.$inferSelect;
export type NewCategoryRow = typeof categories.$inferInsert;

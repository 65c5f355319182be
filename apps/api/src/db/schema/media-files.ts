import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns';

/**
 * Pictures the back office named by an address on another site (a product's images, a category's
 * image, a store's logo), downloaded once at save and served from our own origin (ADR 021): the
 * Content-Security-Policy allows images from this site only, and shoppers' browsers never call the
 * other site. Content-addressed: the id is the SHA-256 of the bytes, so the same picture is kept
 * once however many rows name it, and its URL (`/api/media/files/{id}.{ext}`) never changes
 * meaning, so it is cacheable forever.
 */
export const mediaFiles = pgTable('media_files', {
  /** Hex SHA-256 of `data`. */
  id: text('id').primaryKey(),
  /** Sniffed from the bytes, never the other server's claim. */
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  /** The address it was first downloaded from (for the operator; never fetched again). */
  sourceUrl: text('source_url').notNull(),
  createdAt: createdAt(),
});

export type MediaFileRow = typeof mediaFiles.$inferSelect;

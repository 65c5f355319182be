import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt, instant } from './columns';

/**
 * Pictures the back office named by an address on another site (a product's images, a category's
 * image, a store's logo), downloaded once at save and served from our own origin (ADR 021): the
 * Content-Security-Policy allows images from this site only, and shoppers' browsers never call the
 * other site. Content-addressed: the id is the SHA-256 of the bytes, so the same picture is kept
 * once however many rows name it, and its URL (`/api/media/files/{id}.{ext}`) never changes
 * meaning, so it is cacheable forever.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    /** Hex SHA-256 of `data`. */
    id: text('id').primaryKey(),
    /** Sniffed from the bytes, never the other server's claim. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    /** The address it was first downloaded from (for the operator; never fetched again). */
    sourceUrl: text('source_url').notNull(),
    createdAt: createdAt(),
    /**
     * The last save of a form that named the file (downloaded again or sent back as its path), set
     * before the form's transaction. The sweep (jobs/sweep-media-files.ts) leaves a file alone for
     * a day after it, so a save between naming a file and committing the row that names it never
     * finds the file gone.
     */
    lastUsedAt: instant('last_used_at').notNull().defaultNow(),
  },
  (t) => [index('media_files_last_used_idx').on(t.lastUsedAt)],
);

export type MediaFileRow = typeof mediaFiles.$inferSelect;
export type NewMediaFileRow = typeof mediaFiles.$inferInsert;

import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { categories } from '../../db/schema/categories';
import { mediaFiles, type MediaFileRow, type NewMediaFileRow } from '../../db/schema/media-files';
import { products } from '../../db/schema/products';
import { stores } from '../../db/schema/stores';
import type { ProductImageInput } from './product-image';
import type { StoreLogoInput } from './store-logo';

/** What a product picture needs: names and the category pair that picks the drawing. */
export async function findProductForImage(db: Database, id: string): Promise<ProductImageInput | undefined> {
  const sub = alias(categories, 'sub');
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      brand: products.brand,
      model: products.model,
      categorySlug: categories.slug,
      subcategorySlug: sub.slug,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(sub, eq(sub.id, products.subcategoryId))
    .where(eq(products.id, id))
    .limit(1);
  return row;
}

export async function findStoreForLogo(db: Database, slug: string): Promise<StoreLogoInput | undefined> {
  const [row] = await db
    .select({ name: stores.name, slug: stores.slug })
    .from(stores)
    .where(eq(stores.slug, slug))
    .limit(1);
  return row;
}

/** A picture kept by `mirrorImages`, by the hash of its bytes. */
export async function findMediaFile(
  db: Database,
  id: string,
): Promise<Pick<MediaFileRow, 'id' | 'contentType' | 'data'> | undefined> {
  const [row] = await db
    .select({ id: mediaFiles.id, contentType: mediaFiles.contentType, data: mediaFiles.data })
    .from(mediaFiles)
    .where(eq(mediaFiles.id, id))
    .limit(1);
  return row;
}

/**
 * Keeps a downloaded picture, or marks the one already kept under its hash as used now: the sweep
 * (jobs/sweep-media-files.ts) gives a file a day after its last use, and that day must start
 * before the form's transaction names it. If the sweep deleted the file a moment ago, this keeps
 * it again.
 */
export async function keepMediaFile(
  db: Database,
  file: Omit<NewMediaFileRow, 'createdAt' | 'lastUsedAt'>,
): Promise<void> {
  await db
    .insert(mediaFiles)
    .values(file)
    .onConflictDoUpdate({ target: mediaFiles.id, set: { lastUsedAt: sql`now()` } });
}

/** Marks a kept picture a form names by its path as used now; undefined when there is no such file. */
export async function touchMediaFile(db: Database, id: string): Promise<Pick<MediaFileRow, 'contentType'> | undefined> {
  const [row] = await db
    .update(mediaFiles)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(mediaFiles.id, id))
    .returning({ contentType: mediaFiles.contentType });
  return row;
}

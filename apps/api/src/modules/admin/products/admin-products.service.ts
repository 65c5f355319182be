import {
  adminProductMessages as m,
  productSlugFor,
  type AdminProduct,
  type AdminProductOffer,
  type AdminProductCreate,
  type AdminProductListQuery,
} from '@kiyasla/contracts/admin-products';
import type { Pagination } from '@kiyasla/contracts/envelope';
import { foldTurkish } from '@kiyasla/contracts/text';
import type { Database, Transaction } from '../../../db/client';
import type { NewProductRow, ProductImage } from '../../../db/schema/products';
import { buildProductSearchText } from '../../../db/search-text';
import { AppError, notFound } from '../../../lib/errors';
import { invalidatePublicReads } from '../../../lib/public-read-cache';
import { announceReadChange, EVERYTHING } from '../../../lib/read-invalidation';
import { paginate } from '../../../lib/reply';
import { isUniqueViolation } from '../../auth/db-errors';
import { mirrorImages, type ImageMirrorDeps } from '../../media/mirror-image';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import * as repo from './admin-products.repo';
import { presentAdminProduct, presentAdminProductOffer } from './admin-products.presenter';

export interface AdminProductsDeps {
  db: Database;
  /** Downloads the pictures the form names on other sites (ADR 021). */
  images: ImageMirrorDeps;
}

const productNotFound = () => notFound('PRODUCT_NOT_FOUND', m.notFound);
const field = (status: number, code: string, path: string, message: string) =>
  new AppError(status, code, message, [{ path: `body.${path}`, message }]);

export async function listAdminProducts(
  { db }: AdminProductsDeps,
  query: AdminProductListQuery,
): Promise<{ items: AdminProduct[]; pagination: Pagination }> {
  const search = query.search ? foldTurkish(query.search).trim() : undefined;
  const { rows, total } = await repo.listProducts(
    db,
    {
      ...(search ? { search } : {}),
      ...(query.category ? { categoryId: query.category } : {}),
      ...(query.isActive !== undefined ? { isActive: query.isActive } : {}),
    },
    query.page,
    query.limit,
  );
  return { items: rows.map(presentAdminProduct), pagination: paginate(query.page, query.limit, total) };
}

export async function getAdminProduct({ db }: AdminProductsDeps, id: string): Promise<AdminProduct> {
  const row = await repo.findProduct(db, id);
  if (!row) throw productNotFound();
  return presentAdminProduct(row);
}

/** The store offers the product's prices come from, with their freshness (its edit screen). */
export async function listAdminProductOffers({ db }: AdminProductsDeps, id: string): Promise<AdminProductOffer[]> {
  if (!(await repo.findProduct(db, id))) throw productNotFound();
  return (await repo.listOffers(db, id)).map(presentAdminProductOffer);
}

/** Exactly one primary image: the first marked one, else the first. */
function normaliseImages(images: AdminProductCreate['images'], name: string): ProductImage[] {
  const primary = Math.max(
    0,
    images.findIndex((image) => image.isPrimary),
  );
  return images.map((image, i) => ({ url: image.url, alt: image.alt || name, isPrimary: i === primary }));
}

/** The form with its pictures on other sites downloaded and named by their path here (ADR 021). */
async function withKeptImages(deps: ImageMirrorDeps, input: AdminProductCreate): Promise<AdminProductCreate> {
  const urls = await mirrorImages(
    deps,
    input.images.map((image, i) => ({ path: `images.${i}.url`, url: image.url })),
  );
  return { ...input, images: input.images.map((image, i) => ({ ...image, url: urls[i]! })) };
}

/** The product row the form describes. Prices are not among them: they come from store offers. */
async function rowOf(tx: Transaction, input: AdminProductCreate): Promise<NewProductRow> {
  const slug = productSlugFor(input.name, input.slug);
  if (!slug) throw field(400, 'PRODUCT_SLUG_INVALID', 'slug', m.slugEmpty);
  const place = await repo.placeOf(tx, input.category);
  if (!place) throw field(400, 'PRODUCT_CATEGORY_NOT_FOUND', 'category', m.categoryNotFound);
  return {
    name: input.name,
    slug,
    brand: input.brand,
    model: input.model ?? null,
    gtin: input.gtin ?? null,
    description: input.description ?? null,
    shortDescription: input.shortDescription ?? null,
    categoryId: place.categoryId,
    subcategoryId: place.subcategoryId,
    images: normaliseImages(input.images, input.name),
    specifications: input.specifications,
    features: input.features,
    tags: input.tags,
    availability: input.availability,
    isActive: input.isActive,
    isFeatured: input.isFeatured,
    seo: {
      title: input.seo?.title || input.name,
      ...(input.seo?.description ? { description: input.seo.description } : {}),
      keywords: input.seo?.keywords ?? [],
    },
    searchText: buildProductSearchText({
      name: input.name,
      brand: input.brand,
      model: input.model ?? null,
      categoryNames: place.names,
    }),
  };
}

/** Runs a write; maps the unique slug and GTIN to their Turkish 409s; empties this instance's caches after it. */
async function write<T>(work: () => Promise<T>): Promise<T> {
  try {
    const result = await work();
    invalidatePublicReads();
    return result;
  } catch (err) {
    if (isUniqueViolation(err, 'products_slug_uq')) throw field(409, 'PRODUCT_SLUG_TAKEN', 'slug', m.slugTaken);
    if (isUniqueViolation(err, 'products_gtin_uq')) throw field(409, 'PRODUCT_GTIN_TAKEN', 'gtin', m.gtinTaken);
    throw err;
  }
}

/** A new product; its product_prices row is made by the insert trigger and stays empty until a store offers it. */
export async function createAdminProduct(
  { db, images }: AdminProductsDeps,
  actor: AuditActor,
  form: AdminProductCreate,
): Promise<AdminProduct> {
  const input = await withKeptImages(images, form);
  return write(() =>
    db.transaction(async (tx) => {
      const id = await repo.insertProduct(tx, await rowOf(tx, input));
      const created = presentAdminProduct((await repo.findProduct(tx, id))!);
      await recordAudit(tx, actor, { action: 'product.create', entityType: 'product', entityId: id, after: created });
      // Listings, search and category pages show it at once, on every instance (ADR 010).
      await announceReadChange(tx, EVERYTHING);
      return created;
    }),
  );
}

export async function updateAdminProduct(
  { db, images }: AdminProductsDeps,
  actor: AuditActor,
  id: string,
  form: AdminProductCreate,
): Promise<AdminProduct> {
  // An unknown product is a 404 before any picture is downloaded for it.
  if (!(await repo.findProduct(db, id))) throw productNotFound();
  const input = await withKeptImages(images, form);
  return write(() =>
    db.transaction(async (tx) => {
      const before = await repo.findProduct(tx, id, { lock: true });
      if (!before) throw productNotFound();
      await repo.updateProduct(tx, id, await rowOf(tx, input));
      const after = presentAdminProduct((await repo.findProduct(tx, id))!);
      await recordAudit(tx, actor, {
        action: 'product.update',
        entityType: 'product',
        entityId: id,
        before: presentAdminProduct(before),
        after,
      });
      await announceReadChange(tx, EVERYTHING);
      return after;
    }),
  );
}

/**
 * Deletes a product nobody relies on. One with store offers (and their price history), reviews,
 * favorites or price alerts is refused: deletion would take them along. It can be made inactive.
 */
export async function deleteAdminProduct({ db }: AdminProductsDeps, actor: AuditActor, id: string): Promise<void> {
  await write(() =>
    db.transaction(async (tx) => {
      const before = await repo.findProduct(tx, id, { lock: true });
      if (!before) throw productNotFound();
      const d = await repo.dependents(tx, id);
      const parts = [
        d.offers && `${d.offers} mağaza teklifi`,
        d.reviews && `${d.reviews} değerlendirmesi`,
        d.favorites && `${d.favorites} favori kaydı`,
        d.alerts && `${d.alerts} fiyat alarmı`,
      ].filter(Boolean);
      if (parts.length > 0) throw new AppError(409, 'PRODUCT_IN_USE', m.inUse(parts.join(', ')));
      await repo.deleteProduct(tx, id);
      await recordAudit(tx, actor, {
        action: 'product.delete',
        entityType: 'product',
        entityId: id,
        before: presentAdminProduct(before),
      });
      await announceReadChange(tx, EVERYTHING);
    }),
  );
}

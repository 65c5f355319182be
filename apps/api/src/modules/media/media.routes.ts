import { createHash } from 'node:crypto';
import { messages } from '@kiyasla/contracts/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { extensionFor } from '../../lib/image-type';
import { findMediaFile, findProductForImage, findStoreForLogo } from './media.repo';
import { parseImageVariant, renderProductImage } from './product-image';
import { renderStoreLogo } from './store-logo';

const PRODUCT_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.svg$/i;
const STORE_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/;
const MIRRORED_FILE = /^([0-9a-f]{64})\.([a-z]+)$/;

const fileParams = z.object({ file: z.string().max(200) });
const variantQuery = z.object({ v: z.string().max(5).optional() });

/**
 * Generated images: product pictures and store logos as SVG, so the catalog looks complete
 * without storing or hot-linking photos; and the pictures the back office named on other sites,
 * downloaded at save (`mirror-image.ts`). Registered under /api by the app. A malformed file
 * name is answered like an unknown one (404): for an image URL there is nothing to validate
 * for the user.
 */
export async function mediaRoutes(app: FastifyInstance, opts: { db: Database }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/media/products/:file',
    { schema: { hide: true, params: fileParams, querystring: variantQuery } },
    async (req, reply) => {
      const id = PRODUCT_FILE.exec(req.params.file)?.[1]?.toLowerCase();
      const product = id ? await findProductForImage(opts.db, id) : undefined;
      if (!product) throw notFound('PRODUCT_NOT_FOUND', messages.catalog.productNotFound);
      return sendSvg(req, reply, renderProductImage(product, parseImageVariant(req.query.v)));
    },
  );

  r.get('/media/stores/:file', { schema: { hide: true, params: fileParams } }, async (req, reply) => {
    const slug = STORE_FILE.exec(req.params.file)?.[1];
    const store = slug ? await findStoreForLogo(opts.db, slug) : undefined;
    if (!store) throw notFound('STORE_NOT_FOUND', messages.catalog.storeNotFound);
    return sendSvg(req, reply, renderStoreLogo(store));
  });

  // Pictures the back office named on another site, kept at save (ADR 021). The name is the hash
  // of the bytes, so the answer never changes: cacheable forever, revalidation by the hash.
  r.get('/media/files/:file', { schema: { hide: true, params: fileParams } }, async (req, reply) => {
    const match = MIRRORED_FILE.exec(req.params.file);
    const file = match ? await findMediaFile(opts.db, match[1]!) : undefined;
    if (!file || extensionFor(file.contentType) !== match?.[2]) {
      throw notFound('MEDIA_FILE_NOT_FOUND', messages.generic.notFoundRoute);
    }
    const etag = `"${file.id}"`;
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('content-security-policy', "default-src 'none'; sandbox");
    if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type(file.contentType).send(file.data);
  });
}

/** Cacheable for a day; the ETag (a hash of the bytes) makes revalidation a 304 without a body. */
function sendSvg(req: FastifyRequest, reply: FastifyReply, svg: string) {
  const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`;
  reply.header('cache-control', 'public, max-age=86400').header('etag', etag);
  if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('image/svg+xml; charset=utf-8').send(svg);
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

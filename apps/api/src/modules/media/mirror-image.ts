import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { imageMirrorMessages, type ImageMirrorErrorCode } from '@kiyasla/contracts/image-mirror-messages';
import type { Database } from '../../db/client';
import { AppError, type FieldError } from '../../lib/errors';
import { extensionFor, sniffImageType } from '../../lib/image-type';
import { FeedFetchError } from '../feeds/fetch/feed-fetch-error';
import { feedFetchAllow } from '../feeds/fetch/fetch-allow';
import { fetchFeed, type ResolveHost } from '../feeds/fetch/fetch-feed';
import { keepMediaFile, touchMediaFile } from './media.repo';

/** The largest picture kept (the avatar's limit, specification §5). */
export const MIRROR_MAX_BYTES = 5 * 1024 * 1024;
/** One picture's download, from connecting to the last byte. */
export const MIRROR_TIMEOUT_MS = 10_000;

/** Where mirrored pictures are served (media.routes.ts). */
export const MEDIA_FILE_PATH = '/api/media/files/';
/** A site path naming a kept picture, as `mirrorOne` writes it (a query or fragment may follow). */
const MEDIA_FILE_ADDRESS = /^\/api\/media\/files\/([0-9a-f]{64})\.([a-z]+)(?:[?#]|$)/;

export interface ImageMirrorDeps {
  db: Database;
  /** Private or loopback destinations that may be fetched all the same: the feed pulls' allow-list. */
  fetchAllow: () => Promise<readonly string[]>;
  /** The site's own origin (PUBLIC_URL): an address on it is kept as a site path, not downloaded. */
  publicOrigin: string;
  /** Default: the system resolver. Tests give names addresses without DNS. */
  resolve?: ResolveHost;
}

/** The app's picture downloads: its database, the feed pulls' allow-list and PUBLIC_URL. */
export function imageMirrorOf(app: FastifyInstance): ImageMirrorDeps {
  return { db: app.dbHandle.db, fetchAllow: () => feedFetchAllow(app), publicOrigin: app.config.publicUrl };
}

/** One picture address of a form, and the field it came from (`images.2.url`, `logo`). */
export interface ImageField {
  path: string;
  url: string;
}

class MirrorFailure extends Error {
  constructor(
    readonly code: ImageMirrorErrorCode,
    detail?: string,
  ) {
    const base = imageMirrorMessages[code];
    super(detail ? `${base.replace(/\.$/, '')} (${detail}).` : base);
  }
}

/**
 * The addresses a back-office form names, as they are stored (ADR 021): a site path stays as it
 * is, an address on the site's own origin becomes its path, and a picture on another site is
 * downloaded (only public addresses unless allow-listed, at most 5 MB, 10 s, three redirects),
 * checked to be a JPEG, PNG, GIF, WebP or AVIF picture by its bytes, kept in `media_files` and
 * named by its path here. Every kept picture the form names, downloaded or sent back as its path,
 * is marked used, which keeps the sweep away from it for a day. Runs before the form's
 * transaction; a picture that cannot be kept fails the save with 422 and a message under each
 * field that failed, and nothing of the form is saved.
 */
export async function mirrorImages(deps: ImageMirrorDeps, fields: readonly ImageField[]): Promise<string[]> {
  // By address (another site's) or path (ours): named twice in a form, fetched or marked once.
  const stored = new Map<string, Promise<string>>();
  let allow: Promise<readonly string[]> | undefined;
  const settled = await Promise.allSettled(
    fields.map((field) => {
      const local = sitePath(field.url, deps.publicOrigin);
      const key = local ?? field.url;
      let pending = stored.get(key);
      if (!pending) {
        if (local !== null) {
          pending = keptPath(deps.db, local);
        } else {
          allow ??= deps.fetchAllow();
          pending = allow.then((list) => mirrorOne(deps, field.url, list));
        }
        stored.set(key, pending);
      }
      return pending;
    }),
  );
  const errors: FieldError[] = [];
  let first: MirrorFailure | undefined;
  settled.forEach((result, i) => {
    if (result.status === 'fulfilled') return;
    if (!(result.reason instanceof MirrorFailure)) throw result.reason;
    first ??= result.reason;
    errors.push({ path: `body.${fields[i]!.path}`, message: result.reason.message });
  });
  if (first) throw new AppError(422, first.code, first.message, errors);
  return settled.map((result) => (result as PromiseFulfilledResult<string>).value);
}

/** The stored form of a site path or an address on our own origin; null for another site's. */
function sitePath(url: string, publicOrigin: string): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    if (parsed.origin === new URL(publicOrigin).origin) return `${parsed.pathname}${parsed.search}`;
  } catch {
    // The contract admits only site paths and http(s) addresses; anything else is downloaded and fails there.
  }
  return null;
}

/**
 * A site path as it is stored. One naming a kept picture marks the file used, as a download of it
 * would, so the sweep cannot delete it under the save; a file that is not there (swept, or never
 * kept) fails the save rather than leave the row naming a missing picture.
 */
async function keptPath(db: Database, path: string): Promise<string> {
  const file = MEDIA_FILE_ADDRESS.exec(path);
  if (!file) return path;
  const kept = await touchMediaFile(db, file[1]!);
  if (!kept || extensionFor(kept.contentType) !== file[2]) {
    throw new MirrorFailure('IMAGE_UNREACHABLE', 'dosya bulunamadı');
  }
  return path;
}

async function mirrorOne(deps: ImageMirrorDeps, url: string, allow: readonly string[]): Promise<string> {
  const bytes = await download(url, allow, deps.resolve);
  const contentType = sniffImageType(bytes);
  if (!contentType) throw new MirrorFailure('IMAGE_NOT_PICTURE');
  const id = createHash('sha256').update(bytes).digest('hex');
  await keepMediaFile(deps.db, { id, contentType, size: bytes.length, data: bytes, sourceUrl: url });
  return `${MEDIA_FILE_PATH}${id}.${extensionFor(contentType)}`;
}

async function download(url: string, allow: readonly string[], resolve: ResolveHost | undefined): Promise<Buffer> {
  try {
    const fetched = await fetchFeed(url, {
      timeoutMs: MIRROR_TIMEOUT_MS,
      maxBytes: MIRROR_MAX_BYTES,
      allow,
      accept: 'image/avif, image/webp, image/png, image/jpeg, image/gif;q=0.9, */*;q=0.1',
      ...(resolve ? { resolve } : {}),
    });
    if (fetched.status !== 'ok') throw new MirrorFailure('IMAGE_UNREACHABLE');
    const chunks: Uint8Array[] = [];
    for await (const chunk of fetched.body) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    if (!fetched.gzip) return body;
    try {
      return gunzipSync(body, { maxOutputLength: MIRROR_MAX_BYTES });
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw new MirrorFailure('IMAGE_TOO_LARGE');
      throw new MirrorFailure('IMAGE_UNREACHABLE', 'bozuk gzip');
    }
  } catch (error) {
    if (!(error instanceof FeedFetchError)) throw error;
    throw failureOf(error);
  }
}

function failureOf(error: FeedFetchError): MirrorFailure {
  switch (error.code) {
    case 'FEED_FETCH_BLOCKED_ADDRESS':
      return new MirrorFailure('IMAGE_BLOCKED_ADDRESS');
    case 'FEED_FETCH_TOO_LARGE':
      return new MirrorFailure('IMAGE_TOO_LARGE');
    case 'FEED_FETCH_HTTP_STATUS':
      return new MirrorFailure('IMAGE_UNREACHABLE', `HTTP ${error.status}`);
    case 'FEED_FETCH_TIMEOUT':
      return new MirrorFailure('IMAGE_UNREACHABLE', `${MIRROR_TIMEOUT_MS / 1000} saniyede yanıt gelmedi`);
    case 'FEED_FETCH_REDIRECT_LOOP':
    case 'FEED_FETCH_TOO_MANY_REDIRECTS':
      return new MirrorFailure('IMAGE_UNREACHABLE', 'çok fazla yönlendirme');
    case 'FEED_FETCH_UNSUPPORTED_ENCODING':
      return new MirrorFailure('IMAGE_UNREACHABLE', 'desteklenmeyen sıkıştırma');
    case 'FEED_FETCH_BAD_URL':
      return new MirrorFailure('IMAGE_UNREACHABLE', 'geçersiz adres');
    default:
      return new MirrorFailure('IMAGE_UNREACHABLE', 'sunucuya bağlanılamadı');
  }
}

import { httpMessages } from '@kiyasla/contracts/messages/http';
import { isRateLimited } from '~/lib/rate-limited';

const TEXT = { 'Content-Type': 'text/plain; charset=utf-8' };

/** A sitemap file, which search engines and caches may keep for an hour. */
export function xmlResponse(xml: string): Response {
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}

/** An address under /sitemaps/ that names no file. */
export function sitemapNotFound(): Response {
  return new Response('Site haritasında böyle bir dosya yok.', { status: 404, headers: TEXT });
}

/** A sitemap file whose reads failed: the limiter's 429, or a 503 to try again later. */
export function sitemapFailure(reason: unknown): Response {
  // The server's page handler adds the limiter's Retry-After (web/ssr.ts).
  if (isRateLimited(reason)) return new Response(httpMessages.rateLimited, { status: 429, headers: TEXT });
  // Better no sitemap this time than a partial one that drops pages from the index.
  return new Response('Site haritası şu anda oluşturulamıyor.', {
    status: 503,
    headers: { ...TEXT, 'Retry-After': '300' },
  });
}

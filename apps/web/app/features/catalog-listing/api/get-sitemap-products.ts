import type { SitemapPart, SitemapProduct } from '@kiyasla/contracts/catalog';
import { apiGet, type ApiRequestInit } from '~/lib/api-client';

/** `GET /sitemap/products`: the parts of the sitemap's product pages, each with its latest change. */
export function getSitemapParts(init?: ApiRequestInit): Promise<SitemapPart[]> {
  return apiGet<SitemapPart[]>('/sitemap/products', init);
}

/** `GET /sitemap/products/:part`: a part's product pages and when each last changed (404 past the last). */
export function getSitemapPart(part: number, init?: ApiRequestInit): Promise<SitemapProduct[]> {
  return apiGet<SitemapProduct[]>(`/sitemap/products/${part}`, init);
}

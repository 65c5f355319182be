import type { SitemapProduct } from '@kiyasla/contracts/catalog';
import { apiGet, type ApiRequestInit } from '~/lib/api-client';

/** `GET /sitemap/products`: every listed product and when its page last changed, for the sitemap. */
export function getSitemapProducts(init?: ApiRequestInit): Promise<SitemapProduct[]> {
  return apiGet<SitemapProduct[]>('/sitemap/products', init);
}

import type { Route } from './+types/sitemap[.]xml';
import { messages } from '@kiyasla/contracts/messages';
import { getCategories } from '~/entities/category/api/get-categories';
import { getSitemapProducts } from '~/features/catalog-listing/api/get-sitemap-products';
import { buildSitemap, sitemapEntries } from '~/features/catalog-listing/sitemap';
import { isRateLimited } from '~/lib/rate-limited';
import { siteOrigin } from '~/lib/seo';

export async function loader({ request, context }: Route.LoaderArgs) {
  const init = { context, signal: request.signal };
  try {
    const [categories, products] = await Promise.all([getCategories(init), getSitemapProducts(init)]);
    return new Response(buildSitemap(siteOrigin(request), sitemapEntries(categories, products)), {
      headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
    });
  } catch (reason) {
    // The server's page handler adds the limiter's Retry-After (web/ssr.ts).
    if (isRateLimited(reason)) {
      return new Response(messages.generic.rateLimited, {
        status: 429,
        headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      });
    }
    // Better no sitemap this time than a partial one that drops pages from the index.
    return new Response('Site haritası şu anda oluşturulamıyor.', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '300' },
    });
  }
}

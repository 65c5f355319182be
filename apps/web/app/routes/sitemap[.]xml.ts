import type { Route } from './+types/sitemap[.]xml';
import { getSitemapParts } from '~/features/catalog-listing/api/get-sitemap-products';
import { buildSitemapIndex } from '~/features/catalog-listing/sitemap';
import { sitemapFailure, xmlResponse } from '~/features/catalog-listing/sitemap-response';
import { siteOrigin } from '~/lib/seo';

/** The sitemap index: the site's pages' file, then each part of the product pages. */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    const parts = await getSitemapParts({ context, signal: request.signal });
    return xmlResponse(buildSitemapIndex(siteOrigin(request), parts));
  } catch (reason) {
    return sitemapFailure(reason);
  }
}

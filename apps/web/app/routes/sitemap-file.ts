import type { Route } from './+types/sitemap-file';
import { getCategories } from '~/entities/category/api/get-categories';
import { getSitemapPart } from '~/features/catalog-listing/api/get-sitemap-products';
import { buildSitemap, pageEntries, parseSitemapFile, productEntries } from '~/features/catalog-listing/sitemap';
import { sitemapFailure, sitemapNotFound, xmlResponse } from '~/features/catalog-listing/sitemap-response';
import { isApiError } from '~/lib/api-client';
import { siteOrigin } from '~/lib/seo';

/** /sitemaps/pages.xml and /sitemaps/products-N.xml, the files /sitemap.xml lists. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const file = parseSitemapFile(params.file);
  if (!file) return sitemapNotFound();
  const init = { context, signal: request.signal };
  try {
    const entries =
      file.kind === 'pages'
        ? pageEntries(await getCategories(init))
        : productEntries(await getSitemapPart(file.part, init));
    return xmlResponse(buildSitemap(siteOrigin(request), entries));
  } catch (reason) {
    // A part past the last one (the catalogue shrank since the index was read).
    if (isApiError(reason) && reason.status === 404) return sitemapNotFound();
    return sitemapFailure(reason);
  }
}

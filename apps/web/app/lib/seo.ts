/** Page titles, descriptions and absolute URLs for meta tags. */
import { PRODUCT_NAME } from '@kiyasla/contracts/constants';

export const SITE_NAME = PRODUCT_NAME;
export const DEFAULT_TITLE = `${PRODUCT_NAME} — Fiyat Karşılaştırma ve Fiyat Takibi`;
export const DEFAULT_DESCRIPTION =
  'Kıyasla ile binlerce ürünün fiyatını mağazalar arasında karşılaştırın, fiyat geçmişini izleyin ve fiyat düştüğünde haber alın.';

/** "Sayfa Bulunamadı" → "Sayfa Bulunamadı | Kıyasla" */
export function pageTitle(title: string): string {
  return `${title} | ${PRODUCT_NAME}`;
}

/**
 * The public origin for canonical links, og:url, JSON-LD, the sitemap and robots.txt. The server
 * builds every page request's URL from the configured public origin (PUBLIC_URL, apps/api
 * web/ssr.ts), never from the Host header a client sent, so the request's own origin is it.
 */
export function siteOrigin(request: Request): string {
  return new URL(request.url).origin;
}

/**
 * The canonical link of a page whose own loader does not know the origin: made absolute (as
 * search engines require) from the origin the root loader gives. Without it (the root answered
 * an error) the tag is left out rather than written relative.
 */
export function canonicalMeta(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
  path: string,
): Array<Record<string, string>> {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { origin?: unknown } | null | undefined;
  const origin = typeof root?.origin === 'string' ? root.origin : null;
  return origin ? [{ tagName: 'link', rel: 'canonical', href: absoluteUrl(origin, path) }] : [];
}

export interface PageMetaInput {
  title: string;
  description: string;
  /** Absolute canonical URL (also og:url). */
  url: string;
  image?: string | null;
  type?: 'website' | 'product';
  noindex?: boolean;
}

/** The tags every public page carries: title, description, canonical, Open Graph and Twitter. */
export function pageMeta({ title, description, url, image, type = 'website', noindex }: PageMetaInput) {
  const tags: Array<Record<string, string>> = [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: type },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'tr_TR' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ];
  if (image) tags.push({ property: 'og:image', content: image });
  if (noindex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}

/** A site-relative path or URL made absolute against the origin. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  try {
    return new URL(pathOrUrl, `${origin}/`).href;
  } catch {
    return pathOrUrl;
  }
}

/** Text cut to at most `max` characters on a word boundary, for meta descriptions. */
export function truncateText(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** schema.org BreadcrumbList for "Ana Sayfa › … › current"; `path` of the last item may be omitted. */
export function breadcrumbJsonLd(origin: string, items: ReadonlyArray<{ name: string; path?: string }>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      ...(item.path ? { item: absoluteUrl(origin, item.path) } : {}),
    })),
  };
}

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
 * The public origin for canonical and og:url. PUBLIC_SITE_URL wins (behind a proxy the
 * request URL may carry an internal host); otherwise the request's own origin.
 */
export function siteOrigin(request: Request): string {
  const configured = typeof process !== 'undefined' ? process.env.PUBLIC_SITE_URL : undefined;
  if (configured) return configured.replace(/\/+$/, '');
  return new URL(request.url).origin;
}

import type { Route } from './+types/robots[.]txt';
import { siteOrigin } from '~/lib/seo';

/** Private and per-user pages, and the API: nothing for a search engine there. */
const DISALLOWED = [
  '/api/',
  '/favorites',
  '/profile',
  '/account-settings',
  '/privacy-settings',
  '/payment-methods',
  '/notifications',
  '/phone-verification',
  '/price-alerts',
  '/admin',
  '/search',
];

/**
 * Exceptions inside a disallowed path (the longest matching rule wins): the product images
 * that og:image and the product JSON-LD point to are served under /api/media/.
 */
const ALLOWED = ['/api/media/'];

export function loader({ request }: Route.LoaderArgs) {
  const body = [
    'User-agent: *',
    'Allow: /',
    ...ALLOWED.map((path) => `Allow: ${path}`),
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${siteOrigin(request)}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}

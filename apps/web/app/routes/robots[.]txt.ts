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

export function loader({ request }: Route.LoaderArgs) {
  const body = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${siteOrigin(request)}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}

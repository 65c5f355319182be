import { confirmEmailLink } from '~/features/auth/api/verify-email';
import { lazyHydrated } from '~/lib/lazy-component';
import { refuseIfRateLimited } from '~/lib/rate-limited';
import { pageTitle } from '~/lib/seo';
import type { Route } from './+types/verify-email';

// Server-rendered in full; its code is fetched after the first paint and hydrated when it
// arrives: the page's initial JavaScript stays within the budget (ADR 011).
const VerifyEmailPage = lazyHydrated(() =>
  import('~/features/auth/components/verify-email-page').then((m) => m.VerifyEmailPage),
);

/** The mailed link is confirmed on the server, before the page renders: it works without JavaScript. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return confirmEmailLink(token, { context, signal: request.signal }).catch((reason: unknown) => {
    refuseIfRateLimited(reason);
    throw reason;
  });
}

/** A client-side navigation: the server confirms while the page's code downloads. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [outcome] = await Promise.all([serverLoader(), VerifyEmailPage.preload().catch(() => undefined)]);
  return outcome;
}

// The answer depends on the link and changes once it is used: never stored by a cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('E-posta Doğrulama') },
  { name: 'robots', content: 'noindex' },
  // The token in the address must not leak to other sites through the Referer header.
  { name: 'referrer', content: 'no-referrer' },
];

export default function VerifyEmailRoute({ loaderData }: Route.ComponentProps) {
  return <VerifyEmailPage outcome={loaderData} />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

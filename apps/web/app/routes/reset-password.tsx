import { redirect } from 'react-router';
import { lazyHydrated } from '~/lib/lazy-component';
import { pageTitle } from '~/lib/seo';
import type { Route } from './+types/reset-password';

// Server-rendered in full; its code (the form, react-hook-form and zod) is fetched after the
// first paint and hydrated when it arrives: the page's initial JavaScript stays within the budget (ADR 011).
const ResetPasswordForm = lazyHydrated(() =>
  import('~/features/auth/components/reset-password-form').then((m) => m.ResetPasswordForm),
);

// On a client-side navigation the previous page stays until this one's code has arrived. The server
// loader only keeps the clientLoader from running at hydration (a route without one would hydrate it).
export const loader = () => null;
export const clientLoader = () =>
  ResetPasswordForm.preload().then(
    () => null,
    () => null,
  );

// The form is `method="post"`: sent before its code has arrived, it comes back to the page
// (nothing is sent on, and the password never appears in an address).
export function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url);
  return redirect(url.pathname + url.search, 303);
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Şifre Sıfırlama') },
  { name: 'robots', content: 'noindex' },
  // The token in the address must not leak to other sites through the Referer header.
  { name: 'referrer', content: 'no-referrer' },
];

export default function ResetPasswordRoute() {
  return <ResetPasswordForm />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

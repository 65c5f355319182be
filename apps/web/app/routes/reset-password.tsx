import { noLoaderData, afterPageCode, backToThePage, lazyHydrated } from '~/lib/lazy-component';
import { pageTitle } from '~/lib/seo';
import type { Route } from './+types/reset-password';

// Server-rendered in full; its code (the form, react-hook-form and zod) is fetched after the
// first paint and hydrated when it arrives: the page's initial JavaScript stays within the budget (ADR 011).
const ResetPasswordForm = lazyHydrated(() =>
  import('~/features/auth/components/reset-password-form').then((m) => m.ResetPasswordForm),
);

export const loader = noLoaderData;
export const clientLoader = afterPageCode(ResetPasswordForm);

export const action = backToThePage;

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

import { noLoaderData, afterPageCode, backToThePage, lazyHydrated } from '~/lib/lazy-component';
import { pageTitle } from '~/lib/seo';
import type { Route } from './+types/forgot-password';

// Server-rendered in full; its code (the form, react-hook-form and zod) is fetched after the
// first paint and hydrated when it arrives: the page's initial JavaScript stays within the budget (ADR 011).
const ForgotPasswordForm = lazyHydrated(() =>
  import('~/features/auth/components/forgot-password-form').then((m) => m.ForgotPasswordForm),
);

export const loader = noLoaderData;
export const clientLoader = afterPageCode(ForgotPasswordForm);

export const action = backToThePage;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Şifremi Unuttum') },
  { name: 'robots', content: 'noindex' },
];

export default function ForgotPasswordRoute() {
  return <ForgotPasswordForm />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

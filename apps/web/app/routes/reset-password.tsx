import { ResetPasswordForm } from '~/features/auth/components/reset-password-form';
import { pageTitle } from '~/lib/seo';
import type { Route } from './+types/reset-password';

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

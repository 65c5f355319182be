import { ForgotPasswordForm } from '~/features/auth/components/forgot-password-form';
import { pageTitle } from '~/lib/seo';
import type { Route } from './+types/forgot-password';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Şifremi Unuttum') },
  { name: 'robots', content: 'noindex' },
];

export default function ForgotPasswordRoute() {
  return <ForgotPasswordForm />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

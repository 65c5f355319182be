import { RequireAuth } from '~/entities/session/components/require-auth';
import { PhoneVerificationPage } from '~/features/phone-verification/components/phone-verification-page';
import { pageTitle } from '~/lib/seo';
import type { Route } from './+types/phone-verification';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Telefon Doğrulama') },
  { name: 'robots', content: 'noindex' },
];

export default function PhoneVerificationRoute() {
  return (
    <RequireAuth description="Telefon numaranızı doğrulamak için giriş yapın.">
      {() => <PhoneVerificationPage />}
    </RequireAuth>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

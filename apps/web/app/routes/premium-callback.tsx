import { RequireAuth } from '~/entities/session/components/require-auth';
import { PremiumCallbackPage } from '~/features/premium-callback/components/premium-callback-page';
import { pageTitle } from '~/lib/seo';
import type { Route } from './+types/premium-callback';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Ödeme Sonucu') },
  { name: 'robots', content: 'noindex' },
];

export default function PremiumCallbackRoute() {
  return (
    <RequireAuth description="Ödemenizin sonucunu görmek için giriş yapın.">
      {() => <PremiumCallbackPage />}
    </RequireAuth>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

import { RequireAuth } from '~/entities/session/components/require-auth';
import { PriceAlertsPage } from '~/features/price-alerts/components/price-alerts-page';
import { pageTitle } from '~/lib/seo';
import type { Route } from './+types/price-alerts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Fiyat Alarmları') },
  { name: 'robots', content: 'noindex' },
];

export default function PriceAlertsRoute() {
  return (
    <RequireAuth description="Fiyat alarmlarınızı görmek ve yönetmek için giriş yapın.">
      {(user) => <PriceAlertsPage user={user} />}
    </RequireAuth>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

import { RequireAuth } from '~/entities/session/components/require-auth';
import { PaymentMethodsPage } from '~/features/payment-methods/components/payment-methods-page';
import { pageTitle } from '~/lib/seo';
import type { Route } from './+types/payment-methods';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Ödeme Yöntemleri') },
  { name: 'robots', content: 'noindex' },
];

export default function PaymentMethodsRoute() {
  return (
    <RequireAuth description="Ödeme yöntemlerinizi görmek için giriş yapın.">
      {(user) => <PaymentMethodsPage user={user} />}
    </RequireAuth>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

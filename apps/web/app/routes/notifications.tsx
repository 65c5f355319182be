import { RequireAuth } from '~/entities/session/components/require-auth';
import { NotificationsPage } from '~/features/notifications/components/notifications-page';
import { pageTitle } from '~/lib/seo';
import type { Route } from './+types/notifications';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Bildirimler') },
  { name: 'robots', content: 'noindex' },
];

export default function NotificationsRoute() {
  return (
    <RequireAuth description="Bildirimlerinizi görmek için giriş yapın.">{() => <NotificationsPage />}</RequireAuth>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

import { pageTitle } from '~/lib/seo';
import { SectionForbidden } from '~/features/admin-layout/components/admin-gate';
import { useAdminUser } from '~/features/admin-layout/hooks/use-admin-user';
import { SystemNotificationPage } from '~/features/admin-notifications/components/system-notification-page';
import type { Route } from './+types/admin-notifications';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Sistem Bildirimi') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminNotificationsRoute() {
  const user = useAdminUser();
  return user.role === 'admin' ? <SystemNotificationPage /> : <SectionForbidden />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

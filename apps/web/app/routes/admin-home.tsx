import { pageTitle } from '~/lib/seo';
import { DashboardPage } from '~/features/admin-dashboard/components/dashboard-page';
import { sectionsFor } from '~/features/admin-layout/utils/admin-sections';
import { useAdminUser } from '~/features/admin-layout/hooks/use-admin-user';
import type { Route } from './+types/admin-home';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Genel Bakış') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminHomeRoute() {
  const user = useAdminUser();
  return <DashboardPage firstName={user.firstName} sections={sectionsFor(user.role).map((s) => s.to)} />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

import { pageTitle } from '~/lib/seo';
import { SectionForbidden } from '~/features/admin-layout/components/admin-gate';
import { useAdminUser } from '~/features/admin-layout/hooks/use-admin-user';
import { AdminSettingsPage } from '~/features/admin-settings/components/admin-settings-page';
import type { Route } from './+types/admin-settings';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Sistem Ayarları') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminSettingsRoute() {
  const user = useAdminUser();
  return user.role === 'admin' ? <AdminSettingsPage /> : <SectionForbidden />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

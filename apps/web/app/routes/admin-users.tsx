import { pageTitle } from '~/lib/seo';
import { SectionForbidden } from '~/features/admin-layout/components/admin-gate';
import { useAdminUser } from '~/features/admin-layout/hooks/use-admin-user';
import { AdminUsersPage } from '~/features/admin-users/components/admin-users-page';
import { useSearchParams } from 'react-router';
import type { Route } from './+types/admin-users';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Kullanıcılar') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminUsersRoute() {
  const user = useAdminUser();
  const q = useSearchParams()[0].get('q') ?? '';
  return user.role === 'admin' ? <AdminUsersPage key={q} currentUser={user} initialSearch={q} /> : <SectionForbidden />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

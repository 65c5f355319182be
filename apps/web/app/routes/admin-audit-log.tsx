import { pageTitle } from '~/lib/seo';
import { SectionForbidden } from '~/features/admin-layout/components/admin-gate';
import { useAdminUser } from '~/features/admin-layout/hooks/use-admin-user';
import { AuditLogPage } from '~/features/admin-audit-log/components/audit-log-page';
import type { Route } from './+types/admin-audit-log';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Denetim Kaydı') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminAuditLogRoute() {
  const user = useAdminUser();
  return user.role === 'admin' ? <AuditLogPage /> : <SectionForbidden />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

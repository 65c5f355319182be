import { useSearchParams } from 'react-router';
import { adminSubscriptionMessages } from '@kiyasla/contracts/admin-subscriptions';
import { pageTitle } from '~/lib/seo';
import { SectionForbidden } from '~/features/admin-layout/components/admin-gate';
import { useAdminUser } from '~/features/admin-layout/hooks/use-admin-user';
import { AdminSubscriptionsPage } from '~/features/admin-subscriptions/components/admin-subscriptions-page';
import type { Route } from './+types/admin-subscriptions';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle(adminSubscriptionMessages.title) },
  { name: 'robots', content: 'noindex' },
];

/** Subscriptions and refunds are admins' only (ADR 016). */
export default function AdminSubscriptionsRoute() {
  const user = useAdminUser();
  const q = useSearchParams()[0].get('q') ?? '';
  return user.role === 'admin' ? <AdminSubscriptionsPage key={q} initialSearch={q} /> : <SectionForbidden />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

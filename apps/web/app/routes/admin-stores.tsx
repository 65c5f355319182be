import { pageTitle } from '~/lib/seo';
import { AdminStoresPage } from '~/features/admin-stores/components/admin-stores-page';
import { useSearchParams } from 'react-router';
import type { Route } from './+types/admin-stores';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Mağazalar') },
  { name: 'robots', content: 'noindex' },
];

/** Stores and feeds are moderators' work as much as admins' (ADR 016): the gate let both in. */
export default function AdminStoresRoute() {
  const q = useSearchParams()[0].get('q') ?? '';
  return <AdminStoresPage key={q} initialSearch={q} />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

import { pageTitle } from '~/lib/seo';
import { AdminCategoriesPage } from '~/features/admin-categories/components/admin-categories-page';
import type { Route } from './+types/admin-categories';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Kategoriler') },
  { name: 'robots', content: 'noindex' },
];

/** The catalog is moderators' work as much as admins' (ADR 016): the gate let both in. */
export default function AdminCategoriesRoute() {
  return <AdminCategoriesPage />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

import { pageTitle } from '~/lib/seo';
import { AdminCategoriesPage } from '~/features/admin-categories/components/admin-categories-page';
import { useSearchParams } from 'react-router';
import type { Route } from './+types/admin-categories';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Kategoriler') },
  { name: 'robots', content: 'noindex' },
];

/** The catalog is moderators' work as much as admins' (ADR 016): the gate let both in. */
export default function AdminCategoriesRoute() {
  const q = useSearchParams()[0].get('q') ?? '';
  return <AdminCategoriesPage key={q} initialSearch={q} />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

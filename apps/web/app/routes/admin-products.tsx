import { pageTitle } from '~/lib/seo';
import { AdminProductsPage } from '~/features/admin-products/components/admin-products-page';
import { useSearchParams } from 'react-router';
import type { Route } from './+types/admin-products';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Ürünler') }, { name: 'robots', content: 'noindex' }];

/** The catalog is moderators' work as much as admins' (ADR 016): the gate let both in. */
export default function AdminProductsRoute() {
  const q = useSearchParams()[0].get('q') ?? '';
  return <AdminProductsPage key={q} initialSearch={q} />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

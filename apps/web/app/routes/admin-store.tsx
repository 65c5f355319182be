import { pageTitle } from '~/lib/seo';
import { StoreDetailPage } from '~/features/admin-stores/components/store-detail-page';
import type { Route } from './+types/admin-store';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Mağaza ve Ürün Akışı') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminStoreRoute({ params }: Route.ComponentProps) {
  return <StoreDetailPage key={params.id} storeId={params.id} />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

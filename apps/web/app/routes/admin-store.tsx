import { pageTitle } from '~/lib/seo';
import { StoreDetailPage } from '~/features/admin-stores/components/store-detail-page';
import type { ProductCreateDialog } from '~/features/admin-stores/components/create-product-from-item';
import { ProductFormDialog } from '~/features/admin-products/components/product-form-dialog';
import type { Route } from './+types/admin-store';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Mağaza ve Ürün Akışı') },
  { name: 'robots', content: 'noindex' },
];

/** "Ürün oluştur" of the unmatched queue opens the products feature's create modal. */
const CreateProductDialog: ProductCreateDialog = ({ prefill, onSaved, onClose }) => (
  <ProductFormDialog product={null} prefill={prefill} onSaved={onSaved} onClose={onClose} />
);

export default function AdminStoreRoute({ params }: Route.ComponentProps) {
  return <StoreDetailPage key={params.id} storeId={params.id} productDialog={CreateProductDialog} />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

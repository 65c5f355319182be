import { ComparisonPage } from '~/features/comparison/components/comparison-page';
import { pageTitle } from '~/lib/seo';
import type { Route } from './+types/comparison';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Ürün Karşılaştırma') },
  {
    name: 'description',
    content: 'Seçtiğiniz ürünlerin fiyatlarını, teknik özelliklerini ve mağazalarını yan yana karşılaştırın.',
  },
  // The page shows this browser session's list: nothing for a search engine to index.
  { name: 'robots', content: 'noindex, follow' },
];

export default function ComparisonRoute() {
  return <ComparisonPage />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

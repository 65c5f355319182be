import { noLoaderData, afterPageCode, lazyHydrated } from '~/lib/lazy-component';
import { pageTitle } from '~/lib/seo';
import type { Route } from './+types/comparison';

// Server-rendered in full; its code (the tables, tabs, dialogs and zod schemas) is fetched after the
// first paint and hydrated when it arrives: the page's initial JavaScript stays within the budget (ADR 011).
const ComparisonPage = lazyHydrated(() =>
  import('~/features/comparison/components/comparison-page').then((m) => m.ComparisonPage),
);

export const loader = noLoaderData;
export const clientLoader = afterPageCode(ComparisonPage);

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

import { pageTitle } from '~/lib/seo';
import { SearchTermsPage } from '~/features/admin-search-terms/components/search-terms-page';
import type { Route } from './+types/admin-search-terms';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Arama Terimleri') },
  { name: 'robots', content: 'noindex' },
];

/** Admins and moderators (the admin layout's gate lets only staff in). */
export default function AdminSearchTermsRoute() {
  return <SearchTermsPage />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

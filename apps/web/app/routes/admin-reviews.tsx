import { pageTitle } from '~/lib/seo';
import { AdminReviewsPage } from '~/features/admin-reviews/components/admin-reviews-page';
import type { Route } from './+types/admin-reviews';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Yorumlar') },
  { name: 'robots', content: 'noindex' },
];

/** Admins and moderators (the admin layout's gate lets only staff in): reviews are catalog content. */
export default function AdminReviewsRoute() {
  return <AdminReviewsPage />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

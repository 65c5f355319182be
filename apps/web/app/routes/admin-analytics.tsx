import { pageTitle } from '~/lib/seo';
import { AnalyticsPage } from '~/features/admin-analytics/components/analytics-page';
import type { Route } from './+types/admin-analytics';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Analitik') },
  { name: 'robots', content: 'noindex' },
];

export default function AdminAnalyticsRoute() {
  return <AnalyticsPage />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

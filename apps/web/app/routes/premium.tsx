import { PremiumPlansPage } from '~/features/premium-plans/components/premium-plans-page';
import { pageMeta, pageTitle, siteOrigin } from '~/lib/seo';
import type { Route } from './+types/premium';

export function loader({ request }: Route.LoaderArgs) {
  return { origin: siteOrigin(request) };
}

// The same page as /premium-plans (both addresses are linked, §1); search engines get one.
export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: pageTitle('Premium'),
    description:
      'Kıyasla Premium: aylık 29,99 TL, yıllık 337,50 TL veya ömür boyu 1.429,99 TL. Fiyat alarmları, sınırsız karşılaştırma ve reklamsız deneyim.',
    url: `${loaderData?.origin ?? ''}/premium-plans`,
  });

export default function PremiumRoute() {
  return <PremiumPlansPage />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

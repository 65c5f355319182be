import { lazyHydrated } from '~/lib/lazy-component';
import { pageMeta, pageTitle, siteOrigin } from '~/lib/seo';
import type { Route } from './+types/premium';

// Server-rendered in full; its code (the plans, checkout and its zod schemas) is fetched after the
// first paint and hydrated when it arrives: the page's initial JavaScript stays within the budget (ADR 011).
const PremiumPlansPage = lazyHydrated(() =>
  import('~/features/premium-plans/components/premium-plans-page').then((m) => m.PremiumPlansPage),
);

export function loader({ request }: Route.LoaderArgs) {
  return { origin: siteOrigin(request) };
}

// On a client-side navigation the previous page stays until this one's code has arrived.
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), PremiumPlansPage.preload().catch(() => undefined)]);
  return data;
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

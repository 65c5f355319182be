import { PRODUCT_NAME } from '@kiyasla/contracts/constants';
import { getStores } from '~/features/stores/api/get-stores';
import { StoresPage } from '~/features/stores/components/stores-page';
import { refuseIfRateLimited } from '~/lib/rate-limited';
import { pageMeta, pageTitle, siteOrigin } from '~/lib/seo';
import type { Route } from './+types/stores';

export async function loader({ request, context }: Route.LoaderArgs) {
  const stores = await getStores({ context, signal: request.signal }).catch((reason: unknown) => {
    refuseIfRateLimited(reason);
    throw reason;
  });
  return { stores, origin: siteOrigin(request) };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: pageTitle('Mağazalar'),
    description: `${PRODUCT_NAME} ile fiyatlarını karşılaştırdığınız mağazalar: puanları, fiyatlandırdıkları ürün sayısı ve web siteleri.`,
    url: `${loaderData?.origin ?? ''}/stores`,
  });

export default function StoresRoute({ loaderData }: Route.ComponentProps) {
  return <StoresPage stores={loaderData.stores} />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

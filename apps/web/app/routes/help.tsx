import { noLoaderData, afterPageCode, lazyHydrated } from '~/lib/lazy-component';
import { canonicalMeta, pageTitle } from '~/lib/seo';
import type { Route } from './+types/help';

// Server-rendered in full; its code (the articles, their search and accordions) is fetched after the
// first paint and hydrated when it arrives: the page's initial JavaScript stays within the budget (ADR 011).
const HelpCenter = lazyHydrated(() => import('~/features/help/components/help-center').then((m) => m.HelpCenter));

export const loader = noLoaderData;
export const clientLoader = afterPageCode(HelpCenter);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Yardım Merkezi') },
  {
    name: 'description',
    content:
      'Kıyasla Yardım Merkezi: fiyat karşılaştırma, fiyat alarmları, karşılaştırma listeleri, hesap yönetimi ve Premium üyelik hakkında sık sorulan sorular.',
  },
  ...canonicalMeta(matches, '/help'),
];

export default function HelpRoute() {
  return <HelpCenter />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

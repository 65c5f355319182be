import { HelpCenter } from '~/features/help/components/help-center';
import { pageTitle } from '~/lib/seo';
import type { Route } from './+types/help';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Yardım Merkezi') },
  {
    name: 'description',
    content:
      'Kıyasla Yardım Merkezi: fiyat karşılaştırma, fiyat alarmları, karşılaştırma listeleri, hesap yönetimi ve Premium üyelik hakkında sık sorulan sorular.',
  },
];

export const links: Route.LinksFunction = () => [{ rel: 'canonical', href: '/help' }];

export default function HelpRoute() {
  return <HelpCenter />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

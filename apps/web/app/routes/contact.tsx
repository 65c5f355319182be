import { ContactPage } from '~/features/contact/components/contact-page';
import { pageTitle } from '~/lib/seo';
import type { Route } from './+types/contact';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('İletişim') },
  {
    name: 'description',
    content:
      'Kıyasla destek ekibine ulaşın: iletişim formu, e-posta, telefon, çalışma saatleri ve konuya göre yanıt süreleri.',
  },
];

export const links: Route.LinksFunction = () => [{ rel: 'canonical', href: '/contact' }];

export default function ContactRoute() {
  return <ContactPage />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

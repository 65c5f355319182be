import { noLoaderData, afterPageCode, backToThePage, lazyHydrated } from '~/lib/lazy-component';
import { canonicalMeta, pageTitle } from '~/lib/seo';
import type { Route } from './+types/contact';

// Server-rendered in full; its code (the form, react-hook-form and zod) is fetched after the
// first paint and hydrated when it arrives: the page's initial JavaScript stays within the budget (ADR 011).
const ContactPage = lazyHydrated(() => import('~/features/contact/components/contact-page').then((m) => m.ContactPage));

export const loader = noLoaderData;
export const clientLoader = afterPageCode(ContactPage);

export const action = backToThePage;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('İletişim') },
  {
    name: 'description',
    content:
      'Kıyasla destek ekibine ulaşın: iletişim formu, e-posta, telefon, çalışma saatleri ve konuya göre yanıt süreleri.',
  },
  ...canonicalMeta(matches, '/contact'),
];

export default function ContactRoute() {
  return <ContactPage />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

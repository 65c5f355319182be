import { noLoaderData, afterPageCode, backToThePage, lazyHydrated } from '~/lib/lazy-component';
import { pageTitle } from '~/lib/seo';
import type { Route } from './+types/register';

// Server-rendered in full; its code (the form, react-hook-form and zod) is fetched after the
// first paint and hydrated when it arrives: the page's initial JavaScript stays within the budget (ADR 011).
const RegisterForm = lazyHydrated(() => import('~/features/auth/components/register-form').then((m) => m.RegisterForm));

export const loader = noLoaderData;
export const clientLoader = afterPageCode(RegisterForm);

export const action = backToThePage;

// A form, not content: kept out of the index like the password pages (no canonical link then).
export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Kayıt Ol') },
  {
    name: 'description',
    content:
      'Ücretsiz Kıyasla hesabı oluşturun; fiyatları takip edin, favorilerinizi saklayın, fiyat düşünce haber alın.',
  },
  { name: 'robots', content: 'noindex' },
];

export default function RegisterRoute() {
  return <RegisterForm />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

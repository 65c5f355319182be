import { noLoaderData, afterPageCode, backToThePage, lazyHydrated } from '~/lib/lazy-component';
import { canonicalMeta, pageTitle } from '~/lib/seo';
import type { Route } from './+types/register';

// Server-rendered in full; its code (the form, react-hook-form and zod) is fetched after the
// first paint and hydrated when it arrives: the page's initial JavaScript stays within the budget (ADR 011).
const RegisterForm = lazyHydrated(() => import('~/features/auth/components/register-form').then((m) => m.RegisterForm));

export const loader = noLoaderData;
export const clientLoader = afterPageCode(RegisterForm);

export const action = backToThePage;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Kayıt Ol') },
  {
    name: 'description',
    content:
      'Ücretsiz Kıyasla hesabı oluşturun; fiyatları takip edin, favorilerinizi saklayın, fiyat düşünce haber alın.',
  },
  ...canonicalMeta(matches, '/register'),
];

export default function RegisterRoute() {
  return <RegisterForm />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

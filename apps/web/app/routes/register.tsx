import { RegisterForm } from '~/features/auth/components/register-form';
import { pageTitle } from '~/lib/seo';
import type { Route } from './+types/register';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Kayıt Ol') },
  {
    name: 'description',
    content:
      'Ücretsiz Kıyasla hesabı oluşturun; fiyatları takip edin, favorilerinizi saklayın, fiyat düşünce haber alın.',
  },
];

export const links: Route.LinksFunction = () => [{ rel: 'canonical', href: '/register' }];

export default function RegisterRoute() {
  return <RegisterForm />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

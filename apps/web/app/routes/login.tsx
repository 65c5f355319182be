import { LoginForm } from '~/features/auth/components/login-form';
import { pageTitle } from '~/lib/seo';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Giriş Yap') },
  {
    name: 'description',
    content: 'Kıyasla hesabınıza giriş yapın: favorileriniz, fiyat alarmlarınız ve karşılaştırmalarınız.',
  },
];

export const links: Route.LinksFunction = () => [{ rel: 'canonical', href: '/login' }];

export default function LoginRoute() {
  return <LoginForm />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

import { noLoaderData, afterPageCode, backToThePage, lazyHydrated } from '~/lib/lazy-component';
import { pageTitle } from '~/lib/seo';
import type { Route } from './+types/login';

// Server-rendered in full; its code (the form, react-hook-form and zod) is fetched after the
// first paint and hydrated when it arrives: the page's initial JavaScript stays within the budget (ADR 011).
const LoginForm = lazyHydrated(() => import('~/features/auth/components/login-form').then((m) => m.LoginForm));

export const loader = noLoaderData;
export const clientLoader = afterPageCode(LoginForm);

export const action = backToThePage;

// A form, not content: kept out of the index like the password pages (no canonical link then).
export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Giriş Yap') },
  {
    name: 'description',
    content: 'Kıyasla hesabınıza giriş yapın: favorileriniz, fiyat alarmlarınız ve karşılaştırmalarınız.',
  },
  { name: 'robots', content: 'noindex' },
];

export default function LoginRoute() {
  return <LoginForm />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

import { redirect } from 'react-router';
import { lazyHydrated } from '~/lib/lazy-component';
import { canonicalMeta, pageTitle } from '~/lib/seo';
import type { Route } from './+types/login';

// Server-rendered in full; its code (the form, react-hook-form and zod) is fetched after the
// first paint and hydrated when it arrives: the page's initial JavaScript stays within the budget (ADR 011).
const LoginForm = lazyHydrated(() => import('~/features/auth/components/login-form').then((m) => m.LoginForm));

// On a client-side navigation the previous page stays until this one's code has arrived. The server
// loader only keeps the clientLoader from running at hydration (a route without one would hydrate it).
export const loader = () => null;
export const clientLoader = () =>
  LoginForm.preload().then(
    () => null,
    () => null,
  );

// The form is `method="post"`: sent before its code has arrived, it comes back to the page
// (nothing is sent on, and the password never appears in an address).
export function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url);
  return redirect(url.pathname + url.search, 303);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Giriş Yap') },
  {
    name: 'description',
    content: 'Kıyasla hesabınıza giriş yapın: favorileriniz, fiyat alarmlarınız ve karşılaştırmalarınız.',
  },
  ...canonicalMeta(matches, '/login'),
];

export default function LoginRoute() {
  return <LoginForm />;
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

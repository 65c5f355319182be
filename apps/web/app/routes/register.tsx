import { redirect } from 'react-router';
import { lazyHydrated } from '~/lib/lazy-component';
import { canonicalMeta, pageTitle } from '~/lib/seo';
import type { Route } from './+types/register';

// Server-rendered in full; its code (the form, react-hook-form and zod) is fetched after the
// first paint and hydrated when it arrives: the page's initial JavaScript stays within the budget (ADR 011).
const RegisterForm = lazyHydrated(() => import('~/features/auth/components/register-form').then((m) => m.RegisterForm));

// On a client-side navigation the previous page stays until this one's code has arrived. The server
// loader only keeps the clientLoader from running at hydration (a route without one would hydrate it).
export const loader = () => null;
export const clientLoader = () =>
  RegisterForm.preload().then(
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

import { RequireAuth } from '~/entities/session/components/require-auth';
import { FavoritesPage } from '~/features/favorites/components/favorites-page';
import { pageTitle } from '~/lib/seo';
import type { Route } from './+types/favorites';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Favorilerim') },
  { name: 'robots', content: 'noindex' },
];

export default function FavoritesRoute() {
  return (
    <RequireAuth description="Favori ürünlerinizi görmek ve fiyatlarını takip etmek için giriş yapın.">
      {(user) => <FavoritesPage user={user} />}
    </RequireAuth>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

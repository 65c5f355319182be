import { RequireAuth } from '~/components/auth/require-auth';
import { RouteErrorContent } from '~/components/layout/lazy-route-error';
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="px-4 py-20">
      <RouteErrorContent error={error} />
    </div>
  );
}

import { RequireAuth } from '~/entities/session/components/require-auth';
import { ProfilePage } from '~/features/profile/components/profile-page';
import { pageTitle } from '~/lib/seo';
import type { Route } from './+types/profile';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Profilim') },
  { name: 'robots', content: 'noindex' },
];

export default function ProfileRoute() {
  return (
    <RequireAuth description="Profilinizi görüntülemek ve düzenlemek için giriş yapın.">
      {(user) => <ProfilePage user={user} />}
    </RequireAuth>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

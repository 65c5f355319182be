import { RequireAuth } from '~/entities/session/components/require-auth';
import { PrivacySettingsPage } from '~/features/privacy-settings/components/privacy-settings-page';
import { pageTitle } from '~/lib/seo';
import type { Route } from './+types/privacy-settings';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Gizlilik Ayarları') },
  { name: 'robots', content: 'noindex' },
];

export default function PrivacySettingsRoute() {
  return (
    <RequireAuth description="Gizlilik ayarlarınızı yönetmek için giriş yapın.">
      {(user) => <PrivacySettingsPage user={user} />}
    </RequireAuth>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

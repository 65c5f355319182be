import { RequireAuth } from '~/entities/session/components/require-auth';
import { AccountSettingsPage } from '~/features/account-settings/components/account-settings-page';
import { pageTitle } from '~/lib/seo';
import type { Route } from './+types/account-settings';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Hesap Ayarları') },
  { name: 'robots', content: 'noindex' },
];

export default function AccountSettingsRoute() {
  return (
    <RequireAuth description="Hesap ayarlarınızı yönetmek için giriş yapın.">
      {(user) => <AccountSettingsPage user={user} />}
    </RequireAuth>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

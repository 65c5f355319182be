import { Outlet } from 'react-router';
import { Toaster } from '~/components/ui/toaster';
import { AdminGate } from '~/features/admin-layout/components/admin-gate';
import { AdminShell } from '~/features/admin-layout/components/admin-shell';

/**
 * /admin/*: rendered on the client only (the server renders the gate's loading state, as the
 * session lives in the browser); its pages' code is in chunks no public page references.
 */
export default function AdminLayoutRoute() {
  return (
    <>
      <AdminGate>
        {(user) => (
          <AdminShell user={user}>
            <Outlet context={user} />
          </AdminShell>
        )}
      </AdminGate>
      <Toaster />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '~/components/ui/route-error-boundary';

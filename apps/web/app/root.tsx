import { useEffect, useState, type ReactNode } from 'react';
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import { isMaintenanceExemptPage, type MaintenanceState } from '@kiyasla/contracts/maintenance';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { themeInitScript } from '~/lib/theme';
import { useCspNonce } from '~/lib/csp-nonce';
import { Logo } from '~/features/site-layout/components/logo';
import { RouteErrorContent } from '~/components/ui/route-error-boundary';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, siteOrigin } from '~/lib/seo';
import { AuthProvider } from '~/entities/session/auth-context';
import { markAppHydrated } from '~/lib/hydrate-when-idle';
import { createQueryClient } from '~/lib/query-client';
import { lazyHydrated } from '~/lib/lazy-component';

// Shown only during maintenance: its code is not in the pages' initial JavaScript.
const MaintenancePage = lazyHydrated(() =>
  import('~/features/maintenance/components/maintenance-page').then((m) => m.MaintenancePage),
);

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export const meta: Route.MetaFunction = () => [
  { title: DEFAULT_TITLE },
  { name: 'description', content: DEFAULT_DESCRIPTION },
];

/**
 * While the site is in maintenance (the server passes its state in the load context), every
 * public page answers 503 with the maintenance page; the back office and the sign-in page stay.
 * When the visitor's rate limit refused one of a page's API calls, the server renders the page
 * again with `rateLimited`, and it answers 429 with the rate limit's message as a whole.
 * Otherwise it gives the site's public origin, from which the static pages' meta tags make their
 * absolute canonical address (`canonicalMeta`).
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const state = context.maintenance;
  if (state?.active && !isMaintenanceExemptPage(new URL(request.url).pathname)) {
    throw data({ maintenance: { message: state.message, endsAt: state.endsAt } }, { status: 503 });
  }
  if (context.rateLimited) throw data(null, { status: 429 });
  return { origin: siteOrigin(request) };
}

function maintenanceOf(error: unknown): Pick<MaintenanceState, 'message' | 'endsAt'> | null {
  if (!isRouteErrorResponse(error) || error.status !== 503) return null;
  return (error.data as { maintenance?: Pick<MaintenanceState, 'message' | 'endsAt'> } | null)?.maintenance ?? null;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useCspNonce();
  return (
    <html lang="tr" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* With a precedence React puts the stylesheet at the top of <head>, before the module
            preloads and JSON-LD: the browser requests it first, and nothing paints without it. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        {/* Sets the theme class before the first paint: no flash of the wrong theme. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: themeInitScript }} />
        <meta name="theme-color" content="#4f46e5" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#0d1020" media="(prefers-color-scheme: dark)" />
        <Meta />
        <Links />
      </head>
      <body className="bg-page text-ink antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // One client per browser session (and per request on the server), never shared between users.
  const [queryClient] = useState(() => createQueryClient());
  useEffect(markAppHydrated, []);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Outlet />
      </AuthProvider>
    </QueryClientProvider>
  );
}

/**
 * Last resort: the site layout itself failed, so this renders without header and footer. Also
 * the maintenance page and the rate limit's refusal, which the root loader raises.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const maintenance = maintenanceOf(error);
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6 lg:px-8">
          <Logo />
        </div>
      </header>
      <main id="main" className="flex flex-1 items-center justify-center px-4 py-16">
        {maintenance ? <MaintenancePage state={maintenance} /> : <RouteErrorContent error={error} />}
      </main>
    </div>
  );
}

import { useEffect, useState, type ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { themeInitScript } from '~/lib/theme';
import { useCspNonce } from '~/lib/csp-nonce';
import { Logo } from '~/features/site-layout/components/logo';
import { RouteErrorContent } from '~/components/ui/route-error-boundary';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE } from '~/lib/seo';
import { AuthProvider } from '~/entities/session/auth-context';
import { markAppHydrated } from '~/lib/hydrate-when-idle';
import { createQueryClient } from '~/lib/query-client';

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export const meta: Route.MetaFunction = () => [
  { title: DEFAULT_TITLE },
  { name: 'description', content: DEFAULT_DESCRIPTION },
];

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

/** Last resort: the site layout itself failed, so this renders without header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6 lg:px-8">
          <Logo />
        </div>
      </header>
      <main id="main" className="flex flex-1 items-center justify-center px-4 py-16">
        <RouteErrorContent error={error} />
      </main>
    </div>
  );
}

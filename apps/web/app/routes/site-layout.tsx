import { useCallback, useMemo } from 'react';
import { Outlet, useRevalidator, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/site-layout';
import { getCategories } from '~/entities/category/api/get-categories';
import { Header } from '~/features/site-layout/components/header';
import type { CategoryBarState } from '~/features/site-layout/components/category-bar';
import { Toaster } from '~/components/ui/toaster';
import { buildCategoryTree } from '~/entities/category/utils/categories';
import { lazyHydrated } from '~/lib/lazy-component';
import { hasPremiumHint } from '~/lib/stored-session/premium-hint';
import { hasSessionHint } from '~/lib/stored-session/session-hint';

// Neither the category bar (hidden on phones, links that work before hydration) nor the footer
// (below the fold) is needed for the first paint: their code is not in the initial JavaScript;
// the browser keeps the server's HTML and hydrates it once the code has arrived.
const CategoryBar = lazyHydrated(() =>
  import('~/features/site-layout/components/category-bar').then((m) => m.CategoryBar),
);
const Footer = lazyHydrated(() => import('~/features/site-layout/components/footer').then((m) => m.Footer));

export async function loader({ context, request }: Route.LoaderArgs) {
  // Whether the header renders the visitor's sign-in controls or a placeholder for a member's.
  const sessionHint = hasSessionHint(request.headers.get('cookie'));
  // Whether the house-ad slot is left out of the server's HTML (a premium member's browser).
  const premiumHint = sessionHint && hasPremiumHint(request.headers.get('cookie'));
  try {
    const categories = await getCategories({ context, signal: request.signal });
    return { categories, sessionHint, premiumHint };
  } catch {
    // The page still renders; the category bar shows its error state.
    return { categories: null, sessionHint, premiumHint };
  }
}

/**
 * Categories rarely change: keep them across navigations. Mutations and explicit
 * revalidation (same URL, e.g. the bar's "Tekrar dene") still reload them.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
  formMethod,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate;
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return false;
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { categories, sessionHint } = loaderData;
  const revalidator = useRevalidator();
  const tree = useMemo(() => (categories ? buildCategoryTree(categories) : null), [categories]);

  const retry = useCallback(() => void revalidator.revalidate(), [revalidator]);
  const barState = useMemo<CategoryBarState>(
    () =>
      tree
        ? { status: 'ready', categories: tree }
        : revalidator.state === 'loading'
          ? { status: 'loading' }
          : { status: 'error', onRetry: retry },
    [tree, revalidator.state, retry],
  );

  return (
    <div className="flex min-h-screen flex-col">
      <Header categories={tree} sessionHint={sessionHint} />
      <CategoryBar state={barState} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer categories={tree} />
      <Toaster />
    </div>
  );
}

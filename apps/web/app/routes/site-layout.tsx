import { useMemo } from 'react';
import { Outlet, useRevalidator, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/site-layout';
import { getCategories } from '~/features/categories/api/get-categories';
import { Header } from '~/components/layout/header';
import { CategoryBar, type CategoryBarState } from '~/components/layout/category-bar';
import { Footer } from '~/components/layout/footer';
import { Toaster } from '~/components/ui/toaster';
import { buildCategoryTree } from '~/lib/categories';

export async function loader({ context, request }: Route.LoaderArgs) {
  try {
    const categories = await getCategories({ context, signal: request.signal });
    return { categories };
  } catch {
    // The page still renders; the category bar shows its error state.
    return { categories: null };
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
  const { categories } = loaderData;
  const revalidator = useRevalidator();
  const tree = useMemo(() => (categories ? buildCategoryTree(categories) : null), [categories]);

  const barState: CategoryBarState = tree
    ? { status: 'ready', categories: tree }
    : revalidator.state === 'loading'
      ? { status: 'loading' }
      : { status: 'error', onRetry: () => void revalidator.revalidate() };

  return (
    <div className="flex min-h-screen flex-col">
      <Header categories={tree} />
      <CategoryBar state={barState} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer categories={tree} />
      <Toaster />
    </div>
  );
}

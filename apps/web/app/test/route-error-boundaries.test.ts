import { describe, expect, it } from 'vitest';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import routes from '~/routes';
import { RouteErrorBoundary } from '~/components/ui/route-error-boundary';

const modules = import.meta.glob<Record<string, unknown>>('../routes/*.tsx');

/** The page routes: every route with a UI under the site layout. */
function pages(entries: readonly RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => (entry.children ? pages(entry.children) : [entry.file]));
}
const layout = routes.find((entry) => entry.file === 'routes/site-layout.tsx');

describe('route error boundaries', () => {
  it.each(pages(layout?.children ?? []))('%s shows the one route error boundary', async (file) => {
    const load = modules[`../${file}`];
    expect(load, `${file} is not a route module`).toBeDefined();
    const route = await load!();
    expect(route.ErrorBoundary).toBe(RouteErrorBoundary);
  });

  it('covers every page of the site', () => {
    expect(pages(layout?.children ?? [])).toHaveLength(29);
  });
});

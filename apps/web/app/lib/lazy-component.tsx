/**
 * Components whose code is not part of a page's initial JavaScript (ADR 010).
 *
 * `lazyComponent` is `React.lazy` with three additions:
 * - `preload()` starts the download early (on hover or focus), and once the module has arrived
 *   the component renders at once, without passing through its Suspense fallback;
 * - `clientPreload` starts it by itself in the browser: `'module'` right after the module that
 *   declares the component has run (content the page shows: its server HTML is hydrated when the
 *   code arrives), `'idle'` once the page has loaded and the browser is idle (parts that are
 *   likely to be used soon: the search dropdown, toasts);
 * - on the server the module is loaded when this file is evaluated, so server rendering never
 *   waits for it: the HTML carries the component's content, not its fallback. In the browser the
 *   Suspense boundary around it keeps that HTML until the code has arrived and hydrates it then.
 *
 * `lazyHydrated` wraps one in its Suspense boundary for server-rendered content (see below).
 *
 * React resolves a lazy component synchronously when its loader returns a thenable that calls
 * back at once; that is how a loaded module skips the fallback.
 */
import {
  lazy,
  memo,
  Suspense,
  type ComponentProps,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { redirect } from 'react-router';

export type PreloadableComponent<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the code; resolves once it can render without suspending. */
  preload: () => Promise<void>;
};

export interface LazyComponentOptions {
  clientPreload?: 'module' | 'idle';
}

/** Runs `task` after the load event, when the browser has nothing else to do. */
export function whenIdle(task: () => void): void {
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 5000 });
    else setTimeout(task, 500);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy takes
export function lazyComponent<C extends ComponentType<any>>(
  load: () => Promise<C>,
  options: LazyComponentOptions = {},
): PreloadableComponent<ComponentProps<C>> {
  let loaded: C | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        // Let a later preload try again (offline, or a new deployment replaced the file).
        loading = undefined;
        throw error;
      },
    ));
  const quietPreload = () => void preload().catch(() => undefined);

  const Component = lazy(() => {
    if (loaded) {
      const module = { default: loaded };
      return { then: (resolve: (value: typeof module) => void) => resolve(module) } as Promise<typeof module>;
    }
    return preload().then(() => ({ default: loaded! }));
  });

  if (import.meta.env.SSR) quietPreload();
  // In a task of its own: not part of evaluating the page's modules, which blocks the main thread.
  else if (options.clientPreload === 'module') setTimeout(quietPreload, 0);
  else if (options.clientPreload === 'idle') whenIdle(quietPreload);

  return Object.assign(Component, { preload }) as PreloadableComponent<ComponentProps<C>>;
}

export interface LazyHydratedOptions<P> {
  /** When the browser fetches the code by itself (default `'module'`: right away). */
  clientPreload?: LazyComponentOptions['clientPreload'];
  /** Shown only if the component has to render in the browser before its code has arrived. */
  fallback?: ReactNode;
  /** Props equality for the memo (default: shallow). */
  areEqual?: (before: Readonly<P>, after: Readonly<P>) => boolean;
}

/**
 * Server-rendered content whose code is fetched after the first paint and hydrated when it
 * arrives, in its own Suspense boundary.
 *
 * Memoized: if the parent re-rendered the boundary with new props before it has hydrated, React
 * would drop the server HTML and show the fallback until the code arrives. Callers pass stable
 * props (memoized values and callbacks), so re-renders of the page stop here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy takes
export function lazyHydrated<C extends ComponentType<any>>(
  load: () => Promise<C>,
  { clientPreload = 'module', fallback = null, areEqual }: LazyHydratedOptions<ComponentProps<C>> = {},
) {
  const Component = lazyComponent(load, { clientPreload });
  function LazyHydrated(props: ComponentProps<C>) {
    return (
      <Suspense fallback={fallback}>
        <Component {...props} />
      </Suspense>
    );
  }
  // `preload` lets a route wait for the code before it renders on a client-side navigation
  // (its clientLoader), instead of showing the fallback until the code arrives.
  return Object.assign(memo(LazyHydrated, areEqual), { preload: Component.preload });
}

/**
 * Route exports of a page whose component is `lazyHydrated` as a whole (ADR 011): server-rendered
 * in full, its code fetched after the first paint.
 */

/**
 * The server loader: no data. Having one keeps the clientLoader from running at hydration (a route
 * without a server loader would run it then, and render a fallback on the server).
 */
export const noLoaderData = () => null;

/** The clientLoader: on a client-side navigation the previous page stays until this one's code has arrived. */
export function afterPageCode(page: { preload: () => Promise<void> }) {
  return () =>
    page.preload().then(
      () => null,
      () => null,
    );
}

/**
 * The action of a page whose form is `method="post"`: sent before its code has arrived, the form
 * comes back to the page (nothing is sent on, and a password never appears in an address).
 */
export function backToThePage({ request }: { request: Request }) {
  const url = new URL(request.url);
  return redirect(url.pathname + url.search, 303);
}

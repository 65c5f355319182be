/**
 * Progressive hydration: server-rendered content whose hydration waits for idle time.
 *
 * Hydrating a long listing at once is one long task on a phone (Lighthouse counts it as blocking
 * time). Content wrapped here keeps its server HTML and is hydrated in turns, one wrapper per
 * idle period, after what is above it. An interaction inside it hydrates it at once (React's
 * selective hydration), and client-side renders (navigations, tests) do not wait at all.
 */
import { Suspense, use, useSyncExternalStore, type ReactNode } from 'react';
import { whenIdle } from './lazy-component';

const turns: Promise<void>[] = [];
let appHydrated = false;

/**
 * Called by the root once the page's first hydration pass has committed. From then on a
 * waiting part that must hydrate early (an update reached it, or the user interacts with it)
 * does so at once instead of waiting for its turn: waiting then would make React discard its
 * server HTML and render it afresh.
 */
export function markAppHydrated(): void {
  appHydrated = true;
}

/** Resolves in the idle period after turn `index - 1`'s. */
function idleTurn(index: number): Promise<void> {
  for (let i = turns.length; i <= index; i++) {
    const previous = turns[i - 1] ?? Promise.resolve();
    turns.push(previous.then(() => new Promise<void>((resolve) => whenIdle(resolve))));
  }
  return turns[index]!;
}

const subscribe = () => () => {};
const notHydrating = () => false;
const hydrating = () => true;

function WaitForTurn({ turn, children }: { turn: number; children: ReactNode }) {
  // React uses the server snapshot while hydrating, and only then.
  const isHydrating = useSyncExternalStore(subscribe, notHydrating, hydrating);
  if (isHydrating && !appHydrated && typeof window !== 'undefined') use(idleTurn(turn));
  return children;
}

/** Hydrates `children` in the `turn`-th idle period after the page has loaded (0 = the first). */
export function HydrateWhenIdle({ turn = 0, children }: { turn?: number; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <WaitForTurn turn={turn}>{children}</WaitForTurn>
    </Suspense>
  );
}

import { useState } from 'react';

/**
 * A control's value that follows the user's input at once while the URL (the real state)
 * catches up. Filter changes are router navigations rendered in a transition, so a
 * controlled checkbox or select would otherwise snap back to the old value for a moment.
 * The local guess is dropped as soon as the value from above changes.
 */
export function useOptimisticValue<T>(value: T): [T, (next: T) => void] {
  const [local, setLocal] = useState<{ base: T; value: T } | null>(null);
  const current = local && Object.is(local.base, value) ? local : null;
  if (local && !current) setLocal(null);
  return [current ? current.value : value, (next: T) => setLocal({ base: value, value: next })];
}

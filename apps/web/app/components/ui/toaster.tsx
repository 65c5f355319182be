import { Suspense } from 'react';
import { lazyComponent } from '~/lib/lazy-component';
import { useToasts } from '~/lib/toast';

// Toasts follow actions, never the first paint: their code arrives once the page is idle.
const ToastItem = lazyComponent(() => import('./toast-item').then((m) => m.ToastItem), { clientPreload: 'idle' });

/**
 * The toast area at the top right. The live region is always in the DOM (even empty) so
 * screen readers announce toasts added to it later.
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <section
      aria-label="Bildirim mesajları"
      aria-live="polite"
      aria-relevant="additions text"
      className="pointer-events-none fixed top-4 right-4 left-4 z-[100] flex justify-end sm:left-auto sm:w-96"
    >
      <ol className="flex w-full flex-col gap-3">
        <Suspense fallback={null}>
          {toasts.map((item) => (
            <ToastItem key={item.id} item={item} />
          ))}
        </Suspense>
      </ol>
    </section>
  );
}

import { useRef } from 'react';

/**
 * Focus return for a Radix dialog opened by app state rather than a `Dialog.Trigger`: Radix would
 * focus its (absent) trigger on close, which leaves focus on <body>. Spread the handlers onto
 * `Dialog.Content`: the opener is the element focused when the dialog mounts, and it gets focus
 * back on close while it is still in the document and focusable; otherwise Radix does as usual.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      // Radix calls this before it moves focus into the dialog.
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const element = opener.current;
      opener.current = null;
      if (!element?.isConnected || element === document.body) return;
      element.focus();
      if (document.activeElement === element) event.preventDefault();
    },
  };
}

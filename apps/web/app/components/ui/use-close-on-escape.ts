import { useEffect, type RefObject } from 'react';

/**
 * While `open`, Escape anywhere closes it and puts focus back on `toggle` (the button that opened
 * it): the header's and the back office's menus, which are panels rather than dialogs.
 */
export function useCloseOnEscape(open: boolean, close: () => void, toggle: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        toggle.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, close, toggle]);
}

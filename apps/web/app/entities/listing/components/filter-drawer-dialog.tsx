import type { ReactNode, RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { SlidersHorizontal, X } from 'lucide-react';
import { formatNumber } from '~/lib/format';

export interface FilterDrawerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The 'Filtreler' button: focus returns there when the drawer closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
  activeCount: number;
  total: number;
  /** Shown as '100.000+' (a search of a common word counts no further). */
  totalIsLowerBound?: boolean;
  onClear: () => void;
  children: ReactNode;
}

/** The drawer of FilterDrawer (Radix dialog), loaded the first time it is wanted. */
export default function FilterDrawerDialog({
  open,
  onOpenChange,
  triggerRef,
  activeCount,
  total,
  totalIsLowerBound = false,
  onClear,
  children,
}: FilterDrawerDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            // The trigger is not a Radix Dialog.Trigger (it renders before this code loads).
            event.preventDefault();
            triggerRef.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(24rem,calc(100%-2.5rem))] flex-col bg-surface text-ink shadow-2xl focus:outline-none"
        >
          <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
            <Dialog.Title className="flex items-center gap-2 text-lg font-bold">
              <SlidersHorizontal aria-hidden="true" className="h-5 w-5 text-primary" />
              Filtreler
            </Dialog.Title>
            <div className="flex items-center gap-1">
              {activeCount > 0 && (
                <button
                  type="button"
                  onClick={onClear}
                  className="rounded-md px-2 py-1 text-sm font-semibold text-primary hover:bg-primary-soft"
                >
                  Temizle
                </button>
              )}
              <Dialog.Close
                aria-label="Kapat"
                className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-ink"
              >
                <X aria-hidden="true" className="h-5 w-5" />
              </Dialog.Close>
            </div>
          </div>
          <Dialog.Description className="sr-only">
            Ürünleri fiyat, marka, mağaza ve özelliklere göre daraltın.
          </Dialog.Description>
          <div className="flex-1 overflow-y-auto px-4">{children}</div>
          <div className="border-t border-line bg-surface px-4 py-3">
            <p className="mb-2 text-center text-sm text-muted" aria-live="polite">
              {`${formatNumber(total)}${totalIsLowerBound ? '+' : ''} ürün bulundu`}
            </p>
            <Dialog.Close className="inline-flex h-11 w-full items-center justify-center rounded-lg bg-primary text-sm font-semibold text-primary-ink shadow-sm transition-colors hover:bg-brand-700 dark:hover:bg-brand-300">
              Filtreleri Uygula
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

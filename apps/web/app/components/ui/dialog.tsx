/**
 * Modal dialog (Radix): focus is trapped inside, Escape and the close button dismiss it, and
 * focus returns to the control that opened it (useReturnFocus: no Radix Trigger opens it).
 */
import type { ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import clsx from 'clsx';
import { useReturnFocus } from './use-return-focus';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  size?: 'sm' | 'md';
  children?: ReactNode;
}

export function Dialog({ open, onOpenChange, title, description, icon, size = 'sm', children }: DialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <RadixDialog.Content
          {...returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={clsx(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface p-5 text-ink shadow-2xl focus:outline-none sm:p-6',
            size === 'sm' ? 'max-w-md' : 'max-w-lg',
          )}
        >
          <div className="flex items-start gap-3 pr-8">
            {icon}
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-semibold text-ink">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-sm leading-6 text-muted">
                  {description}
                </RadixDialog.Description>
              )}
            </div>
          </div>
          {children}
          <RadixDialog.Close
            aria-label="Kapat"
            className="absolute top-4 right-4 inline-flex h-8 w-8 items-center justify-center rounded-lg text-muted hover:bg-surface-2 hover:text-ink"
          >
            <X aria-hidden="true" className="size-5" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

import type { ReactNode } from 'react';
import { LoaderCircle, TriangleAlert } from 'lucide-react';
import { buttonClasses } from './button-styles';
import { Dialog } from './dialog';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  pending?: boolean;
}

/** "Are you sure?" before a destructive action (spec §5: any deletion asks confirmation). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Vazgeç',
  onConfirm,
  pending = false,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      icon={
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-danger/10 text-danger">
          <TriangleAlert aria-hidden="true" className="size-5" />
        </span>
      }
    >
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={() => onOpenChange(false)} className={buttonClasses('outline', 'md')}>
          {cancelLabel}
        </button>
        <button type="button" onClick={onConfirm} disabled={pending} className={dangerButtonClasses}>
          {pending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

/** The solid red button of destructive confirmations. */
export const dangerButtonClasses =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-danger px-4 text-sm font-semibold whitespace-nowrap text-white shadow-sm transition-colors hover:bg-danger/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-danger disabled:pointer-events-none disabled:opacity-50 dark:text-page';

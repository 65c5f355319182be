import { useState } from 'react';
import { AlarmClock, Trash2 } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PriceAlert } from '@kiyasla/contracts/alerts';
import { alertsMessages } from '@kiyasla/contracts/messages/alerts';
import { genericMessages } from '@kiyasla/contracts/messages/generic';
import { buttonClasses } from '~/components/ui/button-styles';
import { Dialog } from '~/components/ui/dialog';
import { formatPrice } from '~/lib/format';
import { toast } from '~/lib/toast';
import { deleteAlert } from '../api/delete-alert';
import { invalidateAlerts } from '../api/query-keys';
import { AlertForm } from './alert-form';

export interface AlertDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  productId: string;
  productName: string;
  currentPrice: number | null;
  existing: PriceAlert | null;
}

/** The product card's price-alert dialog (§2): create, or edit and delete the product's alert. */
export function AlertDialog({ open, onOpenChange, productId, productName, currentPrice, existing }: AlertDialogProps) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteAlert(existing!._id),
    onSuccess: () => {
      toast.success(alertsMessages.removed, productName);
      onOpenChange(false);
    },
    onSettled: () => invalidateAlerts(queryClient),
    meta: { errorToast: { title: alertsMessages.deleteError, fallback: genericMessages.errorRetry } },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setConfirming(false);
        onOpenChange(next);
      }}
      title={existing ? 'Fiyat alarmını düzenle' : 'Fiyat alarmı kur'}
      description={productName}
      icon={
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          <AlarmClock aria-hidden="true" className="size-5" />
        </span>
      }
    >
      <div className="mt-5">
        {existing && (
          <p className="mb-4 rounded-lg bg-surface-2 px-3 py-2 text-sm text-muted">
            Mevcut hedef: <strong className="text-ink">{formatPrice(existing.targetPrice)}</strong>
            {existing.triggered ? ' · Tetiklendi' : existing.isActive ? ' · Aktif' : ' · Pasif'}
          </p>
        )}
        <AlertForm
          productId={productId}
          productName={productName}
          currentPrice={currentPrice}
          existing={existing}
          idPrefix={`alert-dialog-${productId}`}
          onDone={() => onOpenChange(false)}
        />
        {existing && (
          <div className="mt-5 border-t border-line pt-4">
            {confirming ? (
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm text-ink">Alarm silinsin mi?</span>
                <button
                  type="button"
                  onClick={() => remove.mutate()}
                  disabled={remove.isPending}
                  className={buttonClasses('outline', 'sm', 'border-danger text-danger')}
                >
                  Evet, sil
                </button>
                <button type="button" onClick={() => setConfirming(false)} className={buttonClasses('ghost', 'sm')}>
                  Vazgeç
                </button>
              </div>
            ) : (
              <button
                type="button"
                onClick={() => setConfirming(true)}
                className={buttonClasses('ghost', 'sm', 'text-danger')}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Alarmı Sil
              </button>
            )}
          </div>
        )}
      </div>
    </Dialog>
  );
}

import { useState } from 'react';
import { BellRing, LoaderCircle } from 'lucide-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PriceAlert } from '@kiyasla/contracts/alerts';
import { alertsMessages } from '@kiyasla/contracts/messages/alerts';
import { genericMessages } from '@kiyasla/contracts/messages/generic';
import { buttonClasses } from '~/components/ui/button-styles';
import { formatPrice } from '~/lib/format';
import { toast } from '~/lib/toast';
import { createAlert } from '../api/create-alert';
import { invalidateAlerts } from '../api/query-keys';
import { updateAlertTarget } from '../api/update-alert';
import { parseTargetPrice, targetError } from '../utils/target-price';

interface AlertFormProps {
  productId: string;
  productName: string;
  /** The product's lowest price now (TRY); null when it has none. */
  currentPrice: number | null;
  /** The alert being edited, if any. */
  existing?: PriceAlert | null;
  onDone?: (alert: PriceAlert) => void;
  idPrefix: string;
}

/**
 * Target price of a 'below' alert (§5): 'Geçerli bir hedef fiyat girin.' for an empty or
 * non-positive amount, 'Hedef fiyat mevcut fiyattan düşük olmalıdır' when not lower than the
 * current price; the button stays disabled until both hold. The server checks the same.
 */
export function AlertForm({ productId, productName, currentPrice, existing, onDone, idPrefix }: AlertFormProps) {
  const queryClient = useQueryClient();
  const suggested = currentPrice !== null ? Math.floor(currentPrice * 0.9) : '';
  const [value, setValue] = useState(existing ? String(existing.targetPrice) : String(suggested));
  const [touched, setTouched] = useState(false);
  const error = targetError(value, 'below', currentPrice);
  const save = useMutation({
    mutationFn: (targetPrice: number) =>
      existing ? updateAlertTarget(existing._id, targetPrice) : createAlert({ product: productId, targetPrice }),
    onSuccess: (alert) => {
      toast.success(existing ? alertsMessages.updated : alertsMessages.created, productName);
      onDone?.(alert);
    },
    onSettled: () => invalidateAlerts(queryClient),
    meta: {
      errorToast: {
        title: existing ? alertsMessages.updateError : alertsMessages.createError,
        fallback: genericMessages.errorRetry,
      },
    },
  });
  const inputId = `${idPrefix}-target`;
  const errorId = `${idPrefix}-error`;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!error) save.mutate(parseTargetPrice(value));
      }}
    >
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        Hedef fiyat (₺)
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setTouched(true);
          }}
          aria-invalid={touched && error ? true : undefined}
          aria-describedby={touched && error ? errorId : `${idPrefix}-hint`}
          className="h-11 min-w-0 flex-1 rounded-lg border border-line bg-page px-3 text-ink"
        />
        <button type="submit" disabled={!!error || save.isPending} className={buttonClasses('primary', 'md', 'h-11')}>
          {save.isPending ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <BellRing aria-hidden="true" className="size-4" />
          )}
          {existing ? 'Alarmı Güncelle' : 'Alarm Kur'}
        </button>
      </div>
      {touched && error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : (
        <p id={`${idPrefix}-hint`} className="mt-1 text-xs text-muted">
          {currentPrice !== null
            ? `Güncel en düşük fiyat ${formatPrice(currentPrice)}. Fiyat hedefinize indiğinde size haber veririz.`
            : 'Ürün şu an hiçbir mağazada stokta değil; fiyat hedefinize indiğinde size haber veririz.'}
        </p>
      )}
    </form>
  );
}

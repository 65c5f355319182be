import { Suspense, useState } from 'react';
import { AlarmClock } from 'lucide-react';
import clsx from 'clsx';
import { lazyComponent } from '~/lib/lazy-component';
import { usePublicConfig } from '~/lib/public-config';
import { useAlerts } from '../api/get-alerts';
import type { AlertButtonProps } from './alert-button';

// The dialog (and its form) is fetched when the button is first pointed at or pressed (ADR 011).
const AlertDialog = lazyComponent(() => import('./alert-dialog').then((m) => m.AlertDialog));

/** The button of a non-free plan: filled while the product has an armed alert; opens the dialog. */
export function PremiumAlertButton({ productId, productName, currentPrice, className }: AlertButtonProps) {
  const alerts = useAlerts();
  const config = usePublicConfig();
  const [open, setOpen] = useState(false);
  const existing = alerts.data?.find((a) => a.product._id === productId) ?? null;
  const armed = existing !== null && existing.isActive && !existing.triggered;
  // The admin switched price alerts off.
  if (config?.features.enablePriceAlerts === false) return null;
  return (
    <>
      <button
        type="button"
        aria-label={existing ? `${productName} fiyat alarmını düzenle` : `${productName} için fiyat alarmı kur`}
        aria-haspopup="dialog"
        title={existing ? 'Fiyat alarmını düzenle' : 'Fiyat alarmı kur'}
        onClick={() => setOpen(true)}
        onPointerEnter={() => void AlertDialog.preload()}
        onFocus={() => void AlertDialog.preload()}
        className={clsx(
          'inline-flex h-9 w-9 items-center justify-center rounded-full bg-surface/90 shadow-sm ring-1 ring-line backdrop-blur transition-colors',
          armed ? 'text-primary' : 'text-muted hover:text-primary',
          className,
        )}
      >
        <AlarmClock aria-hidden="true" className={clsx('h-[18px] w-[18px]', armed && 'fill-primary-soft')} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <AlertDialog
            open={open}
            onOpenChange={setOpen}
            productId={productId}
            productName={productName}
            currentPrice={currentPrice}
            existing={existing}
          />
        </Suspense>
      )}
    </>
  );
}

import { AlarmClock } from 'lucide-react';
import { Link } from 'react-router';
import { AlertForm } from '~/entities/price-alerts/components/alert-form';
import { useProductAlert } from '~/entities/price-alerts/api/check-alert';
import { formatPrice } from '~/lib/format';
import { usePublicConfig } from '~/lib/public-config';
import { ALERT_PANEL_ID } from './product-alert-toggle';

/** The product page's alert creation panel (premium plans): create the alert, or see and edit the existing one. */
export function ProductAlertPanel({
  productId,
  productName,
  currentPrice,
}: {
  productId: string;
  productName: string;
  currentPrice: number | null;
}) {
  const check = useProductAlert(productId);
  const alert = check.data?.alert ?? null;
  const config = usePublicConfig();
  if (config?.features.enablePriceAlerts === false) return null;
  return (
    <section
      id={ALERT_PANEL_ID}
      aria-labelledby={`${ALERT_PANEL_ID}-title`}
      className="scroll-mt-36 rounded-2xl border border-line bg-surface p-5 shadow-sm"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-primary-soft text-primary">
          <AlarmClock aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id={`${ALERT_PANEL_ID}-title`} className="text-lg font-bold text-ink">
            Fiyat Alarmı
          </h2>
          <p className="text-sm text-muted">
            {alert
              ? `Hedefiniz ${formatPrice(alert.targetPrice)} · ${alert.triggered ? 'Tetiklendi' : alert.isActive ? 'Aktif' : 'Pasif'}`
              : 'Fiyat hedefinize indiğinde size bildirim gönderelim.'}
          </p>
        </div>
        <Link to="/price-alerts" className="ml-auto text-sm font-semibold text-primary hover:underline">
          Tüm alarmlar
        </Link>
      </div>
      {!check.isPending && (
        <div className="mt-4">
          <AlertForm
            key={alert?._id ?? 'new'}
            productId={productId}
            productName={productName}
            currentPrice={currentPrice}
            existing={alert}
            idPrefix="product-alert"
          />
        </div>
      )}
    </section>
  );
}

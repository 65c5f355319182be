import { AlarmClock, LoaderCircle } from 'lucide-react';
import clsx from 'clsx';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertsMessages } from '@kiyasla/contracts/messages/alerts';
import { gatesMessages } from '@kiyasla/contracts/messages/gates';
import { genericMessages } from '@kiyasla/contracts/messages/generic';
import { useProductAlert } from '~/entities/price-alerts/api/check-alert';
import { deleteAlert } from '~/entities/price-alerts/api/delete-alert';
import { invalidateAlerts } from '~/entities/price-alerts/api/query-keys';
import { useAuth } from '~/entities/session/auth-context';
import { usePublicConfig } from '~/lib/public-config';
import { toast } from '~/lib/toast';

export const ALERT_PANEL_ID = 'fiyat-alarmi';

/**
 * The product page's alert toggle (§4): with an alert, it is deleted; without one, the page
 * scrolls to the alert form. Visitors get 'Giriş Gerekli', free plans 'Premium Gerekli'. The
 * alert is looked up only for signed-in users on a non-free plan.
 */
export function ProductAlertToggle({ productId, productName }: { productId: string; productName: string }) {
  const { status, user } = useAuth();
  const check = useProductAlert(productId);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => deleteAlert(id),
    onSuccess: () => toast.success(alertsMessages.removed, productName),
    onSettled: () => invalidateAlerts(queryClient),
    meta: { errorToast: { title: alertsMessages.removeError, fallback: genericMessages.errorRetry } },
  });
  const alert = check.data?.hasAlert ? check.data.alert : null;
  const config = usePublicConfig();

  const onClick = () => {
    if (status !== 'authenticated' || !user) {
      toast.info(gatesMessages.loginRequired, 'Fiyat alarmı kurmak için giriş yapmanız gerekiyor.');
      return;
    }
    if (!user.isPremium) {
      toast.info(gatesMessages.premiumRequired, 'Fiyat alarmı özelliği premium kullanıcılar içindir.');
      return;
    }
    if (alert) {
      remove.mutate(alert._id);
      return;
    }
    const panel = document.getElementById(ALERT_PANEL_ID);
    panel?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    panel?.querySelector('input')?.focus({ preventScroll: true });
  };

  // The admin switched price alerts off: no toggle.
  if (config?.features.enablePriceAlerts === false) return null;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={alert !== null}
      aria-label={alert ? `${productName} fiyat alarmını kaldır` : `${productName} için fiyat alarmı kur`}
      title={alert ? 'Fiyat alarmını kaldır' : 'Fiyat alarmı kur'}
      className={clsx(
        'inline-flex h-10 w-10 items-center justify-center rounded-full bg-surface ring-1 ring-line transition-colors',
        alert ? 'text-primary' : 'text-muted hover:text-primary',
      )}
    >
      {remove.isPending ? (
        <LoaderCircle aria-hidden="true" className="size-[18px] animate-spin" />
      ) : (
        <AlarmClock aria-hidden="true" className={clsx('size-[18px]', alert && 'fill-primary-soft')} />
      )}
    </button>
  );
}

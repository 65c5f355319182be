import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alertsMessages } from '@kiyasla/contracts/messages/alerts';
import { genericMessages } from '@kiyasla/contracts/messages/generic';
import { deleteAlert } from '~/entities/price-alerts/api/delete-alert';
import { invalidateAlerts } from '~/entities/price-alerts/api/query-keys';
import { toggleAlert } from '~/entities/price-alerts/api/toggle-alert';
import { updateAlertTarget } from '~/entities/price-alerts/api/update-alert';
import { toast } from '~/lib/toast';

const m = alertsMessages;

/** The price alerts page's writes; each refreshes the list, the product checks and the header badge. */
export function useAlertMutations() {
  const queryClient = useQueryClient();
  const settle = () => invalidateAlerts(queryClient);
  const toggle = useMutation({
    mutationFn: (id: string) => toggleAlert(id),
    onSuccess: (alert) => toast.success(alert.isActive ? m.activated : m.deactivated, alert.product.name),
    onSettled: settle,
    meta: { errorToast: { title: m.updateError, fallback: genericMessages.errorRetry } },
  });
  const update = useMutation({
    mutationFn: ({ id, targetPrice }: { id: string; targetPrice: number }) => updateAlertTarget(id, targetPrice),
    onSuccess: (alert) => toast.success(m.updated, alert.product.name),
    onSettled: settle,
    meta: { errorToast: { title: m.updateError, fallback: genericMessages.errorRetry } },
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteAlert(id),
    onSuccess: () => toast.success(m.removed),
    onSettled: settle,
    meta: { errorToast: { title: m.deleteError, fallback: genericMessages.errorRetry } },
  });
  return { toggle, update, remove };
}

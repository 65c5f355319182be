import type { AdminSubscriptionStats } from '@kiyasla/contracts/admin-subscriptions';
import { Dialog } from '~/components/ui/dialog';
import { FigureRow } from '~/components/ui/stat-card';
import { formatNumber, formatPrice } from '~/lib/format';

/**
 * The statistics button's modal: the specification's monthly and yearly counts, their revenue and
 * the total; ours adds the lifetime plan (part of the total, as on the dashboard), the statuses,
 * refunds and the refund requests waiting for an operator.
 */
export function SubscriptionStatsDialog({
  stats,
  open,
  onOpenChange,
}: {
  stats: AdminSubscriptionStats;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Abonelik İstatistikleri"
      description="Tamamlanan ödemelerden hesaplanır; iade edilen ödemeler gelire dahil değildir."
      size="md"
    >
      <dl className="mt-4">
        <FigureRow label="Aylık abonelik" value={formatNumber(stats.monthly)} />
        <FigureRow label="Yıllık abonelik" value={formatNumber(stats.yearly)} />
        <FigureRow label="Ömür boyu abonelik" value={formatNumber(stats.lifetime)} />
        <FigureRow label="Aylık gelir" value={formatPrice(stats.monthlyRevenue)} />
        <FigureRow label="Yıllık gelir" value={formatPrice(stats.yearlyRevenue)} />
        <FigureRow label="Ömür boyu gelir" value={formatPrice(stats.lifetimeRevenue)} />
        <FigureRow label="Toplam gelir" value={formatPrice(stats.totalRevenue)} />
      </dl>
      <dl className="mt-4 border-t border-line pt-2">
        <FigureRow label="Aktif" value={formatNumber(stats.active)} />
        <FigureRow label="İptal edilen" value={formatNumber(stats.cancelled)} />
        <FigureRow label="Süresi dolan" value={formatNumber(stats.expired)} />
        <FigureRow label="İade edilen tutar" value={formatPrice(stats.refundedRevenue)} />
        <FigureRow label="Bekleyen iade talebi" value={formatNumber(stats.pendingRefunds)} />
      </dl>
    </Dialog>
  );
}

import clsx from 'clsx';
import { TrendingDown, TrendingUp } from 'lucide-react';
import type { MonthlyFigure } from '@kiyasla/contracts/admin-stats';

/** This month against the last: "+12,5 %", "−3 %", or "yeni" when last month had nothing. */
export function TrendBadge({ figure }: { figure: MonthlyFigure }) {
  const { trend } = figure;
  const label =
    trend === null
      ? 'yeni'
      : `${trend > 0 ? '+' : trend < 0 ? '−' : ''}${new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 1 }).format(Math.abs(trend))} %`;
  const up = trend === null || trend > 0;
  const down = trend !== null && trend < 0;
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        up && 'bg-success/15 text-success',
        down && 'bg-danger/15 text-danger',
        !up && !down && 'bg-surface-2 text-muted',
      )}
      title="Bu ay, geçen ayla karşılaştırıldığında"
    >
      {up && <TrendingUp aria-hidden="true" className="size-3" />}
      {down && <TrendingDown aria-hidden="true" className="size-3" />}
      <span className="sr-only">Geçen aya göre </span>
      {label}
    </span>
  );
}

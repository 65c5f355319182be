import { Star, Store, Wallet, type LucideIcon } from 'lucide-react';
import clsx from 'clsx';
import type { ComparisonSummary as Summary } from '@kiyasla/contracts/comparisons';
import { formatNumber, formatPrice, formatRating } from '~/lib/format';

function SummaryCard({
  icon: Icon,
  label,
  value,
  hint,
  className,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  hint?: string;
  className?: string;
}) {
  return (
    <div
      className={clsx(
        'flex items-start gap-3 rounded-2xl border border-line bg-surface p-3.5 shadow-sm sm:p-4',
        className,
      )}
    >
      <span className="flex size-9 shrink-0 sm:size-10 items-center justify-center rounded-xl bg-primary-soft text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="text-xs font-medium text-muted">{label}</p>
        <p className="mt-0.5 text-base font-bold break-words text-ink sm:text-lg">{value}</p>
        {hint && <p className="text-xs text-muted">{hint}</p>}
      </div>
    </div>
  );
}

/** Price range, average rating and total stores of the compared products. */
export function ComparisonSummary({ summary, productCount }: { summary: Summary; productCount: number }) {
  const range = summary.priceRange;
  return (
    <section aria-label="Karşılaştırma özeti" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <SummaryCard
        icon={Wallet}
        label="Fiyat Aralığı"
        className="col-span-2 sm:col-span-1"
        value={
          range
            ? range.min === range.max
              ? formatPrice(range.min)
              : `${formatPrice(range.min)} – ${formatPrice(range.max)}`
            : '—'
        }
        {...(range && range.max > range.min ? { hint: `Fark: ${formatPrice(range.max - range.min)}` } : {})}
      />
      <SummaryCard
        icon={Star}
        label="Ortalama Puan"
        value={summary.averageRating !== null ? `${formatRating(summary.averageRating)} / 5` : '—'}
        hint={`${formatNumber(productCount)} ürün`}
      />
      <SummaryCard
        icon={Store}
        label="Toplam Mağaza"
        value={formatNumber(summary.totalStores)}
        hint="En az bir ürünü satan mağaza"
      />
    </section>
  );
}

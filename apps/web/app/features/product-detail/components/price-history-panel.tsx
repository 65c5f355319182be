import { lazy, Suspense, useState } from 'react';
import { RotateCw, TrendingDown } from 'lucide-react';
import clsx from 'clsx';
import { PRICE_HISTORY_RANGES, type PriceHistoryRange } from '@kiyasla/contracts/catalog-constants';
import { catalogMessages } from '@kiyasla/contracts/messages/catalog';
import { Skeleton } from '~/components/ui/skeleton';
import { buttonClasses } from '~/components/ui/button-styles';
import { formatPrice } from '~/lib/format';
import { usePriceHistory } from '../api/get-price-history';

const PriceHistoryChart = lazy(() => import('./price-history-chart'));

export const RANGE_LABELS: Record<PriceHistoryRange, { short: string; long: string }> = {
  '1m': { short: '1A', long: 'Son 1 ay' },
  '3m': { short: '3A', long: 'Son 3 ay' },
  '6m': { short: '6A', long: 'Son 6 ay' },
  '1y': { short: '1Y', long: 'Son 1 yıl' },
  all: { short: 'Tümü', long: 'Tüm zamanlar' },
};

/** 'Son {N} günün en düşük fiyatı' is worth saying only from a week on. */
export const LOWEST_IN_DAYS_THRESHOLD = 7;

function ChartSkeleton() {
  return <Skeleton className="h-72 w-full rounded-xl sm:h-80" />;
}

function Stat({ label, value, tone }: { label: string; value: number | null; tone?: 'low' | 'high' }) {
  return (
    <div className="rounded-xl border border-line bg-surface-2/60 px-4 py-3">
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd
        className={clsx(
          'mt-0.5 text-lg font-bold tracking-tight',
          tone === 'low' ? 'text-price' : tone === 'high' ? 'text-danger' : 'text-ink',
        )}
      >
        {value !== null ? formatPrice(value) : '—'}
      </dd>
    </div>
  );
}

/** Fiyat Geçmişi: the lowest price over time (per store on demand), its range and statistics. */
export function PriceHistoryPanel({ productId }: { productId: string }) {
  const [range, setRange] = useState<PriceHistoryRange>('3m');
  const [perStore, setPerStore] = useState(false);
  const query = usePriceHistory({ productId, range, perStore });
  const history = query.data;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div
          role="group"
          aria-label="Zaman aralığı"
          className="inline-flex rounded-lg border border-line bg-surface p-0.5 shadow-sm"
        >
          {PRICE_HISTORY_RANGES.map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={range === key}
              title={RANGE_LABELS[key].long}
              onClick={() => setRange(key)}
              className={clsx(
                'h-8 min-w-11 rounded-md px-3 text-sm font-semibold transition-colors',
                range === key
                  ? 'bg-primary text-primary-ink shadow-sm'
                  : 'text-muted hover:bg-surface-2 hover:text-ink',
              )}
            >
              {RANGE_LABELS[key].short}
            </button>
          ))}
        </div>
        <label className="inline-flex cursor-pointer items-center gap-2.5 text-sm font-medium text-ink">
          <button
            type="button"
            role="switch"
            aria-checked={perStore}
            onClick={() => setPerStore((v) => !v)}
            className={clsx(
              'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
              perStore ? 'bg-primary' : 'bg-switch-off',
            )}
          >
            <span
              aria-hidden="true"
              className={clsx(
                'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
                perStore ? 'translate-x-5.5' : 'translate-x-0.5',
              )}
            />
          </button>
          Mağaza bazında göster
        </label>
      </div>

      {history && history.lowestInDays !== null && history.lowestInDays >= LOWEST_IN_DAYS_THRESHOLD && (
        <p className="inline-flex items-center gap-2 rounded-full bg-success/10 px-3 py-1.5 text-sm font-semibold text-success">
          <TrendingDown aria-hidden="true" className="h-4 w-4" />
          Son {history.lowestInDays} günün en düşük fiyatı
        </p>
      )}

      {query.isError && !history ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-2xl border border-line px-6 py-10 text-center"
        >
          <p className="font-medium text-ink">{catalogMessages.dataLoadError}</p>
          <button type="button" onClick={() => void query.refetch()} className={buttonClasses('outline', 'sm')}>
            <RotateCw aria-hidden="true" className="h-4 w-4" />
            Tekrar Dene
          </button>
        </div>
      ) : !history ? (
        <div role="status" aria-label="Fiyat geçmişi yükleniyor">
          <ChartSkeleton />
        </div>
      ) : history.points.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line px-6 py-10 text-center text-muted">
          Bu ürün için seçilen dönemde fiyat geçmişi bulunmuyor.
        </p>
      ) : (
        <div
          aria-busy={query.isPlaceholderData}
          className={clsx('transition-opacity', query.isPlaceholderData && 'opacity-60')}
        >
          <Suspense fallback={<ChartSkeleton />}>
            <PriceHistoryChart history={history} />
          </Suspense>
        </div>
      )}

      {history && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Stat label="En Düşük" value={history.stats.min} tone="low" />
          <Stat label="Ortalama" value={history.stats.avg} />
          <Stat label="En Yüksek" value={history.stats.max} tone="high" />
          <Stat label="Güncel" value={history.stats.current} />
        </dl>
      )}
    </div>
  );
}

import { useSearchParams } from 'react-router';
import clsx from 'clsx';
import {
  Activity,
  Download,
  Minus,
  Package,
  RefreshCw,
  TrendingDown,
  TrendingUp,
  Users,
  Wallet,
  Crown,
} from 'lucide-react';
import {
  ANALYTICS_PERIOD_LABELS,
  ANALYTICS_PERIODS,
  DEFAULT_ANALYTICS_PERIOD,
  analyticsMessages,
  type AdminAnalytics,
  type AnalyticsPeriod,
} from '@kiyasla/contracts/admin-analytics';
import { buttonClasses } from '~/components/ui/button-styles';
import { Card, FigureRow, StatCard } from '~/components/ui/stat-card';
import { inputClasses } from '~/components/ui/form-field';
import { formatNumber, formatPrice, formatRating } from '~/lib/format';
import { toast } from '~/lib/toast';
import { errorMessage } from '~/lib/api-client';
import { useAdminAnalytics } from '../api/get-admin-analytics';
import { useExportAdminAnalytics } from '../api/export-admin-analytics';

const percent = (value: number) => `${new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 1 }).format(value)} %`;
/** "+12,5 %", "−3 %"; with nothing to compare with: "yeni" when something is new, else "0 %". */
const signed = (value: number | null, direction: 'up' | 'down' | 'flat') =>
  value === null
    ? direction === 'up'
      ? 'yeni'
      : percent(0)
    : `${value > 0 ? '+' : value < 0 ? '−' : ''}${percent(Math.abs(value))}`;

const STATUS_LABELS: Record<string, { label: string; tone: string }> = {
  online: { label: 'Çevrimiçi', tone: 'bg-success/15 text-success' },
  offline: { label: 'Çevrimdışı', tone: 'bg-danger/15 text-danger' },
  maintenance: { label: 'Bakımda', tone: 'bg-warning/15 text-warning' },
};

function Trend({ direction, value, title }: { direction: 'up' | 'down' | 'flat'; value: string; title: string }) {
  const Icon = direction === 'up' ? TrendingUp : direction === 'down' ? TrendingDown : Minus;
  return (
    <span
      title={title}
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        direction === 'up' && 'bg-success/15 text-success',
        direction === 'down' && 'bg-danger/15 text-danger',
        direction === 'flat' && 'bg-surface-2 text-muted',
      )}
    >
      <Icon aria-hidden="true" className="size-3" />
      <span className="sr-only">{title}: </span>
      {value}
    </span>
  );
}

function Figures({ a }: { a: AdminAnalytics }) {
  const { overview, userStats, productStats, salesStats, systemStats } = a;
  const revenueDirection =
    salesStats.revenueGrowth === null
      ? salesStats.monthlyRevenue > 0
        ? 'up'
        : 'flat'
      : salesStats.revenueGrowth > 0
        ? 'up'
        : salesStats.revenueGrowth < 0
          ? 'down'
          : 'flat';
  const status = STATUS_LABELS[systemStats.serverStatus] ?? { label: 'Bilinmiyor', tone: 'bg-surface-2 text-muted' };
  return (
    <>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Toplam Kullanıcı"
          value={formatNumber(overview.totalUsers)}
          icon={<Users aria-hidden="true" className="size-5" />}
          footer={
            <>
              <Trend
                direction={userStats.growthTrend}
                value={signed(userStats.growthRate, userStats.growthTrend)}
                title="Önceki eşit döneme göre yeni kullanıcı"
              />
              <span>bu dönem {formatNumber(userStats.newUsersInPeriod)} yeni</span>
            </>
          }
        />
        <StatCard
          label="Toplam Ürün"
          value={formatNumber(overview.totalProducts)}
          icon={<Package aria-hidden="true" className="size-5" />}
          footer={<span>bu ay {formatNumber(productStats.newProductsThisMonth)} yeni ürün</span>}
        />
        <StatCard
          label="Aylık Gelir"
          value={formatPrice(salesStats.monthlyRevenue)}
          icon={<Wallet aria-hidden="true" className="size-5" />}
          footer={
            <Trend
              direction={revenueDirection}
              value={signed(salesStats.revenueGrowth, revenueDirection)}
              title="Geçen aya göre"
            />
          }
        />
        <StatCard
          label="Premium Kullanıcı"
          value={formatNumber(userStats.premiumUsers)}
          icon={<Crown aria-hidden="true" className="size-5" />}
          footer={<span>kullanıcıların {percent(userStats.premiumShare)}</span>}
        />
      </div>

      <Card className="mt-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="flex items-center gap-2 font-semibold text-ink">
            <Activity aria-hidden="true" className="size-4" />
            Sistem Durumu
          </h2>
          <span className={clsx('rounded-full px-2.5 py-0.5 text-xs font-medium', status.tone)}>{status.label}</span>
        </div>
        <dl className="mt-3 grid gap-x-6 sm:grid-cols-2 lg:grid-cols-4">
          <FigureRow label="Yanıt süresi" value={`${formatNumber(systemStats.responseTime)} ms`} />
          <FigureRow
            label="Çalışma süresi"
            value={`${new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 1 }).format(systemStats.uptime / 24)} gün`}
          />
          <FigureRow label="API çağrısı" value={formatNumber(systemStats.apiCalls)} />
          <FigureRow label="Hata oranı" value={percent(systemStats.errorRate)} />
        </dl>
      </Card>

      <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Card>
          <h2 className="font-semibold text-ink">En Çok Görüntülenen Ürünler</h2>
          {productStats.mostViewedProducts.length === 0 ? (
            <p className="mt-3 text-sm text-muted">{analyticsMessages.noViews}</p>
          ) : (
            <ol className="mt-3 divide-y divide-line">
              {productStats.mostViewedProducts.map((p) => (
                <li key={p._id} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-ink">{p.name}</p>
                    <p className="truncate text-xs text-muted">{p.category ?? '-'}</p>
                  </div>
                  <span className="shrink-0 text-muted tabular-nums">{formatNumber(p.viewCount)} görüntüleme</span>
                </li>
              ))}
            </ol>
          )}
        </Card>
        <Card>
          <h2 className="font-semibold text-ink">En Yüksek Puanlı Ürünler</h2>
          {productStats.topRatedProducts.length === 0 ? (
            <p className="mt-3 text-sm text-muted">{analyticsMessages.noRatings}</p>
          ) : (
            <ol className="mt-3 divide-y divide-line">
              {productStats.topRatedProducts.map((p) => (
                <li key={p._id} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-ink">{p.name}</p>
                    <p className="text-xs text-muted">{formatNumber(p.ratingsCount)} değerlendirme</p>
                  </div>
                  <span className="shrink-0 font-medium text-ink tabular-nums">★ {formatRating(p.averageRating)}</span>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>

      <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Card>
          <h2 className="font-semibold text-ink">Gelir Analizi</h2>
          <dl className="mt-3">
            <FigureRow label="Bugün" value={formatPrice(salesStats.todayRevenue)} />
            <FigureRow label="Bu ay" value={formatPrice(salesStats.monthlyRevenue)} />
            <FigureRow label="Bu yıl" value={formatPrice(salesStats.yearlyRevenue)} />
          </dl>
        </Card>
        <Card>
          <h2 className="font-semibold text-ink">Kullanıcı Aktivitesi</h2>
          <dl className="mt-3">
            <FigureRow label="Bugün yeni" value={formatNumber(userStats.newUsersToday)} />
            <FigureRow label="Bu ay yeni" value={formatNumber(userStats.newUsersThisMonth)} />
            <FigureRow label="Aktif kullanıcı" value={formatNumber(userStats.activeUsers)} />
            <FigureRow label="Premium kullanıcı" value={formatNumber(userStats.premiumUsers)} />
          </dl>
        </Card>
      </div>
    </>
  );
}

function periodOf(value: string | null): AnalyticsPeriod {
  return (ANALYTICS_PERIODS as readonly string[]).includes(value ?? '')
    ? (value as AnalyticsPeriod)
    : DEFAULT_ANALYTICS_PERIOD;
}

/** /admin/analytics: the period select (in the URL), refresh with a spinner, CSV export, cards, lists and blocks. */
export function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const period = periodOf(params.get('period'));
  const query = useAdminAnalytics(period);
  const exporter = useExportAdminAnalytics();

  const exportCsv = () =>
    exporter.mutate(period, {
      onSuccess: ({ downloadUrl }) => window.open(downloadUrl, '_blank', 'noopener'),
      onError: (error) => toast({ type: 'error', title: 'Dışa aktarılamadı', message: errorMessage(error) }),
    });
  const empty = query.data && query.data.overview.totalUsers === 0 && query.data.overview.totalProducts === 0;

  return (
    <section>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-ink">Analitik</h1>
          <p className="mt-1 text-sm text-muted">Kullanıcı, ürün, gelir ve sistem göstergeleri</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="analytics-period" className="mb-1 block text-sm font-medium text-ink">
              Dönem
            </label>
            <select
              id="analytics-period"
              value={period}
              onChange={(e) =>
                setParams((p) => {
                  const next = new URLSearchParams(p);
                  next.set('period', e.target.value);
                  return next;
                })
              }
              className={inputClasses(false)}
            >
              {ANALYTICS_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {ANALYTICS_PERIOD_LABELS[p]}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
            className={buttonClasses('outline', 'md')}
          >
            <RefreshCw aria-hidden="true" className={clsx('size-4', query.isFetching && 'animate-spin')} />
            Yenile
          </button>
          <button
            type="button"
            onClick={exportCsv}
            disabled={exporter.isPending}
            className={buttonClasses('primary', 'md')}
          >
            <Download aria-hidden="true" className="size-4" />
            Dışa Aktar
          </button>
        </div>
      </div>
      {query.isPending ? (
        <p role="status" className="mt-6 text-sm text-muted">
          {analyticsMessages.loading}
        </p>
      ) : query.isError ? (
        <p role="alert" className="mt-6 rounded-2xl border border-line bg-surface p-5 text-sm text-danger">
          {analyticsMessages.loadError}
        </p>
      ) : empty ? (
        <p className="mt-6 rounded-2xl border border-line bg-surface p-5 text-sm text-muted">
          {analyticsMessages.empty}
        </p>
      ) : (
        <Figures a={query.data} />
      )}
    </section>
  );
}

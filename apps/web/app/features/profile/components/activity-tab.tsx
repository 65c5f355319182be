import { useState } from 'react';
import { Link } from 'react-router';
import {
  AlarmClock,
  BellRing,
  CreditCard,
  GitCompareArrows,
  Heart,
  PartyPopper,
  Star,
  type LucideIcon,
} from 'lucide-react';
import { useAccountOverview } from '~/entities/account/api/get-account-overview';
import { formatNumber } from '~/lib/format';
import { formatRelativeTime, formatDate } from '~/lib/format-date';
import { buttonClasses } from '~/components/ui/button-styles';
import { buildActivity, type ActivityKind } from '../utils/activity';
import { TabError, TabLoading } from './tab-states';

const KIND_LOOK: Record<ActivityKind, { icon: LucideIcon; tone: string }> = {
  favorite: { icon: Heart, tone: 'bg-danger/10 text-danger' },
  alert: { icon: AlarmClock, tone: 'bg-warning/10 text-warning' },
  'alert-triggered': { icon: BellRing, tone: 'bg-success/10 text-success' },
  comparison: { icon: GitCompareArrows, tone: 'bg-primary-soft text-primary' },
  review: { icon: Star, tone: 'bg-warning/10 text-warning' },
  payment: { icon: CreditCard, tone: 'bg-info/10 text-info' },
  joined: { icon: PartyPopper, tone: 'bg-primary-soft text-primary' },
};

const PAGE = 10;

/** Aktivite tab: counts and a timeline of the user's own actions. */
export function ActivityTab() {
  const query = useAccountOverview();
  const [shown, setShown] = useState(PAGE);

  if (query.isPending) return <TabLoading />;
  if (query.isError) return <TabError message="Aktiviteleriniz yüklenemedi." onRetry={() => void query.refetch()} />;

  const { counts, activity } = query.data;
  const items = buildActivity(activity);
  const stats = [
    { label: 'Favori', value: counts.favorites, href: '/favorites' },
    { label: 'Fiyat alarmı', value: counts.priceAlerts, href: '/price-alerts' },
    { label: 'Kayıtlı karşılaştırma', value: counts.savedComparisons, href: '/comparison' },
    { label: 'Değerlendirme', value: counts.reviews, href: null },
  ];

  return (
    <section aria-labelledby="activity-title">
      <h2 id="activity-title" className="text-lg font-semibold text-ink">
        Aktivite Özeti
      </h2>
      {/* A list, not a <dl>: most counts are links, and a link may not stand between dl and dt/dd. */}
      <ul className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {stats.map((stat) => {
          const body = (
            <>
              <span className="block text-xs font-medium text-muted">{stat.label}</span>
              <span className="mt-1 block text-2xl font-bold text-ink tabular-nums">{formatNumber(stat.value)}</span>
            </>
          );
          return (
            <li key={stat.label} className="flex">
              {stat.href ? (
                <Link
                  to={stat.href}
                  className="w-full rounded-xl border border-line bg-page/60 p-4 transition-colors hover:border-primary"
                >
                  {body}
                </Link>
              ) : (
                <div className="w-full rounded-xl border border-line bg-page/60 p-4">{body}</div>
              )}
            </li>
          );
        })}
      </ul>

      <h3 className="mt-8 text-base font-semibold text-ink">Son Hareketler</h3>
      <ol className="mt-4 space-y-1">
        {items.slice(0, shown).map((item) => {
          const { icon: Icon, tone } = KIND_LOOK[item.kind];
          const content = (
            <>
              <span className={`flex size-9 shrink-0 items-center justify-center rounded-full ${tone}`}>
                <Icon aria-hidden="true" className="size-4" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium text-ink">{item.title}</span>
                {item.detail && <span className="block truncate text-sm text-muted">{item.detail}</span>}
              </span>
              <time dateTime={item.date} title={formatDate(item.date)} className="shrink-0 text-xs text-muted">
                {formatRelativeTime(item.date)}
              </time>
            </>
          );
          return (
            <li key={item.id}>
              {item.href ? (
                <Link to={item.href} className="flex items-center gap-3 rounded-xl p-2.5 hover:bg-surface-2">
                  {content}
                </Link>
              ) : (
                <div className="flex items-center gap-3 rounded-xl p-2.5">{content}</div>
              )}
            </li>
          );
        })}
      </ol>
      {items.length > shown && (
        <button
          type="button"
          onClick={() => setShown((n) => n + PAGE)}
          className={buttonClasses('outline', 'sm', 'mt-4')}
        >
          Daha fazla göster
        </button>
      )}
    </section>
  );
}

import { Lock, PiggyBank, Target, Trophy, GitCompareArrows, Heart, type LucideIcon } from 'lucide-react';
import clsx from 'clsx';
import { useAccountOverview } from '~/entities/account/api/get-account-overview';
import { formatNumber, formatPrice } from '~/lib/format';
import { achievementCounts, computeAchievements, type AchievementId } from '../utils/achievements';
import { TabError, TabLoading } from './tab-states';

const ICONS: Record<AchievementId, LucideIcon> = {
  'first-comparison': GitCompareArrows,
  'savings-master': PiggyBank,
  collector: Heart,
  'price-hunter': Target,
};

/** Başarılar tab: the four achievements of spec §4, from the account's real counts. */
export function AchievementsTab() {
  const query = useAccountOverview();
  if (query.isPending) return <TabLoading rows={2} />;
  if (query.isError) return <TabError message="Başarılarınız yüklenemedi." onRetry={() => void query.refetch()} />;

  const achievements = computeAchievements(achievementCounts(query.data.counts));
  const unlocked = achievements.filter((a) => a.unlocked).length;

  return (
    <section aria-labelledby="achievements-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="achievements-title" className="text-lg font-semibold text-ink">
          Başarılar
        </h2>
        <p className="inline-flex items-center gap-1.5 rounded-full bg-primary-soft px-3 py-1 text-sm font-semibold text-primary">
          <Trophy aria-hidden="true" className="size-4" />
          {unlocked}/{achievements.length} kazanıldı
        </p>
      </div>
      <ul className="mt-5 grid gap-4 sm:grid-cols-2">
        {achievements.map((a) => {
          const Icon = ICONS[a.id];
          const fmt = (n: number) => (a.unit === 'try' ? formatPrice(n) : formatNumber(n));
          const percent = Math.round(a.progress * 100);
          return (
            <li
              key={a.id}
              className={clsx(
                'rounded-2xl border p-5',
                a.unlocked ? 'border-success/40 bg-success/5' : 'border-line bg-page/60',
              )}
            >
              <div className="flex items-start gap-4">
                <span
                  className={clsx(
                    'flex size-12 shrink-0 items-center justify-center rounded-2xl',
                    a.unlocked ? 'bg-success/15 text-success' : 'bg-surface-2 text-muted',
                  )}
                >
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <div className="min-w-0 flex-1">
                  <h3 className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                    {a.title}
                    {a.unlocked ? (
                      <span className="rounded-full bg-success/15 px-2 py-0.5 text-[11px] font-bold text-success">
                        Kazanıldı
                      </span>
                    ) : (
                      <Lock aria-label="Kilitli" className="size-3.5 text-muted" />
                    )}
                  </h3>
                  <p className="mt-0.5 text-sm text-muted">{a.description}</p>
                </div>
              </div>
              <div className="mt-4">
                <div className="flex justify-between text-xs text-muted">
                  <span>
                    {fmt(Math.min(a.current, a.target))} / {fmt(a.target)}
                  </span>
                  <span>%{percent}</span>
                </div>
                <div
                  role="progressbar"
                  aria-label={`${a.title} ilerlemesi`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  className="mt-1.5 h-2 overflow-hidden rounded-full bg-surface-2"
                >
                  <div
                    className={clsx('h-full rounded-full', a.unlocked ? 'bg-success' : 'bg-primary')}
                    style={{ width: `${percent}%` }}
                  />
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

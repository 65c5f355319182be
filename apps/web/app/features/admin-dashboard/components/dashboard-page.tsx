import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MessageSquare, Package, PlusCircle, Upload, Users, Wallet, BarChart3 } from 'lucide-react';
import { adminStatsMessages, type AdminStats } from '@kiyasla/contracts/admin-stats';
import { ROLE_LABELS } from '@kiyasla/contracts/admin-users';
import { buttonClasses } from '~/components/ui/button-styles';
import { Card, FigureRow, StatCard } from '~/components/ui/stat-card';
import { formatNumber, formatPrice } from '~/lib/format';
import { formatDate } from '~/lib/format-date';
import { useAdminStats } from '../api/get-admin-stats';
import { TrendBadge } from './trend-badge';

interface QuickAction {
  to: string;
  /** The section the action opens: shown only when the operator's sidebar has it. */
  section: string;
  label: string;
  icon: ReactNode;
}

const QUICK_ACTIONS: QuickAction[] = [
  {
    to: '/admin/products?new=1',
    section: '/admin/products',
    label: 'Yeni Ürün',
    icon: <PlusCircle aria-hidden="true" className="size-4" />,
  },
  {
    to: '/admin/stores',
    section: '/admin/stores',
    label: 'Ürün Akışı İçe Aktar',
    icon: <Upload aria-hidden="true" className="size-4" />,
  },
  {
    to: '/admin/analytics',
    section: '/admin/analytics',
    label: 'Analitiği Görüntüle',
    icon: <BarChart3 aria-hidden="true" className="size-4" />,
  },
];

function Dashboard({ stats, sections }: { stats: AdminStats; sections: readonly string[] }) {
  const actions = QUICK_ACTIONS.filter((action) => sections.includes(action.section));
  const { users, products, reviews, revenue } = stats;
  return (
    <>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Toplam Kullanıcı"
          value={formatNumber(users.total)}
          icon={<Users aria-hidden="true" className="size-5" />}
          footer={
            <>
              <TrendBadge figure={users.new} />
              <span>bu ay {formatNumber(users.new.thisMonth)} yeni</span>
            </>
          }
        />
        <StatCard
          label="Toplam Ürün"
          value={formatNumber(products.total)}
          icon={<Package aria-hidden="true" className="size-5" />}
          footer={
            <>
              <TrendBadge figure={products.new} />
              <span>bu ay {formatNumber(products.new.thisMonth)} yeni</span>
            </>
          }
        />
        <StatCard
          label="Değerlendirmeler"
          value={formatNumber(reviews.total)}
          icon={<MessageSquare aria-hidden="true" className="size-5" />}
          footer={
            sections.includes('/admin/reviews') ? (
              <Link to="/admin/reviews" className="text-primary hover:underline">
                {formatNumber(reviews.pending)} onay bekliyor
              </Link>
            ) : (
              <span>{formatNumber(reviews.pending)} onay bekliyor</span>
            )
          }
        />
        <StatCard
          label="Bu Ayın Geliri"
          value={formatPrice(revenue.received.thisMonth)}
          icon={<Wallet aria-hidden="true" className="size-5" />}
          footer={
            <>
              <TrendBadge figure={revenue.received} />
              <span>geçen ay {formatPrice(revenue.received.lastMonth)}</span>
            </>
          }
        />
      </div>

      <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Card>
          <h2 className="font-semibold text-ink">Kullanıcı İstatistikleri</h2>
          <dl className="mt-3">
            <FigureRow label="Toplam" value={formatNumber(users.total)} />
            <FigureRow label="Aktif" value={formatNumber(users.active)} />
            <FigureRow label="E-postası doğrulanmış" value={formatNumber(users.verified)} />
            <FigureRow label="Premium" value={formatNumber(users.premium)} />
            <FigureRow label="Bu ay katılan" value={formatNumber(users.new.thisMonth)} />
          </dl>
        </Card>
        <Card>
          <h2 className="font-semibold text-ink">Ürün İstatistikleri</h2>
          <dl className="mt-3">
            <FigureRow label="Toplam" value={formatNumber(products.total)} />
            <FigureRow label="Aktif" value={formatNumber(products.active)} />
            <FigureRow label="Pasif" value={formatNumber(products.total - products.active)} />
            <FigureRow label="Mağaza teklifi olan" value={formatNumber(products.withOffers)} />
            <FigureRow label="Bu ay eklenen" value={formatNumber(products.new.thisMonth)} />
          </dl>
        </Card>
        <Card>
          <h2 className="font-semibold text-ink">Gelir Özeti</h2>
          <dl className="mt-3">
            <FigureRow label="Aylık abonelikler" value={formatPrice(revenue.monthly)} />
            <FigureRow label="Yıllık abonelikler" value={formatPrice(revenue.yearly)} />
            {revenue.lifetime > 0 && <FigureRow label="Ömür boyu abonelikler" value={formatPrice(revenue.lifetime)} />}
            <FigureRow label="Toplam gelir" value={formatPrice(revenue.total)} />
          </dl>
          <p className="mt-2 text-xs text-muted">Tamamlanan ödemeler; iade edilenler dahil değildir.</p>
        </Card>
      </div>

      <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-3">
        {stats.recentUsers !== null && (
          <Card className="lg:col-span-2">
            <h2 className="font-semibold text-ink">Son Kullanıcılar</h2>
            {stats.recentUsers.length === 0 ? (
              <p className="mt-3 text-sm text-muted">Kullanıcı bulunamadı</p>
            ) : (
              <ul className="mt-3 divide-y divide-line">
                {stats.recentUsers.map((user) => (
                  <li key={user._id} className="flex items-center justify-between gap-3 py-2 text-sm">
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-medium text-ink">
                        {user.firstName} {user.lastName}
                      </p>
                      <p className="truncate text-muted">{user.email}</p>
                    </div>
                    <div className="shrink-0 text-right text-xs text-muted">
                      <p>{ROLE_LABELS[user.role]}</p>
                      <p>{formatDate(user.createdAt)}</p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        )}
        {actions.length > 0 && (
          <Card>
            <h2 className="font-semibold text-ink">Hızlı İşlemler</h2>
            <div className="mt-3 flex flex-col gap-2">
              {actions.map((action) => (
                <Link key={action.to} to={action.to} className={buttonClasses('outline', 'md', 'justify-start')}>
                  {action.icon}
                  {action.label}
                </Link>
              ))}
            </div>
          </Card>
        )}
      </div>
    </>
  );
}

/** /admin: headline figures with month-over-month trends, the latest 5 users, quick actions. */
export function DashboardPage({ firstName, sections }: { firstName: string; sections: readonly string[] }) {
  const query = useAdminStats();
  return (
    <section>
      <h1 className="text-2xl font-semibold text-ink">Genel Bakış</h1>
      <p className="mt-1 text-sm text-muted">Hoş geldiniz, {firstName}.</p>
      {query.isPending ? (
        <p role="status" className="mt-6 text-sm text-muted">
          {adminStatsMessages.loading}
        </p>
      ) : query.isError ? (
        <p role="alert" className="mt-6 rounded-2xl border border-line bg-surface p-5 text-sm text-danger">
          {adminStatsMessages.loadError}
        </p>
      ) : (
        <Dashboard stats={query.data} sections={sections} />
      )}
    </section>
  );
}

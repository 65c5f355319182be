import { useState } from 'react';
import { BarChart3, CircleDollarSign, Eye, UserCheck, Users, Wallet, XCircle } from 'lucide-react';
import {
  adminSubscriptionMessages as m,
  type AdminSubscriptionItem,
  type AdminSubscriptionStats,
} from '@kiyasla/contracts/admin-subscriptions';
import { buttonClasses } from '~/components/ui/button-styles';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import {
  FilterForm,
  FilterSearchField,
  FilterSelectField,
  ListPanel,
  ListTable,
  useListFilters,
} from '~/components/ui/list-filters';
import { Pager } from '~/components/ui/pager';
import { StatCard } from '~/components/ui/stat-card';
import { UserAvatar } from '~/components/ui/user-avatar';
import { formatNumber, formatPrice } from '~/lib/format';
import { formatDate } from '~/lib/format-date';
import { toast } from '~/lib/toast';
import { useCancelSubscription } from '../api/cancel-subscription';
import {
  EMPTY_SUBSCRIPTION_FILTERS,
  useAdminSubscriptions,
  type SubscriptionFilters,
} from '../api/get-admin-subscriptions';
import { useSubscriptionStats } from '../api/get-subscription-stats';
import { PlanBadge, SubscriptionStatusBadge } from './subscription-badges';
import { SubscriptionHistoryDialog } from './subscription-history-dialog';
import { SubscriptionStatsDialog } from './subscription-stats-dialog';

const PLAN_OPTIONS = [
  { value: 'free', label: 'Ücretsiz' },
  { value: 'monthly', label: 'Aylık' },
  { value: 'yearly', label: 'Yıllık' },
  { value: 'lifetime', label: 'Ömür Boyu' },
] as const;
const STATUS_OPTIONS = [
  { value: 'active', label: 'Aktif' },
  { value: 'cancelled', label: 'İptal Edildi' },
  { value: 'expired', label: 'Süresi Doldu' },
] as const;

const day = (value: string | null) => (value ? formatDate(value) : '-');

function StatCards({ stats }: { stats: AdminSubscriptionStats }) {
  return (
    <div className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label="Toplam Abonelik"
        value={formatNumber(stats.total)}
        icon={<Users aria-hidden="true" className="size-5" />}
        footer={<span>{formatNumber(stats.expired)} süresi dolmuş</span>}
      />
      <StatCard
        label="Aktif Abonelik"
        value={formatNumber(stats.active)}
        icon={<UserCheck aria-hidden="true" className="size-5" />}
        footer={<span>{formatNumber(stats.cancelled)} iptal edilmiş, bitişini bekliyor</span>}
      />
      <StatCard
        label="Aylık Gelir"
        value={formatPrice(stats.monthlyRevenue)}
        icon={<Wallet aria-hidden="true" className="size-5" />}
        footer={<span>aylık plan ödemeleri</span>}
      />
      <StatCard
        label="Toplam Gelir"
        value={formatPrice(stats.totalRevenue)}
        icon={<CircleDollarSign aria-hidden="true" className="size-5" />}
        footer={<span>aylık + yıllık + ömür boyu</span>}
      />
    </div>
  );
}

function SubscriptionRow({
  item,
  onView,
  onCancel,
}: {
  item: AdminSubscriptionItem;
  onView: () => void;
  onCancel: () => void;
}) {
  const name = `${item.firstName} ${item.lastName}`;
  const sub = item.subscription;
  return (
    <tr className="border-b border-line last:border-0">
      <td className="px-4 py-3">
        <div className="flex items-center gap-3">
          <UserAvatar firstName={item.firstName} lastName={item.lastName} className="size-9 text-xs" />
          <span className="font-medium whitespace-nowrap text-ink">{name}</span>
        </div>
      </td>
      <td className="px-4 py-3 text-muted">{item.email}</td>
      <td className="px-4 py-3">
        <PlanBadge plan={sub.plan} />
      </td>
      <td className="px-4 py-3">
        <SubscriptionStatusBadge status={sub.status} />
      </td>
      <td className="px-4 py-3 whitespace-nowrap">{day(sub.startDate)}</td>
      <td className="px-4 py-3 whitespace-nowrap">{day(sub.endDate)}</td>
      <td className="px-4 py-3">
        <div className="flex justify-end gap-1">
          <button
            type="button"
            onClick={onView}
            className={buttonClasses('ghost', 'icon')}
            aria-label={`${name} aboneliğini görüntüle`}
            title="Görüntüle"
          >
            <Eye aria-hidden="true" className="size-4" />
          </button>
          {sub.cancellable ? (
            <button
              type="button"
              onClick={onCancel}
              className={buttonClasses('ghost', 'icon', 'text-danger')}
              aria-label={`${name} aboneliğini iptal et`}
              title="İptal Et"
            >
              <XCircle aria-hidden="true" className="size-4" />
            </button>
          ) : (
            // Keeps the view buttons in one column.
            <span aria-hidden="true" className="size-10" />
          )}
        </div>
      </td>
    </tr>
  );
}

/**
 * /admin/subscriptions ('Abonelik Yönetimi'): total in the heading, statistics modal and cards,
 * filters applied on submit (page back to 1), the table with cancel and view, pagination.
 */
export function AdminSubscriptionsPage({
  initialSearch = '',
}: {
  /** From the admin header's search (`?q=`): applied at once. */
  initialSearch?: string;
}) {
  const { draft, edit, applied, page, setPage, submit, reset } = useListFilters<SubscriptionFilters>(
    { ...EMPTY_SUBSCRIPTION_FILTERS, search: initialSearch },
    EMPTY_SUBSCRIPTION_FILTERS,
  );
  const [statsOpen, setStatsOpen] = useState(false);
  const [viewing, setViewing] = useState<AdminSubscriptionItem | null>(null);
  const [cancelling, setCancelling] = useState<AdminSubscriptionItem | null>(null);
  const query = useAdminSubscriptions(page, applied);
  const stats = useSubscriptionStats();
  const cancel = useCancelSubscription();

  if (query.isError && !query.data) {
    return (
      <section>
        <h1 className="text-2xl font-semibold text-ink">{m.title}</h1>
        <div role="alert" className="mt-10 flex flex-col items-center gap-4 text-center">
          <p className="text-lg font-medium text-danger">{m.loadError}</p>
          <button type="button" onClick={() => void query.refetch()} className={buttonClasses('outline', 'md')}>
            Tekrar dene
          </button>
        </div>
      </section>
    );
  }

  const items = query.data?.subscriptions ?? [];
  const pagination = query.data?.pagination;

  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-ink">
          {m.title}
          {pagination && (
            <span className="ml-2 text-base font-normal text-muted">({formatNumber(pagination.total)})</span>
          )}
        </h1>
        <button
          type="button"
          onClick={() => setStatsOpen(true)}
          disabled={!stats.data}
          className={buttonClasses('outline', 'md')}
        >
          <BarChart3 aria-hidden="true" className="size-4" />
          İstatistikler
        </button>
      </div>

      {stats.data && <StatCards stats={stats.data} />}
      {stats.isError && <p className="mt-4 text-sm text-muted">{m.statsError}</p>}

      <FilterForm
        label="Abonelik süzgeçleri"
        columns="sm:grid-cols-2 lg:grid-cols-[1fr_auto_auto_auto_auto]"
        onSubmit={submit}
        onReset={reset}
      >
        <FilterSearchField
          id="subscriptions-search"
          placeholder="E-posta veya ad ile ara"
          value={draft.search}
          onChange={(search) => edit({ search })}
        />
        <FilterSelectField
          id="subscriptions-plan"
          label="Plan"
          value={draft.plan}
          onChange={(plan) => edit({ plan })}
          allLabel="Tüm planlar"
          options={PLAN_OPTIONS}
        />
        <FilterSelectField
          id="subscriptions-status"
          label="Durum"
          value={draft.status}
          onChange={(status) => edit({ status })}
          allLabel="Tüm durumlar"
          options={STATUS_OPTIONS}
        />
      </FilterForm>

      <ListPanel pending={query.isPending} loading={m.loading} empty={items.length === 0} emptyText={m.notFound}>
        <ListTable
          minWidth="min-w-[880px]"
          headings={['Kullanıcı', 'E-posta', 'Plan', 'Durum', 'Başlangıç', 'Bitiş']}
          actions
        >
          {items.map((item) => (
            <SubscriptionRow
              key={item._id}
              item={item}
              onView={() => setViewing(item)}
              onCancel={() => setCancelling(item)}
            />
          ))}
        </ListTable>
      </ListPanel>
      {pagination && (
        <Pager
          page={pagination.page}
          pages={pagination.pages}
          total={pagination.total}
          noun="abonelik"
          onPage={setPage}
        />
      )}

      {stats.data && <SubscriptionStatsDialog stats={stats.data} open={statsOpen} onOpenChange={setStatsOpen} />}
      {viewing && <SubscriptionHistoryDialog member={viewing} onClose={() => setViewing(null)} />}
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Aboneliği İptal Et"
        description={m.cancelConfirm}
        confirmLabel="İptal Et"
        pending={cancel.isPending}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling._id, {
            onSuccess: ({ message }) => toast({ type: 'success', title: message }),
            onSettled: () => setCancelling(null),
          })
        }
      />
    </section>
  );
}

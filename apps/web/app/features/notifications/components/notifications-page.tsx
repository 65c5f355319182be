import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Bell, BellRing, CheckCheck, Settings, Tag, Trash2 } from 'lucide-react';
import clsx from 'clsx';
import { notificationsMessages } from '@kiyasla/contracts/messages/notifications';
import type { Notification } from '@kiyasla/contracts/notifications';
import { Breadcrumb } from '~/components/ui/breadcrumb';
import { buttonClasses } from '~/components/ui/button-styles';
import { Pager } from '~/components/ui/pager';
import { Skeleton } from '~/components/ui/skeleton';
import { TabList } from '~/components/ui/tabs';
import { deleteNotification } from '~/entities/notifications/api/delete-notification';
import { useNotifications, type NotificationTab } from '~/entities/notifications/api/get-notifications';
import { markAllNotificationsRead } from '~/entities/notifications/api/mark-all-notifications-read';
import { markNotificationRead } from '~/entities/notifications/api/mark-notification-read';
import { invalidateNotifications } from '~/entities/notifications/api/query-keys';
import { productHref } from '~/entities/product/utils/product-href';
import { formatNumber, formatPrice } from '~/lib/format';
import { formatRelativeTime } from '~/lib/format-date';
import { useLoadErrorToast } from '~/lib/query-client';
import { NotificationPreferences } from './notification-preferences';

type Tab = NotificationTab | 'settings';

const TABS: { key: Tab; label: string; icon: typeof Bell }[] = [
  { key: 'all', label: 'Tümü', icon: Bell },
  { key: 'price', label: 'Fiyat', icon: Tag },
  { key: 'system', label: 'Sistem', icon: BellRing },
  { key: 'settings', label: 'Ayarlar', icon: Settings },
];

/** 'Bildirimler' (spec §2): unread count, mark read, mark all read, delete; the Ayarlar tab holds the preferences. */
export function NotificationsPage() {
  // `?tab=settings` opens the Ayarlar tab (the phone verification page links back to it).
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>(() => (params.get('tab') === 'settings' ? 'settings' : 'all'));
  const [page, setPage] = useState(1);
  const listTab: NotificationTab = tab === 'settings' ? 'all' : tab;
  const list = useNotifications(listTab, page);
  const queryClient = useQueryClient();
  useLoadErrorToast(list.isError, notificationsMessages.loadError);

  // §8: failures to mark read or delete are only logged.
  const settle = () => invalidateNotifications(queryClient);
  const markRead = useMutation({ mutationFn: markNotificationRead, onSettled: settle, meta: { errorToast: false } });
  const markAll = useMutation({ mutationFn: markAllNotificationsRead, onSettled: settle, meta: { errorToast: false } });
  const remove = useMutation({ mutationFn: deleteNotification, onSettled: settle, meta: { errorToast: false } });

  const unread = list.data?.unreadCount ?? 0;
  const items = list.data?.items ?? [];
  const pages = list.data?.pagination?.pages ?? 1;

  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <Breadcrumb items={[{ label: 'Ana Sayfa', to: '/' }, { label: 'Bildirimler' }]} />
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div className="flex items-center gap-3">
          <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-primary-soft text-primary">
            <Bell aria-hidden="true" className="h-6 w-6" />
          </span>
          <div>
            <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">Bildirimler</h1>
            <p className="mt-0.5 text-sm text-muted" aria-live="polite">
              {list.isPending ? 'Yükleniyor...' : `${formatNumber(unread)} okunmamış bildirim`}
            </p>
          </div>
        </div>
        {tab !== 'settings' && unread > 0 && (
          <button
            type="button"
            onClick={() => markAll.mutate()}
            disabled={markAll.isPending}
            className={buttonClasses('outline', 'md')}
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            Tümünü Okundu İşaretle
          </button>
        )}
      </div>

      <div className="mt-6 overflow-x-auto">
        <TabList
          tabs={TABS.map((t) => ({ key: t.key, label: t.label, icon: t.icon }))}
          value={tab}
          onChange={(next) => {
            setTab(next);
            setPage(1);
          }}
          label="Bildirim sekmeleri"
          idPrefix="notifications"
        />
      </div>

      <div role="tabpanel" id={`notifications-panel-${tab}`} className="mt-4">
        {tab === 'settings' ? (
          <NotificationPreferences />
        ) : list.isPending ? (
          <div className="space-y-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-24 w-full rounded-2xl" />
            ))}
          </div>
        ) : list.isError ? (
          <p role="alert" className="rounded-2xl border border-line bg-surface p-6 text-center text-danger">
            {notificationsMessages.loadError}
          </p>
        ) : items.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-line bg-surface px-6 py-12 text-center">
            <Bell aria-hidden="true" className="mx-auto size-10 text-muted" />
            <h2 className="mt-3 text-lg font-bold text-ink">Bildiriminiz yok</h2>
            <p className="mx-auto mt-1 max-w-md text-sm text-muted">
              Fiyat alarmlarınız tetiklendiğinde ve favori ürünlerinizin fiyatı düştüğünde burada görünür.
            </p>
          </div>
        ) : (
          <>
            <ul className="space-y-3">
              {items.map((n) => (
                <NotificationItem
                  key={n._id}
                  notification={n}
                  onRead={() => markRead.mutate(n._id)}
                  onDelete={() => remove.mutate(n._id)}
                />
              ))}
            </ul>
            {pages > 1 && (
              <div className="mt-6">
                <Pager
                  page={page}
                  pages={pages}
                  total={list.data?.pagination?.total ?? 0}
                  noun="bildirim"
                  onPage={setPage}
                />
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}

function NotificationItem({
  notification: n,
  onRead,
  onDelete,
}: {
  notification: Notification;
  onRead: () => void;
  onDelete: () => void;
}) {
  const image = n.data.product?.images[0];
  const to = n.data.product ? productHref(n.data.product._id) : n.data.url;
  return (
    <li
      className={clsx(
        'flex gap-4 rounded-2xl border p-4 shadow-sm',
        n.isRead ? 'border-line bg-surface' : 'border-primary/30 bg-primary-soft/40',
      )}
    >
      {image ? (
        <img src={image.url} alt={image.alt} className="size-14 shrink-0 rounded-xl bg-white object-contain" />
      ) : (
        <span className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-surface-2 text-muted">
          <Bell aria-hidden="true" className="size-6" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="font-semibold text-ink">
            {!n.isRead && <span className="sr-only">Okunmamış: </span>}
            {n.title}
          </h2>
          <time dateTime={n.createdAt} className="text-xs text-muted">
            {formatRelativeTime(n.createdAt)}
          </time>
        </div>
        <p className="mt-1 text-sm text-muted">{n.message}</p>
        {typeof n.data.newPrice === 'number' && (
          <p className="mt-1 text-sm">
            {typeof n.data.oldPrice === 'number' && (
              <span className="mr-2 text-muted line-through">{formatPrice(n.data.oldPrice)}</span>
            )}
            <span className="font-bold text-emerald-700 dark:text-emerald-300">{formatPrice(n.data.newPrice)}</span>
          </p>
        )}
        <div className="mt-2 flex flex-wrap gap-2">
          {to && (
            <Link to={to} onClick={() => !n.isRead && onRead()} className={buttonClasses('outline', 'sm')}>
              Ürüne Git
            </Link>
          )}
          {!n.isRead && (
            <button type="button" onClick={onRead} className={buttonClasses('ghost', 'sm')}>
              <CheckCheck aria-hidden="true" className="size-4" />
              Okundu
            </button>
          )}
          <button
            type="button"
            onClick={onDelete}
            aria-label={`Bildirimi sil: ${n.title}`}
            className={buttonClasses('ghost', 'sm', 'hover:text-danger')}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Sil
          </button>
        </div>
      </div>
    </li>
  );
}

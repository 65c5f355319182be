import type { Pagination } from '@kiyasla/contracts/envelope';
import { isUuid } from '@kiyasla/contracts/ids';
import { messages } from '@kiyasla/contracts/messages';
import {
  NOTIFICATION_ERROR_CODES,
  type Notification,
  type NotificationCounts,
  type NotificationsQuery,
} from '@kiyasla/contracts/notifications';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { paginate } from '../../lib/reply';
import { countActiveAlerts } from '../alerts/alerts.service';
import type { AuthUser } from '../auth/session-verifier';
import { announceCountsChanged } from './live/live-counts';
import { presentNotification } from './notifications.presenter';
import { countUnread, deleteNotification, findNotifications, markAllRead, markRead } from './notifications.repo';

export interface NotificationsDeps {
  db: Database;
}

type Caller = Pick<AuthUser, 'id'>;

const missing = () => notFound(NOTIFICATION_ERROR_CODES.notFound, messages.notifications.notFound);

export async function listNotifications(
  deps: NotificationsDeps,
  caller: Caller,
  q: NotificationsQuery,
): Promise<{ items: Notification[]; pagination: Pagination; unreadCount: number }> {
  const [{ rows, total }, unreadCount] = await Promise.all([
    findNotifications(deps.db, caller.id, q.type, q.page, q.limit),
    countUnread(deps.db, caller.id),
  ]);
  return { items: rows.map(presentNotification), pagination: paginate(q.page, q.limit, total), unreadCount };
}

/** The header badges. Armed alerts count only while the price alerts feature is on. */
export async function headerCounts(
  deps: NotificationsDeps,
  caller: Caller,
  alertsEnabled: boolean,
): Promise<NotificationCounts> {
  const [unread, activeAlerts] = await Promise.all([
    countUnread(deps.db, caller.id),
    alertsEnabled ? countActiveAlerts(deps, caller) : Promise.resolve(0),
  ]);
  return { unread, activeAlerts };
}

export async function readNotification(deps: NotificationsDeps, caller: Caller, id: string): Promise<void> {
  if (!isUuid(id) || !(await markRead(deps.db, caller.id, id.toLowerCase()))) throw missing();
  // The user's other tabs and devices update their badge.
  await announceCountsChanged(deps.db, [caller.id]);
}

export async function readAllNotifications(deps: NotificationsDeps, caller: Caller): Promise<number> {
  const updated = await markAllRead(deps.db, caller.id);
  if (updated > 0) await announceCountsChanged(deps.db, [caller.id]);
  return updated;
}

export async function removeNotification(deps: NotificationsDeps, caller: Caller, id: string): Promise<string> {
  if (!isUuid(id) || !(await deleteNotification(deps.db, caller.id, id.toLowerCase()))) throw missing();
  await announceCountsChanged(deps.db, [caller.id]);
  return id.toLowerCase();
}

import {
  ALERT_ERROR_CODES,
  MAX_ACTIVE_ALERTS,
  type AlertsQuery,
  type AlertTriggerType,
  type PriceAlert,
} from '@kiyasla/contracts/alerts';
import type { Pagination } from '@kiyasla/contracts/envelope';
import { isUuid } from '@kiyasla/contracts/ids';
import { messages } from '@kiyasla/contracts/messages';
import { tryToKurus } from '@kiyasla/contracts/money';
import type { Database, Transaction } from '../../db/client';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import { paginate } from '../../lib/reply';
import type { AuthUser } from '../auth/session-verifier';
import {
  countArmedAlerts,
  currentWatchedPrice,
  deleteAlert,
  findAlert,
  findAlertForProduct,
  findAlerts,
  insertAlert,
  lockUserAlerts,
  productExists,
  rearmWithTarget,
  setActive,
  storeSellsProduct,
} from './alerts.repo';
import { presentAlert } from './alerts.presenter';
import { announceCountsChanged } from '../notifications/live/live-counts';

export interface AlertsDeps {
  db: Database;
}

type Caller = Pick<AuthUser, 'id'>;

const m = messages.alerts;
const codes = ALERT_ERROR_CODES;

const alertNotFound = () => notFound(codes.notFound, m.notFound);
const normalise = (id: string): string | null => (isUuid(id) ? id.toLowerCase() : null);

/**
 * An alert may only be armed while its condition does not hold yet (§5: a 'below' target lower
 * than the current price; an 'above' target higher). That is what makes "the watched price
 * reached the target" a crossing: an armed alert whose price is at the target has crossed it.
 * Without a watched price (nothing in stock) any target is accepted.
 */
function ensureNotSatisfied(triggerType: AlertTriggerType, target: number, current: number | null): void {
  if (current === null) return;
  if (triggerType === 'below' && target >= current) throw badRequest(codes.targetNotBelow, m.targetNotBelow);
  if (triggerType === 'above' && target <= current) throw badRequest(codes.targetNotAbove, m.targetNotAbove);
}

async function ensureUnderCap(tx: Transaction, caller: Caller): Promise<void> {
  if ((await countArmedAlerts(tx, caller.id)) >= MAX_ACTIVE_ALERTS) {
    throw forbidden(codes.limit, m.limitReached(MAX_ACTIVE_ALERTS));
  }
}

export async function listAlerts(
  deps: AlertsDeps,
  caller: Caller,
  q: AlertsQuery,
): Promise<{ items: PriceAlert[]; pagination: Pagination }> {
  const { rows, total } = await findAlerts(deps.db, caller.id, q.status, q.page, q.limit);
  return { items: rows.map(presentAlert), pagination: paginate(q.page, q.limit, total) };
}

export async function countActiveAlerts(deps: AlertsDeps, caller: Caller): Promise<number> {
  return countArmedAlerts(deps.db, caller.id);
}

export interface CreateAlert {
  product: string;
  targetPrice: number;
  triggerType: AlertTriggerType;
  store?: string | null | undefined;
}

/**
 * Creates the caller's alert for a product. Checked in this order: the product exists (404), the
 * store sells it (404), no alert of the caller for it yet (409), the target against the watched
 * price (400), the cap of armed alerts (403).
 */
export async function createAlert(deps: AlertsDeps, caller: Caller, input: CreateAlert): Promise<PriceAlert> {
  const productId = normalise(input.product);
  if (!productId || !(await productExists(deps.db, productId))) {
    throw notFound(codes.productNotFound, messages.catalog.productNotFound);
  }
  let storeId: string | null = null;
  if (input.store) {
    storeId = normalise(input.store);
    if (!storeId || !(await storeSellsProduct(deps.db, productId, storeId))) {
      throw notFound(codes.storeNotFound, m.storeNotFound);
    }
  }
  const target = tryToKurus(input.targetPrice);
  const id = await deps.db.transaction(async (tx) => {
    await lockUserAlerts(tx, caller.id);
    // The header badge of the user's other tabs and devices (sent only if this commits).
    await announceCountsChanged(tx, [caller.id]);
    if (await findAlertForProduct(tx, caller.id, productId)) throw new AppError(409, codes.exists, m.exists);
    const current = await currentWatchedPrice(tx, productId, storeId);
    ensureNotSatisfied(input.triggerType, target, current);
    await ensureUnderCap(tx, caller);
    const inserted = await insertAlert(tx, {
      userId: caller.id,
      productId,
      storeId,
      targetPrice: target,
      triggerType: input.triggerType,
      priceAtCreation: current,
    });
    if (!inserted) throw new AppError(409, codes.exists, m.exists);
    return inserted;
  });
  const row = await findAlert(deps.db, caller.id, id);
  if (!row) throw alertNotFound();
  return presentAlert(row);
}

/** A new target re-arms the alert (a triggered one listens again), with the checks of creation. */
export async function updateAlertTarget(
  deps: AlertsDeps,
  caller: Caller,
  alertId: string,
  targetPrice: number,
): Promise<PriceAlert> {
  const id = normalise(alertId);
  if (!id) throw alertNotFound();
  const target = tryToKurus(targetPrice);
  await deps.db.transaction(async (tx) => {
    await lockUserAlerts(tx, caller.id);
    // The header badge of the user's other tabs and devices (sent only if this commits).
    await announceCountsChanged(tx, [caller.id]);
    const alert = await findAlert(tx, caller.id, id, true);
    if (!alert) throw alertNotFound();
    ensureNotSatisfied(alert.trigger_type, target, alert.current_price === null ? null : Number(alert.current_price));
    const armedBefore = alert.is_active && !alert.triggered;
    if (!armedBefore) await ensureUnderCap(tx, caller);
    await rearmWithTarget(tx, id, target);
  });
  const row = await findAlert(deps.db, caller.id, id);
  if (!row) throw alertNotFound();
  return presentAlert(row);
}

/**
 * Switches the alert off, or on again. Switching on re-arms it (a new arming: a triggered alert
 * may fire once more), so it needs what creation needs: a target the price has not reached, and
 * room under the cap.
 */
export async function toggleAlert(deps: AlertsDeps, caller: Caller, alertId: string): Promise<PriceAlert> {
  const id = normalise(alertId);
  if (!id) throw alertNotFound();
  await deps.db.transaction(async (tx) => {
    await lockUserAlerts(tx, caller.id);
    // The header badge of the user's other tabs and devices (sent only if this commits).
    await announceCountsChanged(tx, [caller.id]);
    const alert = await findAlert(tx, caller.id, id, true);
    if (!alert) throw alertNotFound();
    if (alert.is_active) {
      await setActive(tx, id, false);
      return;
    }
    ensureNotSatisfied(
      alert.trigger_type,
      Number(alert.target_price),
      alert.current_price === null ? null : Number(alert.current_price),
    );
    await ensureUnderCap(tx, caller);
    await setActive(tx, id, true);
  });
  const row = await findAlert(deps.db, caller.id, id);
  if (!row) throw alertNotFound();
  return presentAlert(row);
}

export async function removeAlert(deps: AlertsDeps, caller: Caller, alertId: string): Promise<string> {
  const id = normalise(alertId);
  if (!id || !(await deleteAlert(deps.db, caller.id, id))) throw alertNotFound();
  await announceCountsChanged(deps.db, [caller.id]);
  return id;
}

export async function checkAlert(
  deps: AlertsDeps,
  caller: Caller,
  productId: string,
): Promise<{ hasAlert: boolean; alert: PriceAlert | null }> {
  const id = normalise(productId);
  const row = id ? await findAlertForProduct(deps.db, caller.id, id) : undefined;
  return row ? { hasAlert: true, alert: presentAlert(row) } : { hasAlert: false, alert: null };
}

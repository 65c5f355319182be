import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { logPassFailure, retryWhileUnavailable } from '../lib/database-unavailable';
import { sqlRows } from '../lib/sql-rows';
import { writeQueuedDeliveries } from '../modules/notifications/deliveries/schedule';
import {
  PermanentDeliveryError,
  type ChannelSenders,
  type DeliveryTarget,
  type SendResult,
} from '../modules/notifications/deliveries/types';

/**
 * The worker of `notification_deliveries` (e-mail, Web Push, SMS copies of notifications), on
 * every instance, like the other outbox workers:
 * - **queue**: first the notifications the price-change consumer queued get their delivery rows
 *   (`writeQueuedDeliveries`: taken off the queue and written in one transaction, so once);
 * - **claim**: a committed statement leases up to `batch` due rows with FOR UPDATE SKIP LOCKED
 *   (`processing`, `locked_until`, `attempts` + 1); due = pending past `next_attempt_at` (which
 *   is the end of the quiet hours for a notification that arrived within them), or processing
 *   with an expired lease (its worker died);
 * - **hold**: right before each row's send, the worker re-leases that row for a full lease from
 *   now, fenced by its claim (same id, still `processing`, the `attempts` it claimed with). A row
 *   whose lease ran out while the rows before it went out may have been claimed by another worker
 *   (its `attempts` moved on): this worker leaves it to that one, unsent;
 * - **send** through the channel's sender, outside any transaction;
 * - **finish**: `sent` (with `sent_at`), `skipped` (nothing to send to), or back to `pending`
 *   with backoff (30 s doubling to 1 h) while the channel is down, `failed` after
 *   DELIVERY_MAX_ATTEMPTS or on a permanent error. The update has the same fence, so a worker
 *   whose lease expired cannot overwrite a newer outcome.
 *
 * The fence is the claim's `attempts`: every claim adds one and a shutdown's give-back takes its
 * own back, so no two claims that can still act on a row share a value (ADR 017, amendment "A
 * claim is checked before every send").
 *
 * A delivery is written once per notification and channel (unique key; in the notification's
 * transaction, or in the one that takes it off the queue), and a row that was sent is never claimed again: a notification is not sent twice.
 * The one window left is a worker dying (or stalling longer than a lease) between the provider's
 * acceptance and the `sent` update, which would resend after the lease.
 */

export const DELIVERY_MAX_ATTEMPTS = 8;
/**
 * A claim's lease, and a row's again from the moment its send begins. It must outlast one send
 * (SMTP gives up after 10 s connecting, 10 s for the greeting, 20 s of a silent socket; Web Push
 * and the SMS gateway after 10 s a request) plus the retries of its record through a database
 * restart (DELIVERY_RECORD_RETRY_MS): 40 s + 150 s leave 110 s of the 300.
 */
export const DELIVERY_LEASE_SECONDS = 300;
const LEASE_SECONDS = DELIVERY_LEASE_SECONDS;
/** How long a record (and a claim's re-check) is retried while the database is away: half the lease (ADR 020). */
export const DELIVERY_RECORD_RETRY_MS = (LEASE_SECONDS * 1000) / 2;
const DEFAULT_BATCH = 50;
/** Queued notifications whose deliveries are written per transaction. */
const QUEUE_BATCH = 1_000;

/** 30 s, 1 min, 2 min, … capped at 1 h. */
export function deliveryRetryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export interface DeliverOptions {
  batch?: number;
  /**
   * The clock (tests jump past quiet hours and backoffs, or move it while a send is in progress:
   * a function is read at each statement). Defaults to the database's.
   */
  now?: Date | (() => Date);
  onError?: (err: unknown, deliveryId: number) => void;
  /** Checked before each send: when true (the server is shutting down) the rest of the claim is given back. */
  shouldStop?: () => boolean;
}

export interface DeliverResult {
  claimed: number;
  sent: number;
  skipped: number;
  retried: number;
  failed: number;
  /** Rows whose claim had passed to another worker by their send or their record: left to it. */
  lost: number;
}

interface TargetRow {
  id: number;
  channel: DeliveryTarget['channel'];
  attempts: number;
  notification_id: string;
  type: DeliveryTarget['notification']['type'];
  title: string;
  message: string;
  data: DeliveryTarget['notification']['data'];
  user_id: string;
  email: string;
  first_name: string;
  phone: string | null;
  phone_verified: boolean;
  user_ok: boolean;
  product_id: string | null;
  product_name: string | null;
  product_slug: string | null;
  product_images: NonNullable<DeliveryTarget['product']>['images'] | null;
}

const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

async function claim(db: Database, nowSql: SQL, batch: number): Promise<TargetRow[]> {
  return sqlRows<TargetRow>(
    await db.execute(sql`
      with picked as (
        select id from notification_deliveries
         where status in ('pending', 'processing')
           and ((status = 'pending' and next_attempt_at <= ${nowSql})
             or (status = 'processing' and locked_until < ${nowSql}))
         order by next_attempt_at, id
         limit ${batch}
         for update skip locked
      ), claimed as (
        update notification_deliveries d
           set status = 'processing', attempts = d.attempts + 1,
               locked_until = ${nowSql} + make_interval(secs => ${LEASE_SECONDS})
          from picked
         where d.id = picked.id
        returning d.id, d.channel, d.attempts, d.notification_id, d.user_id
      )
      select c.id, c.channel::text as channel, c.attempts, c.notification_id, n.type::text as type, n.title,
             n.message, n.data, c.user_id, u.email, u.first_name, u.phone,
             u.phone_verified_at is not null as phone_verified,
             (u.is_active and u.deleted_at is null) as user_ok,
             p.id as product_id, p.name as product_name, p.slug as product_slug, p.images as product_images
        from claimed c
        join notifications n on n.id = c.notification_id
        join users u on u.id = c.user_id
        left join products p
          on p.id = case when n.data ->> 'productId' ~ ${UUID_PATTERN} then (n.data ->> 'productId')::uuid end
       order by c.id`),
  );
}

function toTarget(r: TargetRow): DeliveryTarget {
  return {
    deliveryId: Number(r.id),
    channel: r.channel,
    attempts: Number(r.attempts),
    notification: { id: r.notification_id, type: r.type, title: r.title, message: r.message, data: r.data },
    user: {
      id: r.user_id,
      email: r.email,
      firstName: r.first_name,
      phone: r.phone,
      phoneVerified: r.phone_verified,
    },
    product:
      r.product_id && r.product_name
        ? {
            id: r.product_id,
            name: r.product_name,
            slug: r.product_slug ?? r.product_id,
            images: r.product_images ?? [],
          }
        : null,
  };
}

/** The fence of every write after the claim: this row, still claimed, by this claim. */
const heldBy = (row: TargetRow) => sql`id = ${row.id} and attempts = ${row.attempts} and status = 'processing'`;

/**
 * Re-leases a claimed row for a full lease from now if this worker still holds it; false when
 * another worker claimed it since (the batch's lease ran out before this row's turn). Retried
 * through a database restart like the records: the update is fenced, so a retry is harmless.
 */
async function holdClaim(db: Database, row: TargetRow, nowSql: SQL): Promise<boolean> {
  const held = await retryWhileUnavailable(
    () =>
      db.execute(sql`
    update notification_deliveries
       set locked_until = ${nowSql} + make_interval(secs => ${LEASE_SECONDS})
     where ${heldBy(row)}
    returning id`),
    { maxMs: DELIVERY_RECORD_RETRY_MS },
  );
  return sqlRows(held).length > 0;
}

/** Records the outcome if this worker still holds the row; false when a newer claim owns it. */
async function finish(
  db: Database,
  row: TargetRow,
  nowSql: SQL,
  outcome: { status: 'sent' | 'skipped' | 'failed' | 'pending'; error?: string },
): Promise<boolean> {
  const delaySeconds = deliveryRetryDelayMs(Number(row.attempts)) / 1000;
  // Retried through a database restart for up to half the lease: a sent message that could not be
  // recorded would otherwise stay claimed and go out again when the lease runs out (ADR 020).
  const recorded = await retryWhileUnavailable(
    () =>
      db.execute(sql`
    update notification_deliveries
       set status = ${outcome.status}::delivery_status, locked_until = null,
           sent_at = case when ${outcome.status} = 'sent' then ${nowSql} else sent_at end,
           next_attempt_at = case when ${outcome.status} = 'pending'
                                  then ${nowSql} + make_interval(secs => ${delaySeconds}) else next_attempt_at end,
           last_error = ${outcome.error ? outcome.error.slice(0, 500) : null}
     where ${heldBy(row)}
    returning id`),
    { maxMs: DELIVERY_RECORD_RETRY_MS },
  );
  return sqlRows(recorded).length > 0;
}

/**
 * Gives claimed rows back unsent (a shutdown): pending again, due at once, their attempt not
 * counted, so another instance or the next start sends them without waiting for the lease.
 */
async function releaseClaims(db: Database, rows: readonly TargetRow[]): Promise<void> {
  const claims = JSON.stringify(rows.map((r) => ({ id: Number(r.id), attempts: Number(r.attempts) })));
  await db.execute(sql`
    update notification_deliveries d
       set status = 'pending', locked_until = null, attempts = d.attempts - 1
      from json_to_recordset(${claims}::json) as c(id bigint, attempts int)
     where d.id = c.id and d.attempts = c.attempts and d.status = 'processing'`);
}

/** One pass: claims due deliveries and sends them through their channel. */
export async function deliverDueNotifications(
  db: Database,
  senders: ChannelSenders,
  opts: DeliverOptions = {},
): Promise<DeliverResult> {
  const clock = () => (typeof opts.now === 'function' ? opts.now() : opts.now);
  const nowSql = () => {
    const now = clock();
    return now ? sql`${now.toISOString()}::timestamptz` : sql`clock_timestamp()`;
  };
  // The notifications the price-change consumer queued get their deliveries first (a thousand a
  // transaction), so this claim already sees the ones due now.
  while ((await writeQueuedDeliveries(db, QUEUE_BATCH, clock() ?? new Date())).taken === QUEUE_BATCH) {
    if (opts.shouldStop?.()) break;
  }
  const rows = await claim(db, nowSql(), opts.batch ?? DEFAULT_BATCH);
  const result: DeliverResult = { claimed: rows.length, sent: 0, skipped: 0, retried: 0, failed: 0, lost: 0 };
  for (const [index, row] of rows.entries()) {
    if (opts.shouldStop?.()) {
      await releaseClaims(db, rows.slice(index));
      break;
    }
    // The batch's lease may have run out during the sends before this one: send only a row this
    // worker still holds, and hold it for a whole send from now.
    if (!(await holdClaim(db, row, nowSql()))) {
      result.lost++;
      continue;
    }
    const sender = senders[row.channel];
    let outcome: SendResult;
    try {
      if (!row.user_ok) outcome = { status: 'skipped', reason: 'account closed' };
      else if (!sender) outcome = { status: 'skipped', reason: `no ${row.channel} channel on this server` };
      else outcome = await sender(toTarget(row));
    } catch (err) {
      opts.onError?.(err, Number(row.id));
      const message = String(err instanceof Error ? err.message : err);
      const giveUp = err instanceof PermanentDeliveryError || Number(row.attempts) >= DELIVERY_MAX_ATTEMPTS;
      if (!(await finish(db, row, nowSql(), { status: giveUp ? 'failed' : 'pending', error: message }))) result.lost++;
      else if (giveUp) result.failed++;
      else result.retried++;
      continue;
    }
    const recorded =
      outcome.status === 'sent'
        ? await finish(db, row, nowSql(), { status: 'sent' })
        : await finish(db, row, nowSql(), { status: 'skipped', error: outcome.reason });
    if (!recorded) result.lost++;
    else if (outcome.status === 'sent') result.sent++;
    else result.skipped++;
  }
  return result;
}

/** Passes until a batch comes back short. */
export async function drainDeliveries(
  db: Database,
  senders: ChannelSenders,
  opts: DeliverOptions = {},
): Promise<DeliverResult> {
  const total: DeliverResult = { claimed: 0, sent: 0, skipped: 0, retried: 0, failed: 0, lost: 0 };
  const batch = opts.batch ?? DEFAULT_BATCH;
  for (;;) {
    const r = await deliverDueNotifications(db, senders, opts);
    for (const k of Object.keys(total) as (keyof DeliverResult)[]) total[k] += r[k];
    if (r.claimed < batch || opts.shouldStop?.()) return total;
  }
}

const POLL_MS = 2_000;

/**
 * Runs the deliveries worker in this instance while the server listens (tests call
 * `deliverDueNotifications` themselves): a pass every two seconds; every instance runs it.
 */
export function registerNotificationDeliveries(app: FastifyInstance, senders: () => ChannelSenders): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let closing = false;
  const pass = () => {
    if (running || closing) return;
    running = drainDeliveries(app.dbHandle.db, senders(), {
      onError: (err, deliveryId) => app.log.warn({ err, deliveryId }, 'notification delivery failed; retried later'),
      // On shutdown the send in progress finishes and the rest of the claim is given back.
      shouldStop: () => closing,
    })
      .then((r) => {
        if (r.claimed) app.log.info(r, 'notification deliveries');
      })
      .catch((err: unknown) => logPassFailure(app.log, err, 'notification deliveries pass failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onListen', async () => {
    timer = setInterval(pass, POLL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    if (timer) clearInterval(timer);
    await running;
  });
}

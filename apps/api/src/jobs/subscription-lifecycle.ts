import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { PLANS } from '@kiyasla/contracts/plans';
import { RENEWAL_GRACE_DAYS } from '@kiyasla/contracts/payments';
import type { Database } from '../db/client';
import { sqlRows } from '../lib/sql-rows';
import { enqueueMail } from '../mail/outbox-mail';
import { subscriptionExpiredMail } from '../mail/templates/subscription-mails';
import { sessionCache } from '../modules/auth/session-cache';
import { runRenewals } from '../modules/payments/renewals';

/**
 * The premium lifecycle's scheduled work (issue 14, ADR 018): the renewals
 * (modules/payments/renewals.ts) and the expiry. Every pass is safe on several instances at once:
 * the expiry claims its rows with FOR UPDATE SKIP LOCKED and changes each account in the same
 * statement (a second instance finds it free already), and every e-mail is enqueued under a
 * dedupe key of the account and its date.
 */

const BATCH = 200;
const INTERVAL_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

const planName = (id: string) => PLANS.find((p) => p.id === id)?.name ?? 'Premium';

export interface LifecycleContext {
  publicUrl: string;
  siteName: string;
}

interface ExpiredRow {
  id: string;
  email: string;
  first_name: string;
  old_plan: string;
  ended: Date | string;
}

/**
 * Moves every time-bound plan past its end date to free / expired, once, and in the same
 * transaction pauses the account's price alerts (paused, never deleted) and enqueues the notice.
 * Favorites and saved comparisons are kept: the plan limits refuse new ones beyond the free
 * limit (policies.planLimits). Returns the accounts expired by this call.
 */
export async function expireSubscriptions(db: Database, ctx: LifecycleContext, now = new Date()): Promise<string[]> {
  const expired: string[] = [];
  const staleRenewal = new Date(now.getTime() - (RENEWAL_GRACE_DAYS + 1) * DAY_MS);
  for (;;) {
    const rows = await db.transaction(async (tx) => {
      const claimed = sqlRows<ExpiredRow>(
        await tx.execute(sql`
          with due as (
            select id, subscription_plan as old_plan, subscription_end as ended
              from users
             where subscription_plan <> 'free'
               and subscription_end is not null
               and subscription_end <= ${now.toISOString()}::timestamptz
               and deleted_at is null
               -- A renewing plan is the renewal passes' until they turn auto-renew off (a last
               -- decline, an unpaid link); one stuck past twice its grace expires anyway.
               and (not auto_renew or next_renewal_date is null
                    or subscription_end <= ${staleRenewal.toISOString()}::timestamptz)
             order by subscription_end
             limit ${BATCH}
               for update skip locked
          )
          update users u
             set subscription_plan = 'free', subscription_status = 'expired', subscription_price = 0,
                 auto_renew = false, next_renewal_date = null, updated_at = now()
            from due
           where u.id = due.id
          returning u.id, u.email, u.first_name, due.old_plan, due.ended`),
      );
      if (claimed.length === 0) return claimed;
      const ids = claimed.map((r) => r.id);
      // The alerts' own active flag: the alerts stay, the consumer no longer triggers them.
      await tx.execute(sql`
        update price_alerts set is_active = false
         where user_id = any(${`{${ids.join(',')}}`}::uuid[]) and is_active`);
      for (const r of claimed) {
        const ended = new Date(r.ended);
        await enqueueMail(
          tx,
          'email.subscription-expired',
          subscriptionExpiredMail({
            to: r.email,
            firstName: r.first_name,
            siteName: ctx.siteName,
            planName: planName(r.old_plan),
            plansUrl: `${ctx.publicUrl}/premium`,
          }),
          `subscription-expired:${r.id}:${ended.toISOString()}`,
        );
      }
      return claimed;
    });
    for (const r of rows) sessionCache.forgetUser(r.id);
    expired.push(...rows.map((r) => r.id));
    if (rows.length < BATCH) break;
  }
  return expired;
}

/**
 * Runs the renewal passes (modules/payments/renewals.ts: reminders and renewal orders, charges,
 * unpaid links) and then the expiry every five minutes while the server listens (never in tests,
 * which call them).
 */
export function registerSubscriptionJobs(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running) return;
    running = (async () => {
      const ctx = { publicUrl: app.config.publicUrl, siteName: (await app.settings.group('general')).siteName };
      const renewals = await runRenewals({
        db: app.dbHandle.db,
        config: app.config,
        settings: app.settings,
        mail: app.mail,
        log: app.log,
      });
      const expired = await expireSubscriptions(app.dbHandle.db, ctx);
      if (expired.length || Object.values(renewals).some((n) => n > 0)) {
        app.log.info({ expired: expired.length, ...renewals }, 'premium lifecycle: renewals and expiries');
        app.mail.kick();
      }
    })()
      .catch((err: unknown) => app.log.error({ err }, 'premium lifecycle pass failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onListen', async () => {
    run();
    timer = setInterval(run, INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}

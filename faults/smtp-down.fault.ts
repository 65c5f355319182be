import { describe, expect, it } from 'vitest';
import { messages } from '@kiyasla/contracts/messages';
import { armedAlerts, useFaultWorld } from './support/fault-world';
import { call, data, waitFor } from './support/http';
import { count } from './support/postgres';
import { alertCounts, uploadFeed } from './support/world';

/**
 * The SMTP host is away while alert e-mails (notification deliveries) and a password reset (the
 * mail outbox) are due: both wait with their backoff (30 s first) and go out exactly once when
 * it is back; nothing is given up, nothing is sent twice.
 */

const N = 6;
const world = useFaultWorld('SMTP down');
const { report } = world;

describe('SMTP down', () => {
  it('e-mails wait with backoff and go out exactly once when the SMTP host is back', async () => {
    const { pg, smtp } = world;
    const base = world.server.baseURL;
    const { admin, storeId, watcher, items } = await armedAlerts(world, N, 'SMTP', 'posta');

    // The shopper's own e-mails (registration) go out first: from the fault on, nothing may get
    // through. Only e-mails due count: the demo accounts' weekly summary, enqueued at the server's
    // start, waits in the outbox until their quiet hours end (22:00–08:00 Istanbul) when the test
    // runs within them.
    await waitFor(
      'the e-mails from before the fault sent',
      async () =>
        (await count(
          pg,
          `select count(*) as n from outbox where kind like 'email.%' and status <> 'done' and run_after <= now()`,
        )) === 0,
      45_000,
    );
    const mailsBeforeFault = smtp.inbox.length;
    await smtp.down();
    const downAt = Date.now();
    report.faultsInjected = 1;
    expect(
      data<{ status: string }>(
        await uploadFeed(
          base,
          admin.token,
          storeId,
          items((i) => 10 + i),
        ),
      ).status,
    ).toBe('succeeded');
    const reset = await call(base, '/api/auth/forgot-password', { json: { email: watcher.email } });
    expect(reset.status).toBe(200);

    // Both kinds fail against the closed port and wait for their retry.
    await waitFor(
      'the alert e-mails failed once and wait',
      async () =>
        (await count(
          pg,
          `select count(*) as n from notification_deliveries
            where user_id = $1 and channel = 'email' and status = 'pending' and attempts = 1 and last_error is not null`,
          [watcher.userId],
        )) === N,
      20_000,
    );
    await waitFor(
      'the reset e-mail failed once and waits',
      async () =>
        (await count(
          pg,
          `select count(*) as n from outbox
            where kind = 'email.password-reset' and status = 'pending' and attempts = 1 and last_error is not null`,
        )) === 1,
      20_000,
    );
    const waiting = await pg.pool.query<{ wait: string }>(
      `select extract(epoch from next_attempt_at - now())::int as wait from notification_deliveries
        where user_id = $1 and channel = 'email' order by wait limit 1`,
      [watcher.userId],
    );
    report.backoffSeconds = Number(waiting.rows[0]!.wait);
    expect(Number(waiting.rows[0]!.wait)).toBeGreaterThan(10);
    expect(smtp.inbox).toHaveLength(mailsBeforeFault);

    await new Promise((r) => setTimeout(r, 3_000));
    await smtp.up();
    report.smtpDownMs = Date.now() - downAt;

    const ms = await waitFor(
      'every e-mail sent after the SMTP host came back',
      async () => {
        const c = await alertCounts(pg, watcher.userId);
        const mailDone = await count(
          pg,
          `select count(*) as n from outbox where kind = 'email.password-reset' and status = 'done'`,
        );
        return c.sent === N && mailDone === 1;
      },
      // The deliveries' first retry comes after 30 s; the mail outbox's sweep runs every 30 s.
      90_000,
      500,
    );
    report.sentAfterBackMs = ms;
    await new Promise((r) => setTimeout(r, 3_000));
    const alertMails = smtp.to(watcher.email).filter((m) => m.subject.startsWith(messages.alerts.triggeredTitle));
    const otherMails = smtp.to(watcher.email).filter((m) => !m.subject.startsWith(messages.alerts.triggeredTitle));
    const c = await alertCounts(pg, watcher.userId);
    report.after = { ...c, alertMails: alertMails.length, otherMails: otherMails.map((m) => m.subject) };
    expect(c).toEqual({ triggered: N, notifications: N, emailDeliveries: N, sent: N, pending: 0 });
    expect(alertMails).toHaveLength(N);
    expect(new Set(alertMails.map((m) => m.subject)).size).toBe(N);
    // The password reset: one message, with its link.
    const resets = otherMails.filter((m) => m.raw.includes('reset-password'));
    expect(resets).toHaveLength(1);
    expect(
      await count(
        pg,
        `select count(*) as n from outbox where kind like 'email.%' and status in ('failed', 'processing')`,
      ),
    ).toBe(0);
  });
});

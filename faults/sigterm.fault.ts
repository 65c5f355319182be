import { describe, expect, it } from 'vitest';
import { messages } from '@kiyasla/contracts/messages';
import { alertMailsGoingOut, armedAlerts, useFaultWorld } from './support/fault-world';
import { waitFor, type Outcome } from './support/http';
import { startLoad } from './support/load';
import { count } from './support/postgres';
import { alertCounts, uploadFeed } from './support/world';

/**
 * SIGTERM while the server is busy: requests already started finish (none is reset), a feed
 * upload in progress completes, the deliveries worker stops after the e-mail it is sending and
 * gives the rest of its claim back, and the process exits 0 within the bound. The next start
 * sends what was left, each e-mail exactly once.
 */

const N = 24;
/** The process must be gone this long after the signal (server.ts forces an exit at 10 s). */
const EXIT_BOUND_MS = 10_000;
// Each e-mail takes 400 ms: the alert e-mails are still going out when the signal comes.
const world = useFaultWorld('SIGTERM', { delayMs: 400 });
const { report } = world;

describe('SIGTERM under load', () => {
  it('finishes in-flight requests, releases the claims, exits 0; the next start completes the work once', async () => {
    const { pg, smtp } = world;
    const base = world.server.baseURL;
    const scene = await armedAlerts(world, N, 'TERM', 'kapanis');
    const { admin, storeId, productIds, watcher, items } = scene;

    const load = startLoad({ baseURL: base, tokens: [watcher.token], productIds }, 8);
    await new Promise((r) => setTimeout(r, 1_000));
    // Every alert fires: 24 e-mails at 400 ms each are going out when the signal comes.
    await alertMailsGoingOut(world, scene);
    // An upload that streams for three seconds is in flight when the signal comes.
    const upload = uploadFeed(
      base,
      admin.token,
      storeId,
      items((i) => 10 + i / 100),
      3_000,
    );
    await new Promise((r) => setTimeout(r, 500));

    const signalAt = Date.now();
    const exit = await world.server.signal('SIGTERM');
    report.exit = exit;
    const loadReport = await load.stop();
    const uploaded = await upload;
    const alertMails = () => smtp.to(watcher.email).filter((m) => m.subject.startsWith(messages.alerts.triggeredTitle));
    const mailsAtExit = alertMails().length;

    expect(exit.code).toBe(0);
    expect(exit.ms).toBeLessThan(EXIT_BOUND_MS);
    // Requests started before the signal all got an answer (never a reset), and no 5xx but a clean 503.
    const before = loadReport.outcomes.filter((o) => o.startedAt < signalAt);
    const unanswered = before.filter((o) => o.error !== undefined);
    report.requestsBeforeSignal = before.length;
    report.byStatus = loadReport.byStatus;
    expect(unanswered.map((o: Outcome) => `${o.path} ${o.error}`)).toEqual([]);
    expect(loadReport.badErrors.map((o) => `${o.path} ${o.status} ${JSON.stringify(o.body)}`)).toEqual([]);
    // The upload in flight completed (unchanged prices: nothing to apply, every offer confirmed).
    report.uploadInFlight = uploaded.status;
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);

    // Nothing is left claimed: deliveries, mail, price events and the store's feed lease.
    const leftClaimed = {
      deliveries: await count(pg, `select count(*) as n from notification_deliveries where status = 'processing'`),
      outbox: await count(pg, `select count(*) as n from outbox where status = 'processing'`),
      storeLeases: await count(pg, `select count(*) as n from stores where feed_leased_by is not null`),
    };
    const atExit = await alertCounts(pg, watcher.userId);
    report.atExit = { ...atExit, mailsReceived: mailsAtExit, leftClaimed };
    expect(leftClaimed).toEqual({ deliveries: 0, outbox: 0, storeLeases: 0 });
    expect(atExit.triggered).toBe(N);
    // The signal came while the e-mails went out: some were left for the next start.
    expect(atExit.sent).toBeLessThan(N);
    expect(atExit.sent).toBe(mailsAtExit);

    // The next start sends the rest, each once.
    world.server = await world.server.restart();
    await waitFor(
      'the remaining e-mails sent',
      async () => {
        const c = await alertCounts(pg, watcher.userId);
        return c.sent === N && c.pending === 0;
      },
      60_000,
      500,
    );
    await new Promise((r) => setTimeout(r, 2_000));
    const after = await alertCounts(pg, watcher.userId);
    const mails = alertMails();
    report.afterRestart = { ...after, mailsReceived: mails.length };
    expect(after).toEqual({ triggered: N, notifications: N, emailDeliveries: N, sent: N, pending: 0 });
    expect(mails).toHaveLength(N);
    const attempts = await count(
      pg,
      `select max(attempts) as n from notification_deliveries where user_id = $1 and channel = 'email'`,
      [watcher.userId],
    );
    // A delivery given back on shutdown was not charged an attempt.
    expect(attempts).toBe(1);
  });
});

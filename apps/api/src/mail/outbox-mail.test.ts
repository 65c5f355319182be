import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DbHandle } from '../db/client';
import { outbox } from '../db/schema/outbox';
import { createTestDatabase } from '../test/db';
import { deliverPendingMail, enqueueMail, MAIL_CLAIM_MS, MAIL_MAX_ATTEMPTS, retryDelayMs } from './outbox-mail';
import { smtpServerOptions, type MailMessage, type MailTransport } from './transport';
import { gate } from '../test/gate';

let db: DbHandle;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

function recordingTransport(fail: (m: MailMessage) => boolean = () => false) {
  const sent: MailMessage[] = [];
  const transport: MailTransport = {
    kind: 'smtp',
    async send(m) {
      if (fail(m)) throw new Error('SMTP 451 try later');
      sent.push(m);
    },
    close() {},
  };
  return { sent, transport };
}

const message = (to: string): MailMessage => ({ to, subject: 'Konu', text: `gizli bağlantı ${to}` });

describe('mail outbox', () => {
  it('sends each pending message once and keeps only a redacted record', async () => {
    await enqueueMail(db.db, 'email.test', message('a@example.com'));
    await enqueueMail(db.db, 'email.test', message('b@example.com'));
    const { sent, transport } = recordingTransport();
    // Two workers at once (as two API instances would): SKIP LOCKED splits the rows, none twice.
    // `now` a second ahead: run_after has microseconds, a JS Date only milliseconds, so a row
    // enqueued within the same millisecond would otherwise not be due yet on a fast server.
    const now = new Date(Date.now() + 1000);
    const [x, y] = await Promise.all([
      deliverPendingMail(db.db, transport, { now }),
      deliverPendingMail(db.db, transport, { now }),
    ]);
    expect(x + y).toBe(2);
    expect(sent.map((m) => m.to).sort()).toEqual(['a@example.com', 'b@example.com']);
    expect(await deliverPendingMail(db.db, transport)).toBe(0);
    const rows = await db.db.select().from(outbox).where(eq(outbox.kind, 'email.test'));
    expect(rows.every((r) => r.status === 'done' && r.processedAt !== null)).toBe(true);
    expect(JSON.stringify(rows.map((r) => r.payload))).not.toContain('gizli bağlantı');
  });

  it('enqueues once per dedupe key', async () => {
    await enqueueMail(db.db, 'email.dedupe', message('c@example.com'), 'same-key');
    await enqueueMail(db.db, 'email.dedupe', message('c@example.com'), 'same-key');
    expect(await db.db.select().from(outbox).where(eq(outbox.kind, 'email.dedupe'))).toHaveLength(1);
  });

  it('retries a failed send with exponential backoff and gives up after the last attempt', async () => {
    await deliverPendingMail(db.db, recordingTransport().transport);
    await enqueueMail(db.db, 'email.flaky', message('flaky@example.com'));
    const { transport } = recordingTransport((m) => m.to === 'flaky@example.com');
    // PostgreSQL stores microseconds: a JS Date of the same millisecond can be earlier than
    // the row's run_after, so start the clock one millisecond later.
    let now = new Date(Date.now() + 1);
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      expect(await deliverPendingMail(db.db, transport, { now })).toBe(0);
      const [row] = await db.db.select().from(outbox).where(eq(outbox.kind, 'email.flaky'));
      expect(row?.attempts).toBe(attempt);
      expect(row?.lastError).toContain('SMTP 451');
      if (attempt < MAIL_MAX_ATTEMPTS) {
        expect(row?.status).toBe('pending');
        expect(row?.runAfter.getTime()).toBe(now.getTime() + retryDelayMs(attempt));
        // Not due yet: nothing happens before the backoff elapses.
        expect(await deliverPendingMail(db.db, transport, { now: new Date(now.getTime() + 1000) })).toBe(0);
        const [same] = await db.db.select().from(outbox).where(eq(outbox.kind, 'email.flaky'));
        expect(same?.attempts).toBe(attempt);
        now = new Date(now.getTime() + retryDelayMs(attempt));
      } else {
        expect(row?.status).toBe('failed');
      }
    }
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(20)).toBe(6 * 3_600_000);
  });

  it('reclaims a row whose worker died mid-send', async () => {
    await enqueueMail(db.db, 'email.stuck', message('stuck@example.com'));
    await db.db
      .update(outbox)
      .set({ status: 'processing', lockedUntil: new Date(Date.now() - 1000), attempts: 1 })
      .where(eq(outbox.kind, 'email.stuck'));
    const { sent, transport } = recordingTransport();
    expect(await deliverPendingMail(db.db, transport)).toBe(1);
    expect(sent.map((m) => m.to)).toEqual(['stuck@example.com']);
  });

  it('never puts a sent message back as pending when recording it fails (the database went away)', async () => {
    await deliverPendingMail(db.db, recordingTransport().transport);
    await enqueueMail(db.db, 'email.recorded', message('recorded@example.com'));
    const { sent, transport } = recordingTransport();
    // The claim and its re-check before the send work; the database is gone by the time the send
    // is recorded (the third statement), back right after.
    let calls = 0;
    const flaky = new Proxy(db.db, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
        return (...args: Parameters<typeof target.execute>) => {
          calls += 1;
          if (calls === 3) return Promise.reject(new Error('Connection terminated unexpectedly'));
          return target.execute(...args);
        };
      },
    });
    const now = new Date(Date.now() + 1000);
    // recordRetryMs 0: the record is not retried (a longer outage than the retries cover).
    await expect(deliverPendingMail(flaky, transport, { now, recordRetryMs: 0 })).rejects.toThrow(
      'Connection terminated',
    );
    expect(sent.map((m) => m.to)).toEqual(['recorded@example.com']);
    const [row] = await db.db.select().from(outbox).where(eq(outbox.kind, 'email.recorded'));
    expect(row!.status).toBe('processing');
    // Later passes leave it alone while its claim lasts: the message is not sent a second time.
    expect(await deliverPendingMail(db.db, transport, { now: new Date(now.getTime() + 60_000) })).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it('records a sent message once the database is back within the claim, and sends it once', async () => {
    await deliverPendingMail(db.db, recordingTransport().transport);
    await enqueueMail(db.db, 'email.restart', message('restart@example.com'));
    const { sent, transport } = recordingTransport();
    let calls = 0;
    const restarting = new Proxy(db.db, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
        return (...args: Parameters<typeof target.execute>) => {
          calls += 1;
          // The record (after the claim and its re-check) fails twice (PostgreSQL restarting), then goes through.
          if (calls === 3 || calls === 4) {
            return Promise.reject(Object.assign(new Error('the database system is starting up'), { code: '57P03' }));
          }
          return target.execute(...args);
        };
      },
    });
    const now = new Date(Date.now() + 1000);
    expect(await deliverPendingMail(restarting, transport, { now })).toBe(1);
    const [row] = await db.db.select().from(outbox).where(eq(outbox.kind, 'email.restart'));
    expect(row!.status).toBe('done');
    await deliverPendingMail(db.db, transport, { now: new Date(now.getTime() + 3_600_000) });
    // An hour later (every claim long run out), it still went out once.
    expect(sent.filter((m) => m.to === 'restart@example.com')).toHaveLength(1);
  });
});

describe('the mail claim among many finished jobs (migration 0028)', () => {
  it('reads the claimable jobs from their own index instead of walking the done ones in id order', async () => {
    // Finished jobs stay until the retention sweep: a weekly summary alone leaves one per user.
    await db.db.execute(sql`
      insert into ${outbox} (kind, payload, status, processed_at)
      select 'email.weekly-summary', '{}'::jsonb, 'done', now() from generate_series(1, 5000)`);
    await enqueueMail(db.db, 'email.test', message('c@example.com'));
    await db.db.execute(sql`analyze ${outbox}`);

    // The claim is the first statement of a delivery: recorded, then the delivery is stopped.
    const stop = new Error('stop');
    let claim: SQL | undefined;
    const recording = new Proxy(db.db, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
        return (query: SQL) => {
          claim ??= query;
          throw stop;
        };
      },
    }) as Database;
    await expect(deliverPendingMail(recording, recordingTransport().transport)).rejects.toBe(stop);
    const plan = JSON.stringify(await db.db.execute(sql`explain (format json) ${claim!}`));
    expect(plan).toMatch(/"Index Name":"outbox_claimable_idx"/);

    await db.db.delete(outbox).where(eq(outbox.kind, 'email.weekly-summary'));
  });
});

describe('two mail workers and a claim that ran out (ADR 017, "A claim is checked before every send")', () => {
  const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

  beforeAll(async () => {
    // What the tests above left claimed or due goes out first: each claim below takes only its rows.
    while (
      (await deliverPendingMail(db.db, recordingTransport().transport, { now: later(new Date(), 86_400_000) })) > 0
    );
  });

  /** A transport that records who sent what; `before` runs first (a slow or stalled send). */
  function worker(name: string, sends: string[], before?: (m: MailMessage, call: number) => Promise<void> | void) {
    let calls = 0;
    const transport: MailTransport = {
      kind: 'smtp',
      async send(m) {
        calls += 1;
        await before?.(m, calls);
        sends.push(`${name}:${m.to}`);
      },
      close() {},
    };
    return transport;
  }

  const statuses = async (kind: string) =>
    (await db.db.select().from(outbox).where(eq(outbox.kind, kind)).orderBy(outbox.id)).map((r) => r.status);

  it('a worker stalled past its claim on its first send sends none of the rows taken over, and its late failure does not put them back', async () => {
    const to = ['stall-1@example.com', 'stall-2@example.com', 'stall-3@example.com'];
    for (const address of to) await enqueueMail(db.db, 'email.stall', message(address));
    const sends: string[] = [];
    const stalled = gate();
    // An SMTP server that stops answering: the first send ends in a timeout long after the claim.
    const stale = worker('A', sends, (_m, call) => (call === 1 ? stalled.pass() : undefined));

    const t0 = new Date(Date.now() + 1000);
    const a = deliverPendingMail(db.db, stale, { now: t0, batch: 3, onError: () => {} });
    await stalled.entered;
    // The claim ran out meanwhile: a second worker claims the three rows and sends them.
    expect(
      await deliverPendingMail(db.db, worker('B', sends), { now: later(t0, MAIL_CLAIM_MS + 1000), batch: 3 }),
    ).toBe(3);
    stalled.fail(new Error('Timeout (socket idle)'));
    const staleSent = await a;
    // A later pass, every claim long over: the stale failure set no sent row back to pending.
    await deliverPendingMail(db.db, worker('C', sends), { now: later(t0, 86_400_000) });

    expect(sends.sort()).toEqual(to.map((address) => `B:${address}`));
    expect(staleSent).toBe(0);
    expect(await statuses('email.stall')).toEqual(['done', 'done', 'done']);
  });

  it('extends the claim of the message it sends: a second worker takes over only the rows it has not reached', async () => {
    const to = ['slow-1@example.com', 'slow-2@example.com', 'slow-3@example.com'];
    for (const address of to) await enqueueMail(db.db, 'email.slow', message(address));
    const sends: string[] = [];
    const t0 = new Date(Date.now() + 1000);
    let clockA = t0;
    const secondSend = gate();
    // The first send is slow but within its claim; the batch's claim runs out during the second.
    const slow = worker('A', sends, async (_m, call) => {
      if (call === 1) clockA = later(t0, MAIL_CLAIM_MS * 0.8);
      if (call === 2) await secondSend.pass();
    });
    const a = deliverPendingMail(db.db, slow, { now: () => clockA, batch: 3 });
    await secondSend.entered;
    // The row A is sending was claimed again when its send began; only the third had run out.
    expect(
      await deliverPendingMail(db.db, worker('B', sends), { now: later(t0, MAIL_CLAIM_MS + 1000), batch: 3 }),
    ).toBe(1);
    secondSend.open();
    expect(await a).toBe(2);
    expect(sends.sort()).toEqual([`A:${to[0]}`, `A:${to[1]}`, `B:${to[2]}`]);
    expect(await statuses('email.slow')).toEqual(['done', 'done', 'done']);
  });

  it('claims a message for one SMTP send and the retries of its record, with a minute to spare', () => {
    const smtp = smtpServerOptions({
      smtpHost: 'smtp.example',
      smtpPort: 587,
      smtpSecure: false,
      smtpUser: '',
      smtpPassword: '',
    });
    const oneSend = smtp.connectionTimeout! + smtp.greetingTimeout! + smtp.socketTimeout!;
    // The record is retried for half the claim (ADR 020).
    expect(MAIL_CLAIM_MS - oneSend - MAIL_CLAIM_MS / 2).toBeGreaterThanOrEqual(60_000);
  });
});

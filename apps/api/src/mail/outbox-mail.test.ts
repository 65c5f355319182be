import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DbHandle } from '../db/client';
import { outbox } from '../db/schema/outbox';
import { createTestDatabase } from '../test/db';
import { deliverPendingMail, enqueueMail, MAIL_MAX_ATTEMPTS, retryDelayMs } from './outbox-mail';
import type { MailMessage, MailTransport } from './transport';

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
    // The claim works; the database is gone by the time the send is recorded, back right after.
    let calls = 0;
    const flaky = new Proxy(db.db, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
        return (...args: Parameters<typeof target.execute>) => {
          calls += 1;
          if (calls === 2) return Promise.reject(new Error('Connection terminated unexpectedly'));
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
          // The record fails twice (PostgreSQL restarting), then goes through.
          if (calls === 2 || calls === 3) {
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

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/client';
import { smtpServerOptions } from '../mail/transport';
import type { ChannelSender, ChannelSenders } from '../modules/notifications/deliveries/types';
import { createTestDatabase } from '../test/db';
import { makeUser, rows } from '../test/price-alerts';
import { deliverDueNotifications, DELIVERY_LEASE_SECONDS, DELIVERY_RECORD_RETRY_MS } from './notification-deliveries';
import { gate } from '../test/gate';

/**
 * Two deliveries workers (two instances, or WORKERS > 1) and a claim that runs out while its worker
 * is still going through its batch: every row goes out once, whoever holds it when it is sent, and
 * a worker that lost a row records nothing over the outcome of the one that took it (ADR 017,
 * amendment "A claim is checked before every send"). On PGlite here, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */

let handle: DbHandle;
const db = () => handle.db;
const LEASE_MS = DELIVERY_LEASE_SECONDS * 1000;
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

beforeAll(async () => {
  handle = await createTestDatabase();
  // Whatever the seed left due goes out first, so each claim below takes only this file's rows.
  const any: ChannelSender = async () => ({ status: 'sent' });
  const all: ChannelSenders = { email: any, push: any, sms: any };
  while ((await deliverDueNotifications(db(), all, { now: later(new Date(), 86_400_000) })).claimed > 0);
}, 120_000);
afterAll(() => handle?.close());

/** `n` pending e-mail copies, each of its own user's notification, due now; their ids in send order. */
async function emailDeliveries(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const user = await makeUser(db());
    const [row] = await rows<{ id: number }>(
      db(),
      sql`with n as (insert into notifications (user_id, type, title, message)
                     values (${user}::uuid, 'system', 'Duyuru', 'Kıyasla duyurusu') returning id, user_id)
          insert into notification_deliveries (notification_id, user_id, channel)
          select id, user_id, 'email' from n returning id`,
    );
    ids.push(Number(row!.id));
  }
  return ids;
}

async function statuses(ids: readonly number[]): Promise<string[]> {
  const found = await rows<{ id: number; status: string }>(
    db(),
    sql`select id, status::text as status from notification_deliveries
         where id = any (${`{${ids.join(',')}}`}::bigint[]) order by id`,
  );
  return found.map((r) => r.status);
}

describe('a deliveries worker whose claim ran out', () => {
  it('stalled past its lease on its first send: sends none of the rows taken over, and its late failure does not undo their record', async () => {
    const ids = await emailDeliveries(3);
    const sends: string[] = [];
    const record =
      (worker: string): ChannelSender =>
      async (target) => {
        sends.push(`${worker}:${target.deliveryId}`);
        return { status: 'sent' };
      };
    const stalled = gate();
    let first = true;
    const slowThenRecording: ChannelSender = async (target) => {
      if (first) {
        first = false;
        // An SMTP server that stops answering: this send ends in a timeout long after the lease.
        await stalled.pass();
      }
      return record('A')(target);
    };

    const t0 = new Date(Date.now() + 1000);
    const a = deliverDueNotifications(db(), { email: slowThenRecording }, { now: t0, batch: 3, onError: () => {} });
    await stalled.entered;
    // The lease ran out meanwhile: a second worker claims the three rows and sends them.
    const b = await deliverDueNotifications(
      db(),
      { email: record('B') },
      { now: later(t0, LEASE_MS + 1000), batch: 3 },
    );
    expect(b).toMatchObject({ claimed: 3, sent: 3 });
    stalled.fail(new Error('Timeout (socket idle)'));
    const staleResult = await a;
    // A later pass, every lease long over: the stale failure set no sent row back to pending.
    await deliverDueNotifications(db(), { email: record('C') }, { now: later(t0, 86_400_000) });

    // The stale worker sent nothing it no longer held, and recorded nothing over B's outcome.
    expect(sends.sort()).toEqual(ids.map((id) => `B:${id}`).sort());
    expect(staleResult).toMatchObject({ claimed: 3, sent: 0, retried: 0, lost: 3 });
    expect(await statuses(ids)).toEqual(['sent', 'sent', 'sent']);
  });

  it('extends the claim of the row it sends: a second worker takes over only the rows it has not reached', async () => {
    const ids = await emailDeliveries(3);
    const sends: string[] = [];
    const t0 = new Date(Date.now() + 1000);
    let clockA = t0;
    const secondSend = gate();
    let calls = 0;
    const slowWorker: ChannelSender = async (target) => {
      calls += 1;
      // The first send is slow but within its lease; the batch's lease runs out during the second.
      if (calls === 1) clockA = later(t0, LEASE_MS * 0.8);
      if (calls === 2) await secondSend.pass();
      sends.push(`A:${target.deliveryId}`);
      return { status: 'sent' };
    };
    const a = deliverDueNotifications(db(), { email: slowWorker }, { now: () => clockA, batch: 3 });
    await secondSend.entered;
    const b = await deliverDueNotifications(
      db(),
      {
        email: async (target) => {
          sends.push(`B:${target.deliveryId}`);
          return { status: 'sent' };
        },
      },
      { now: later(t0, LEASE_MS + 1000), batch: 3 },
    );
    // The row A is sending was re-leased when its send began; only the third had run out.
    expect(b).toMatchObject({ claimed: 1, sent: 1 });
    secondSend.open();
    expect(await a).toMatchObject({ claimed: 3, sent: 2, lost: 1 });
    expect(sends.sort()).toEqual([`A:${ids[0]}`, `A:${ids[1]}`, `B:${ids[2]}`].sort());
    expect(await statuses(ids)).toEqual(['sent', 'sent', 'sent']);
  });

  it('leases a row for one SMTP send and the retries of its record, with a minute to spare', () => {
    const smtp = smtpServerOptions({
      smtpHost: 'smtp.example',
      smtpPort: 587,
      smtpSecure: false,
      smtpUser: '',
      smtpPassword: '',
    });
    const oneSend = smtp.connectionTimeout! + smtp.greetingTimeout! + smtp.socketTimeout!;
    expect(LEASE_MS - oneSend - DELIVERY_RECORD_RETRY_MS).toBeGreaterThanOrEqual(60_000);
  });
});

import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { outbox } from '../db/schema/outbox';
import { retryWhileUnavailable } from '../lib/database-unavailable';
import { sqlRows } from '../lib/sql-rows';
import type { MailMessage, MailTransport } from './transport';

/** Outbox kinds delivered by the mail worker: `email.<what>`, payload = MailMessage. */
export type MailKind = `email.${string}`;

export const MAIL_MAX_ATTEMPTS = 8;
/**
 * A claim: a row whose worker died is retried after this. Each row is claimed again for this long
 * when its send begins, so it must outlast one send (the SMTP transport gives up after 10 s
 * connecting, 10 s for the greeting and 20 s of a silent socket) plus the retries of its record
 * (half the claim, ADR 020): 40 s + 150 s leave 110 s of the 300.
 */
export const MAIL_CLAIM_MS = 5 * 60_000;
const CLAIM_TIMEOUT_MS = MAIL_CLAIM_MS;

/**
 * Writes an e-mail into the outbox. Call it inside the transaction of the change that causes the
 * mail, so both commit or neither; then `MailService.kick()` after the commit. A `dedupeKey`
 * makes the enqueue idempotent.
 */
export async function enqueueMail(
  db: Database | Transaction,
  kind: MailKind,
  message: MailMessage,
  dedupeKey?: string,
): Promise<void> {
  await db
    .insert(outbox)
    .values({ kind, payload: { ...message }, dedupeKey: dedupeKey ?? null })
    .onConflictDoNothing();
}

/** 30 s, 1 min, 2 min, … capped at 6 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);
}

interface ClaimedRow {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

function asMessage(payload: Record<string, unknown>): MailMessage | null {
  const { to, subject, text, html, headers } = payload;
  if (typeof to !== 'string' || typeof subject !== 'string' || typeof text !== 'string') return null;
  return {
    to,
    subject,
    text,
    ...(typeof html === 'string' ? { html } : {}),
    ...(headers && typeof headers === 'object' ? { headers: headers as Record<string, string> } : {}),
  };
}

/**
 * Claims up to `batch` due mail rows with FOR UPDATE SKIP LOCKED (several API instances share
 * the work without sending twice), sends them, and records the outcome. A failed send is retried
 * with exponential backoff and given up after MAIL_MAX_ATTEMPTS. Once sent, the body is dropped
 * from the row: reset links must not outlive their delivery in the database. Returns the number
 * of messages sent.
 *
 * Every write after the claim is fenced by it (the row, still `processing`, with the `attempts`
 * it was claimed with): right before a send the row is claimed again for MAIL_CLAIM_MS from now,
 * and skipped if another worker claimed it meanwhile (the batch's claim ran out during the sends
 * before it); an outcome is recorded only over this claim, never over a newer worker's (ADR 017,
 * amendment "A claim is checked before every send").
 */
export async function deliverPendingMail(
  db: Database,
  transport: MailTransport,
  opts: {
    batch?: number;
    /** The clock; a function is read at each statement (tests move it while a send is in progress). */
    now?: Date | (() => Date);
    onError?: (err: unknown, id: number) => void;
    recordRetryMs?: number;
    /** Checked before each send: when true (shutdown) the rest of the claim is given back unsent. */
    shouldStop?: () => boolean;
  } = {},
): Promise<number> {
  const clock = () => (typeof opts.now === 'function' ? opts.now() : (opts.now ?? new Date()));
  const now = clock();
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const claimedUntil = new Date(now.getTime() + CLAIM_TIMEOUT_MS).toISOString();
  const claimed = sqlRows<ClaimedRow>(
    await db.execute(sql`
      with picked as (
        select id from ${outbox}
         where ${outbox.kind} like 'email.%'
           and ((${outbox.status} = 'pending' and ${outbox.runAfter} <= ${nowSql})
             or (${outbox.status} = 'processing' and ${outbox.lockedUntil} < ${nowSql}))
         order by id
         limit ${opts.batch ?? 20}
         for update skip locked
      )
      update ${outbox} o
         set status = 'processing', locked_until = ${claimedUntil}::timestamptz, attempts = o.attempts + 1
        from picked
       where o.id = picked.id
      returning o.id, o.kind, o.payload, o.attempts`),
  );

  // Outcomes are recorded while the claim holds: retried through a database restart for up to
  // half the claim (opts.recordRetryMs: tests).
  const record = (write: () => Promise<unknown>) =>
    retryWhileUnavailable(write, { maxMs: opts.recordRetryMs ?? CLAIM_TIMEOUT_MS / 2 });
  const heldBy = (row: ClaimedRow) =>
    sql`id = ${Number(row.id)} and attempts = ${Number(row.attempts)} and status = 'processing'`;
  let sent = 0;
  for (const [index, row] of claimed.entries()) {
    if (opts.shouldStop?.()) {
      // Pending again and due at once, the attempt not counted: the next start sends them.
      const rest = JSON.stringify(
        claimed.slice(index).map((r) => ({ id: Number(r.id), attempts: Number(r.attempts) })),
      );
      await db.execute(sql`
        update ${outbox} o
           set status = 'pending', locked_until = null, attempts = o.attempts - 1
          from json_to_recordset(${rest}::json) as c(id bigint, attempts int)
         where o.id = c.id and o.attempts = c.attempts and o.status = 'processing'`);
      break;
    }
    const id = Number(row.id);
    // The batch's claim may have run out during the sends before this one: send only a row this
    // worker still holds, and hold it for a whole send from now.
    const held = await record(() =>
      db.execute(sql`
        update ${outbox}
           set locked_until = ${new Date(clock().getTime() + CLAIM_TIMEOUT_MS).toISOString()}::timestamptz
         where ${heldBy(row)}
        returning id`),
    );
    if (sqlRows(held).length === 0) continue;
    const message = asMessage(row.payload);
    try {
      if (!message) throw new Error(`outbox row ${id} (${row.kind}) has no to/subject/text`);
      await transport.send(message);
    } catch (err) {
      opts.onError?.(err, id);
      const attempts = Number(row.attempts);
      const giveUp = !message || attempts >= MAIL_MAX_ATTEMPTS;
      const runAfter = new Date(clock().getTime() + retryDelayMs(attempts)).toISOString();
      await record(() =>
        db.execute(sql`
          update ${outbox}
             set status = ${giveUp ? 'failed' : 'pending'}, locked_until = null,
                 run_after = ${runAfter}::timestamptz,
                 last_error = ${String(err instanceof Error ? err.message : err).slice(0, 500)}
           where ${heldBy(row)}`),
      );
      continue;
    }
    // Outside the try: the message went out, so a failure to record it (the database went away)
    // must not put it back as pending, which would send it again. The record is retried while the
    // database is away, well within the claim; only a longer outage leaves the row claimed, to be
    // sent again when its claim runs out (the one resend window, ADR 020). Fenced too: a worker
    // that stalled past its claim mid-send leaves the row to the one that claimed it since.
    await record(() =>
      db.execute(sql`
        update ${outbox}
           set status = 'done', processed_at = ${clock().toISOString()}::timestamptz, locked_until = null, last_error = null,
               payload = ${JSON.stringify({ to: message.to, subject: message.subject, redacted: true })}::jsonb
         where ${heldBy(row)}`),
    );
    sent++;
  }
  return sent;
}

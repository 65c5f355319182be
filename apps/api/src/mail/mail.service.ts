import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../db/client';
import { logPassFailure } from '../lib/database-unavailable';
import { deliverPendingMail, enqueueMail, type MailKind } from './outbox-mail';
import type { MailMessage, MailTransport } from './transport';

/**
 * E-mail through the transactional outbox: `enqueue` inside the transaction of the change,
 * `kick()` after the commit for prompt delivery, and a periodic sweep (started when the server
 * listens) for retries and for rows enqueued by other instances or by jobs.
 *
 * Why outbox rather than sending inline: the mail survives an SMTP outage or a crash between
 * commit and send (retried with backoff), and the request never waits for SMTP — which also keeps
 * "forgot password" equally fast for registered and unknown e-mails (no account enumeration by timing).
 */
export class MailService {
  private running: Promise<void> | null = null;
  private pendingKick = false;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly db: Database,
    readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
  ) {}

  enqueue(db: Database | Transaction, kind: MailKind, message: MailMessage, dedupeKey?: string): Promise<void> {
    return enqueueMail(db, kind, message, dedupeKey);
  }

  /** Delivers due mail soon, in the background; concurrent kicks coalesce into one more pass. */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.pendingKick = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
    });
  }

  /** One delivery pass; returns how many messages were sent. */
  runOnce(): Promise<number> {
    return deliverPendingMail(this.db, this.transport, {
      onError: (err, id) => this.log.warn({ err, outboxId: id }, 'mail delivery failed; will retry'),
      // On shutdown the send in progress finishes and the rest of the claim is given back.
      shouldStop: () => this.closed,
    });
  }

  /** Waits for the background pass started by `kick()`, if any (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  start(intervalMs: number): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.idle();
    this.transport.close();
  }

  private async drain(): Promise<void> {
    do {
      this.pendingKick = false;
      try {
        // Keep going while full batches come back: a burst is flushed in one kick.
        while ((await this.runOnce()) >= 20 && !this.closed);
      } catch (err) {
        logPassFailure(this.log, err, 'mail outbox pass failed');
      }
    } while (this.pendingKick && !this.closed);
  }
}

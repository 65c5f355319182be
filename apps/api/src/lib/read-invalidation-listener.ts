import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DbHandle } from '../db/client';
import { applyReadChange, decodeReadChange, READ_INVALIDATION_CHANNEL, resetReadCaches } from './read-invalidation';

/** One LISTEN session; `onLost` fires at most once, when it ends without `close()`. */
export interface ListenSession {
  /** Round-trips on the session; rejects when it is dead. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type OpenListenSession = (handlers: {
  onPayload: (payload: string) => void;
  onLost: (error?: Error) => void;
}) => Promise<ListenSession>;

export interface ReadInvalidationListenerOptions {
  open: OpenListenSession;
  /** Applies one message to this process's caches. */
  onPayload?: (payload: string) => void;
  /** Empties every cache: called each time the LISTEN is (re)established. */
  clearAll?: () => void;
  log?: Pick<FastifyInstance['log'], 'warn' | 'info'>;
  /** First retry delay; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** A silently dead connection (no RST, no FIN) is found by this ping. 0 turns it off. */
  pingEveryMs?: number;
  pingTimeoutMs?: number;
}

/**
 * Keeps one LISTEN session open and applies what arrives. While it is down, messages are lost
 * (PostgreSQL queues them only for sessions that listen), so every (re)connection starts by
 * emptying the caches: what was missed is then read afresh. The caches' TTL bounds staleness
 * while it is down.
 */
export class ReadInvalidationListener {
  private session: ListenSession | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private retryMs: number;
  private stopped = false;

  constructor(private readonly options: ReadInvalidationListenerOptions) {
    this.retryMs = options.retryMs ?? 250;
  }

  get connected(): boolean {
    return this.session !== undefined;
  }

  /** Resolves after the first attempt; a failed one is retried in the background. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const session = this.session;
    this.session = undefined;
    await session?.close().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    let session: ListenSession | undefined;
    try {
      session = await this.options.open({
        onPayload: (payload) => (this.options.onPayload ?? applyPayload)(payload),
        onLost: (error) => this.lost(session, error),
      });
    } catch (error) {
      this.options.log?.warn({ err: error }, 'read invalidation: LISTEN failed, retrying');
      this.scheduleRetry();
      return;
    }
    if (this.stopped) {
      await session.close().catch(() => undefined);
      return;
    }
    this.session = session;
    this.retryMs = this.options.retryMs ?? 250;
    (this.options.clearAll ?? resetReadCaches)();
    this.startPinging(session);
  }

  private lost(session: ListenSession | undefined, error?: Error): void {
    if (this.stopped || !session || this.session !== session) return;
    this.options.log?.warn({ err: error }, 'read invalidation: LISTEN connection lost, reconnecting');
    this.session = undefined;
    clearInterval(this.pingTimer);
    void session.close().catch(() => undefined);
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, this.options.maxRetryMs ?? 10_000);
    this.retryTimer = setTimeout(() => void this.connect(), delay * (0.75 + Math.random() * 0.5));
    this.retryTimer.unref();
  }

  private startPinging(session: ListenSession): void {
    const every = this.options.pingEveryMs ?? 30_000;
    if (every <= 0) return;
    const timeoutMs = this.options.pingTimeoutMs ?? 10_000;
    this.pingTimer = setInterval(() => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`ping took over ${timeoutMs} ms`)), timeoutMs);
      });
      Promise.race([session.ping(), timeout])
        .catch((error: Error) => this.lost(session, error))
        .finally(() => clearTimeout(timer));
    }, every);
    this.pingTimer.unref();
  }
}

function applyPayload(payload: string): void {
  applyReadChange(decodeReadChange(payload));
}

/**
 * A LISTEN session on `channel` (default: the read-invalidation channel) on a connection of its
 * own (a pooled one would be handed to queries and returned with the LISTEN still on it).
 */
export function pgListenSession(config: pg.ClientConfig, channel = READ_INVALIDATION_CHANNEL): OpenListenSession {
  return async ({ onPayload, onLost }) => {
    const client = new pg.Client({ ...config, keepAlive: true });
    let open = false;
    let ended = false;
    const lose = (error?: Error) => {
      if (!open || ended) return;
      ended = true;
      onLost(error);
    };
    // Without a listener an 'error' event would crash the process.
    client.on('error', lose);
    client.on('end', () => lose());
    client.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    open = true;
    return {
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        ended = true;
        await client.end();
      },
    };
  };
}

/** The connection settings of the handle's pool, for a LISTEN connection beside it. */
export function poolConfig(handle: DbHandle): pg.ClientConfig {
  const pool = (handle.db as unknown as { $client?: pg.Pool }).$client;
  if (!(pool instanceof pg.Pool)) throw new Error('LISTEN: the PostgreSQL handle has no pg Pool');
  return pool.options;
}

/**
 * Applies other processes' changes to this instance's caches (ADR 010; accounts and settings: ADR 016). On PostgreSQL a
 * dedicated LISTEN connection, kept up with backoff. On PGlite, its own `listen`: the embedded
 * database serves this process only, and PGlite delivers a notification at the commit of the
 * transaction that sent it, like the server, so both paths see the same messages.
 */
export function registerReadInvalidation(app: FastifyInstance): void {
  const handle = app.dbHandle;
  if (handle.kind === 'pglite') {
    const pglite = handle.pglite;
    if (!pglite) throw new Error('read invalidation: the PGlite handle has no instance');
    let unlisten: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      unlisten = await pglite.listen(READ_INVALIDATION_CHANNEL, applyPayload);
    });
    app.addHook('onClose', async () => {
      if (unlisten && !pglite.closed) await unlisten();
    });
    return;
  }
  const listener = new ReadInvalidationListener({ open: pgListenSession(poolConfig(handle)), log: app.log });
  app.addHook('onReady', () => listener.start());
  app.addHook('onClose', () => listener.stop());
}

import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database has one connection: while a transaction is open, every other query waits
 * for it to end. Code inside a transaction that queries through the database handle instead of
 * the transaction therefore waits for itself, and every request of the server waits behind it
 * (PostgreSQL's pool hides the mistake). This guard marks the work a transaction runs and refuses
 * such a query at once, so the mistake is an error a test sees, not a hang in production.
 */
export class SelfDeadlockError extends Error {
  readonly code = 'DB_SELF_DEADLOCK';
  constructor() {
    super(
      'A query on the database handle inside one of its own transactions would wait for that transaction forever: query through the transaction, or before it opens.',
    );
  }
}

export function guardAgainstSelfDeadlock(client: PGlite): void {
  const insideTransaction = new AsyncLocalStorage<true>();
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    transaction((tx) => insideTransaction.run(true, () => callback(tx)))) as PGlite['transaction'];
  for (const method of ['query', 'exec', 'sql'] as const) {
    const original = (client[method] as (...args: unknown[]) => Promise<unknown>).bind(client);
    (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) =>
      insideTransaction.getStore() ? Promise.reject(new SelfDeadlockError()) : original(...args);
  }
}

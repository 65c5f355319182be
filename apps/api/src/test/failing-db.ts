import type { Database } from '../db/client';

/**
 * The database whose `nth` transaction fails after its work (a lost connection, a crash before
 * the commit): what a retry has to finish. Every other call goes to `db` as it is.
 */
export function failingTransaction(db: Database, nth: number): Database {
  let transactions = 0;
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'transaction') return Reflect.get(target, prop, receiver);
      return (work: (tx: unknown) => Promise<unknown>) =>
        target.transaction(async (tx) => {
          const result = await work(tx);
          if (++transactions === nth) throw new Error('bağlantı koptu');
          return result;
        });
    },
  }) as Database;
}

import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { ProductDetail } from '@kiyasla/contracts/catalog';
import { storeOffers } from '../db/schema/store-offers';
import { useTestApp } from '../test/app';
import {
  decodeReadChange,
  encodeReadChange,
  MAX_ANNOUNCED_PRODUCTS,
  MAX_NOTIFY_PAYLOAD_BYTES,
  READ_INVALIDATION_CHANNEL,
  readChangePayloads,
} from './read-invalidation';
import { ReadInvalidationListener, type ListenSession, type OpenListenSession } from './read-invalidation-listener';

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

describe('the invalidation message', () => {
  it('carries product ids, lower-cased and once each, and decodes to the same ids', () => {
    const a = uuid(1).toUpperCase();
    const payload = encodeReadChange({ kind: 'products', productIds: [a, uuid(2), uuid(1)] });
    expect(decodeReadChange(payload)).toEqual({ kind: 'products', productIds: [uuid(1), uuid(2)] });
  });

  it('carries account ids and the settings signal (ADR 016)', () => {
    const payload = encodeReadChange({ kind: 'users', userIds: [uuid(3).toUpperCase(), uuid(3)] });
    expect(payload).toBe(`users:${uuid(3)}`);
    expect(decodeReadChange(payload)).toEqual({ kind: 'users', userIds: [uuid(3)] });
    expect(decodeReadChange(encodeReadChange({ kind: 'settings' }))).toEqual({ kind: 'settings' });
    expect(decodeReadChange('users:not-a-uuid')).toEqual({ kind: 'everything' });
  });

  it('says "everything" for a store or category change', () => {
    expect(decodeReadChange(encodeReadChange({ kind: 'everything' }))).toEqual({ kind: 'everything' });
  });

  it('turns into "everything" when the ids would not fit in one NOTIFY payload', () => {
    const fits = Array.from({ length: 200 }, (_, i) => uuid(i));
    const fitting = encodeReadChange({ kind: 'products', productIds: fits });
    expect(fitting.length).toBeLessThanOrEqual(MAX_NOTIFY_PAYLOAD_BYTES);
    expect(decodeReadChange(fitting)).toEqual({ kind: 'products', productIds: fits });

    const tooMany = Array.from({ length: 300 }, (_, i) => uuid(i));
    expect(decodeReadChange(encodeReadChange({ kind: 'products', productIds: tooMany }))).toEqual({
      kind: 'everything',
    });
  });

  it('reads anything it does not understand as "everything"', () => {
    for (const payload of [
      '',
      'products:',
      'products:not-a-uuid',
      `products:${uuid(1)},`,
      'v2:whatever',
      `products:${uuid(1)}|not-a-uuid`,
      `products:${uuid(1)}|${uuid(2)}|${uuid(3)}`,
      `users:${uuid(1)}|${uuid(2)}`,
    ]) {
      expect(decodeReadChange(payload)).toEqual({ kind: 'everything' });
    }
  });

  it("carries the products' categories, which an older receiver reads as everything", () => {
    const change = { kind: 'products' as const, productIds: [uuid(1)], categoryIds: [uuid(7).toUpperCase(), uuid(8)] };
    const payload = encodeReadChange(change);
    expect(payload).toBe(`products:${uuid(1)}|${uuid(7)},${uuid(8)}`);
    expect(decodeReadChange(payload)).toEqual({
      kind: 'products',
      productIds: [uuid(1)],
      categoryIds: [uuid(7), uuid(8)],
    });
    // The decoder before the categories: every id must be a UUID, and "<id>|<id>" is not one.
    const olderDecoder = (p: string) =>
      p
        .slice('products:'.length)
        .split(',')
        .every((id) => /^[0-9a-f-]{36}$/.test(id));
    expect(olderDecoder(payload)).toBe(false);
  });

  it('splits a large batch into messages that each carry the categories, and says "all" beyond the limit', () => {
    const ids = Array.from({ length: 5_000 }, (_, i) => uuid(i));
    const categories = [uuid(90_001), uuid(90_002)];
    const payloads = readChangePayloads({ kind: 'products', productIds: ids, categoryIds: categories });
    expect(payloads.length).toBeGreaterThan(20);
    const seen: string[] = [];
    for (const payload of payloads) {
      expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(MAX_NOTIFY_PAYLOAD_BYTES);
      const change = decodeReadChange(payload);
      expect(change).toMatchObject({ kind: 'products', categoryIds: categories });
      if (change.kind === 'products') seen.push(...change.productIds);
    }
    expect(seen).toEqual(ids);
    // Small changes stay one message; without categories a large batch is still split.
    expect(readChangePayloads({ kind: 'products', productIds: [uuid(1)], categoryIds: categories })).toHaveLength(1);
    expect(readChangePayloads({ kind: 'products', productIds: ids }).length).toBeGreaterThan(20);
    const tooMany = Array.from({ length: MAX_ANNOUNCED_PRODUCTS + 1 }, (_, i) => uuid(i));
    expect(readChangePayloads({ kind: 'products', productIds: tooMany, categoryIds: categories })).toEqual(['all']);
  });
});

/** A stand-in LISTEN session the test can drop. */
function fakeSessions() {
  const sessions: { handlers: Parameters<OpenListenSession>[0]; closed: boolean; dead: boolean }[] = [];
  let failuresLeft = 0;
  const open: OpenListenSession = async (handlers) => {
    if (failuresLeft > 0) {
      failuresLeft--;
      throw new Error('connection refused');
    }
    const entry = { handlers, closed: false, dead: false };
    sessions.push(entry);
    const session: ListenSession = {
      ping: async () => {
        if (entry.dead) throw new Error('dead');
      },
      close: async () => {
        entry.closed = true;
      },
    };
    return session;
  };
  return {
    open,
    sessions,
    failNext: (n: number) => {
      failuresLeft = n;
    },
  };
}

describe('the listener', () => {
  let listener: ReadInvalidationListener | undefined;
  afterEach(() => listener?.stop());

  it('applies what arrives and empties every cache each time the LISTEN is (re)established', async () => {
    const fake = fakeSessions();
    const applied: string[] = [];
    const clearAll = vi.fn();
    listener = new ReadInvalidationListener({
      open: fake.open,
      onPayload: (p) => applied.push(p),
      clearAll,
      retryMs: 5,
      pingEveryMs: 0,
    });
    await listener.start();
    expect(listener.connected).toBe(true);
    expect(clearAll).toHaveBeenCalledTimes(1);

    fake.sessions[0]!.handlers.onPayload('all');
    expect(applied).toEqual(['all']);

    // The connection drops: what was sent meanwhile is lost, so the reconnection clears all.
    fake.failNext(2);
    fake.sessions[0]!.handlers.onLost(new Error('terminated'));
    expect(listener.connected).toBe(false);
    expect(fake.sessions[0]!.closed).toBe(true);
    await vi.waitFor(() => expect(listener?.connected).toBe(true), { timeout: 2_000, interval: 5 });
    expect(fake.sessions).toHaveLength(2);
    expect(clearAll).toHaveBeenCalledTimes(2);

    fake.sessions[1]!.handlers.onPayload(`products:${uuid(7)}`);
    expect(applied).toEqual(['all', `products:${uuid(7)}`]);
  });

  it('keeps retrying when the database is down at start, and clears when it comes up', async () => {
    const fake = fakeSessions();
    const clearAll = vi.fn();
    fake.failNext(3);
    listener = new ReadInvalidationListener({ open: fake.open, clearAll, retryMs: 5, pingEveryMs: 0 });
    await listener.start();
    expect(listener.connected).toBe(false);
    expect(clearAll).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(listener?.connected).toBe(true), { timeout: 2_000, interval: 5 });
    expect(clearAll).toHaveBeenCalledTimes(1);
  });

  it('finds a silently dead connection by its ping and reconnects', async () => {
    const fake = fakeSessions();
    const clearAll = vi.fn();
    listener = new ReadInvalidationListener({ open: fake.open, clearAll, retryMs: 5, pingEveryMs: 10 });
    await listener.start();
    fake.sessions[0]!.dead = true;
    await vi.waitFor(() => expect(fake.sessions).toHaveLength(2), { timeout: 2_000, interval: 5 });
    await vi.waitFor(() => expect(clearAll).toHaveBeenCalledTimes(2), { timeout: 2_000, interval: 5 });
    expect(fake.sessions[0]!.closed).toBe(true);
  });

  it('stops for good: a loss after stop() does not reconnect', async () => {
    const fake = fakeSessions();
    listener = new ReadInvalidationListener({ open: fake.open, clearAll: () => undefined, retryMs: 1, pingEveryMs: 0 });
    await listener.start();
    await listener.stop();
    expect(fake.sessions[0]!.closed).toBe(true);
    fake.sessions[0]!.handlers.onLost();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.sessions).toHaveLength(1);
    expect(listener.connected).toBe(false);
  });
});

describe.runIf(!inject('testDatabaseTemplate'))('on PGlite, one process', () => {
  const t = useTestApp();

  const detail = async (id: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: ProductDetail }).data;
  };
  const cheapestOffer = async (productId: string) =>
    (
      await t.db.db
        .select({ id: storeOffers.id, price: storeOffers.price })
        .from(storeOffers)
        .where(eq(storeOffers.productId, productId))
        .orderBy(asc(storeOffers.price))
        .limit(1)
    )[0]!;
  const someProduct = async (offset: number) =>
    (await t.db.db.execute<{ id: string }>(sql`select id from products order by id offset ${offset} limit 1`)).rows[0]!
      .id;
  const notifyIn = (payload: string) => sql`select pg_notify(${READ_INVALIDATION_CHANNEL}, ${payload})`;

  it('delivers a message at the commit of the transaction that sent it, and never on a rollback', async () => {
    const id = await someProduct(3);
    const offer = await cheapestOffer(id);
    const before = await detail(id);
    // Behind the cache's back: only a message can make the cached page show it.
    const newPrice = offer.price - 1_000;
    await t.db.db.update(storeOffers).set({ price: newPrice }).where(eq(storeOffers.id, offer.id));

    await expect(
      t.db.db.transaction(async (tx) => {
        await tx.execute(notifyIn(`products:${id}`));
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect((await detail(id)).prices.find((p) => p._id === offer.id)?.price).toBe(
      before.prices.find((p) => p._id === offer.id)?.price,
    );

    await t.db.db.transaction(async (tx) => {
      await tx.execute(notifyIn(`products:${id}`));
    });
    expect((await detail(id)).prices.find((p) => p._id === offer.id)?.price).toBe(newPrice / 100);
  });
});

import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { confirmationDue, offerIsFresh } from '../../../db/offer-freshness';
import { sqlRows } from '../../../lib/sql-rows';
import type { StagedItem } from './stage';

/**
 * A store with more offers than this is imported without a digest (every item staged in full):
 * the digest costs about 150 bytes of memory per offer.
 */
export const DIGEST_MAX_OFFERS = 400_000;

/** Offers fetched at a time while the digest is built (a page's rows are garbage right after). */
const DIGEST_PAGE = 10_000;

/** Slots the digest starts with; it doubles them as the store's offers arrive. */
const DIGEST_INITIAL_SLOTS = 16_384;

/** What the feed did with an offer's SKU so far. */
const SEEN_NOT = 0;
const SEEN_CONFIRMED = 1;
const SEEN_STAGED = 2;
const SEEN_REFUSED = 3;

/** A hexadecimal digit's value by its character code (either case), -1 for any other character. */
const HEX_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) {
  HEX_VALUE['0123456789abcdef'.charCodeAt(i)] = i;
  HEX_VALUE['0123456789ABCDEF'.charCodeAt(i)] = i;
}
/** Two hexadecimal digits of each byte value. */
const HEX_BYTE = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * Writes a UUID's 32 digits as four 32-bit words at `slot` (they are read for every offer of the
 * store and every staged item's product: character codes, not string slices and parseInt). Null
 * when `uuid` is not one.
 */
export function toWords(words: Uint32Array, slot: number, uuid: string): Uint32Array | null {
  if (uuid.length !== 36) return null;
  let word = 0;
  let digits = 0;
  let at = slot * 4;
  for (let i = 0; i < 36; i++) {
    const code = uuid.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (code !== 45) return null;
      continue;
    }
    const value = code < 128 ? HEX_VALUE[code]! : -1;
    if (value < 0) return null;
    word = (word << 4) | value;
    if (++digits === 8) {
      words[at++] = word >>> 0;
      word = 0;
      digits = 0;
    }
  }
  return words;
}

function writeUuid(words: Uint32Array, slot: number, uuid: string): void {
  if (!toWords(words, slot, uuid)) throw new Error(`not a UUID: ${uuid}`);
}

/**
 * Finds a UUID among those at `slots` of `words` (four words each, toWords): the first word as a
 * numeric key, the other three compared. Answers the slot, undefined when it is not there.
 */
export function uuidFinder(words: Uint32Array, slots: readonly number[]): (uuid: string) => number | undefined {
  const byFirstWord = new Map<number, number | number[]>();
  for (const slot of slots) {
    const key = words[slot * 4]!;
    const there = byFirstWord.get(key);
    if (there === undefined) byFirstWord.set(key, slot);
    else if (typeof there === 'number') byFirstWord.set(key, [there, slot]);
    else there.push(slot);
  }
  const probe = new Uint32Array(4);
  const same = (slot: number) =>
    words[slot * 4 + 1] === probe[1] && words[slot * 4 + 2] === probe[2] && words[slot * 4 + 3] === probe[3];
  return (uuid) => {
    if (!toWords(probe, 0, uuid)) return undefined;
    const there = byFirstWord.get(probe[0]!);
    if (there === undefined) return undefined;
    if (typeof there === 'number') return same(there) ? there : undefined;
    return there.find(same);
  };
}

function hexWord(word: number): string {
  return (
    HEX_BYTE[word >>> 24]! + HEX_BYTE[(word >>> 16) & 0xff]! + HEX_BYTE[(word >>> 8) & 0xff]! + HEX_BYTE[word & 0xff]!
  );
}

export function readUuid(words: Uint32Array, slot: number): string {
  const a = hexWord(words[slot * 4]!);
  const b = hexWord(words[slot * 4 + 1]!);
  const c = hexWord(words[slot * 4 + 2]!);
  const d = hexWord(words[slot * 4 + 3]!);
  return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${d}`;
}

const AVAILABILITY_CODES: Record<string, number> = { 'in-stock': 1, limited: 2, 'out-of-stock': 3, 'pre-order': 4 };

interface DigestRow {
  id: string;
  product_id: string;
  sku: string;
  price: number;
  original_price: number | null;
  availability: string;
  product_url: string;
  shipping_free: boolean;
  shipping_cost: number;
  shipping_days: number | null;
  usable: boolean;
  confirm_due: boolean;
  queued: boolean;
}

/**
 * 53-bit FNV-1a-style hash of a string (two 32-bit lanes). Only fields whose change matters less
 * than a price go through it (list price, URL, shipping): the price and the availability are
 * compared exactly, so a collision can at worst leave a URL or a shipping fee one import behind.
 */
function hash53(text: string): number {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
  }
  return (h2 >>> 0) * 0x200000 + ((h1 >>> 0) & 0x1fffff);
}

function restKey(
  originalPrice: number | null,
  url: string,
  shipping: { free: boolean | null; cost: number | null; days: number | null } | null,
): number {
  const ship = shipping ? `${shipping.free}|${shipping.cost ?? 0}|${shipping.days ?? ''}` : '-';
  return hash53(`${originalPrice ?? ''}|${url}|${ship}`);
}

/**
 * The store's offers as they are when an import starts, keyed by SKU (ADR 015): most items of a
 * regular feed repeat their offer unchanged, and an item found identical here is never staged: it
 * is recorded here (`take`), its offer is neither locked nor compared nor rewritten, and only its
 * confirmation time is written when due, after the whole feed was read (import-feed.ts). The digest
 * also refuses a second item with one of its SKUs, and answers the products and SKUs the
 * confirmations listed (duplicate products, a full feed's absent offers).
 *
 * Only offers the import could leave exactly as they are take part: active, fresh (confirming a
 * stale offer moves its product's prices), carrying the SKU as the first offer of the store with
 * it (the one matching picks), and whose SKU is not waiting in the unmatched queue (the import
 * must clear it). An item that names a product (`productId`) is always staged in full.
 *
 * About 150 bytes per offer: the SKU, the offer's and product's ids (16 bytes each) and typed-array
 * slots.
 */
export class OfferDigest {
  private readonly index = new Map<string, number>();
  private price: Int32Array;
  private availability: Uint8Array;
  private rest: Float64Array;
  private restNoShipping: Float64Array;
  private due: Uint8Array;
  private readonly skus: string[] = [];
  /** The offer's and its product's ids, 16 bytes each (four 32-bit words of the UUID). */
  private offerIds: Uint32Array;
  private productIds: Uint32Array;
  /** Per offer: what the feed did with its SKU (SEEN_*). */
  private seen: Uint8Array;
  /** Per confirmed offer: the number of items staged before its item (their `seq`s are lower). */
  private stagedBefore: Int32Array;
  /** Per confirmed offer: its item's line (or position) in the feed, for a rejection. */
  private line: Int32Array;
  private confirmedCount = 0;

  private constructor(capacity: number) {
    this.offerIds = new Uint32Array(capacity * 4);
    this.productIds = new Uint32Array(capacity * 4);
    this.seen = new Uint8Array(capacity);
    this.stagedBefore = new Int32Array(capacity);
    this.line = new Int32Array(capacity);
    this.price = new Int32Array(capacity);
    this.availability = new Uint8Array(capacity);
    this.rest = new Float64Array(capacity);
    this.restNoShipping = new Float64Array(capacity);
    this.due = new Uint8Array(capacity);
  }

  /** Doubles the slots: the digest does not know the store's size before its offers arrive. */
  private grow(): void {
    const grown = <T extends Int32Array | Uint32Array | Uint8Array | Float64Array>(array: T): T => {
      const next = new (array.constructor as new (length: number) => T)(array.length * 2);
      next.set(array);
      return next;
    };
    this.offerIds = grown(this.offerIds);
    this.productIds = grown(this.productIds);
    this.seen = grown(this.seen);
    this.stagedBefore = grown(this.stagedBefore);
    this.line = grown(this.line);
    this.price = grown(this.price);
    this.availability = grown(this.availability);
    this.rest = grown(this.rest);
    this.restNoShipping = grown(this.restNoShipping);
    this.due = grown(this.due);
  }

  get size(): number {
    return this.index.size;
  }

  /**
   * Null when the store has more than `maxOffers` SKUs to keep a digest of (the import stages all);
   * that is known once that many were read.
   */
  static async load(
    db: Database,
    storeId: string,
    maxOffers = DIGEST_MAX_OFFERS,
    pageSize = DIGEST_PAGE,
    initialSlots = DIGEST_INITIAL_SLOTS,
  ): Promise<OfferDigest | null> {
    // One sorted read of the store's offers through a cursor, fetched a page at a time: paging by
    // `external_id > last` instead walked the (store, SKU) index into random heap reads, a statement
    // per page (0.9 s for 97,664 offers, against 0.5 s for one bitmap scan and sort). The SKUs sort
    // bytewise (`collate "C"`): any order that keeps a SKU's offers together will do, and the
    // database's collation (C.UTF-8 here, a language's elsewhere) compares through the C library
    // without abbreviated keys — 670–760 ms against 480–600 ms for the read at 97,664 offers.
    return db.transaction(async (tx) => {
      const digest = new OfferDigest(Math.max(1, Math.floor(initialSlots)));
      await tx.execute(sql`
        declare offer_digest no scroll cursor for
        select distinct on (o.external_id collate "C")
               o.id, o.product_id, o.external_id as sku, o.price, o.original_price, o.availability::text as availability,
               o.product_url, o.shipping_free, o.shipping_cost, o.shipping_days,
               o.is_active and ${offerIsFresh('o', 's')} as usable,
               ${confirmationDue('o', 's')} as confirm_due,
               -- A probe of the queue's (store, SKU) key per offer, never a hash of the whole queue.
               (select true from feed_unmatched_items u
                 where u.store_id = o.store_id and u.sku = o.external_id and u.resolved_product_id is null
                 limit 1) is not null as queued
          from store_offers o
          join stores s on s.id = o.store_id
         where o.store_id = ${storeId}::uuid and o.external_id is not null
         order by o.external_id collate "C", o.created_at, o.id`);
      // The next page is asked for before this one is digested, so the database reads it meanwhile.
      const page = Math.max(1, Math.floor(pageSize));
      const fetchPage = async () => sqlRows<DigestRow>(await tx.execute(sql.raw(`fetch ${page} from offer_digest`)));
      let next: Promise<DigestRow[]> | null = fetchPage();
      let read = 0;
      while (next) {
        const rows: DigestRow[] = await next;
        read += rows.length;
        // Too many to keep (the store's size is not counted first: that read every offer once more).
        if (read > maxOffers) return null;
        next = rows.length < page ? null : fetchPage();
        for (const row of rows) digest.add(row);
      }
      return digest;
    });
  }

  private add(row: DigestRow): void {
    const slot = this.index.size;
    if (!row.usable || row.queued) return;
    if (slot >= this.price.length) this.grow();
    const originalPrice = row.original_price === null ? null : Number(row.original_price);
    this.index.set(row.sku, slot);
    this.skus.push(row.sku);
    writeUuid(this.offerIds, slot, row.id);
    writeUuid(this.productIds, slot, row.product_id);
    this.price[slot] = Number(row.price);
    this.availability[slot] = AVAILABILITY_CODES[row.availability] ?? 0;
    this.rest[slot] = restKey(originalPrice, row.product_url, {
      free: row.shipping_free,
      cost: Number(row.shipping_cost),
      days: row.shipping_days,
    });
    this.restNoShipping[slot] = restKey(originalPrice, row.product_url, null);
    this.due[slot] = row.confirm_due ? 1 : 0;
  }

  /**
   * Whether `item` would leave its offer exactly as it is: then whether that offer's confirmation
   * time is due (db/offer-freshness.ts); undefined when the item must be staged in full.
   */
  unchanged(item: StagedItem): { confirmDue: boolean } | undefined {
    if (item.product_id !== null) return undefined;
    const slot = this.index.get(item.sku);
    if (slot === undefined) return undefined;
    if (item.price !== this.price[slot] || AVAILABILITY_CODES[item.availability] !== this.availability[slot]) {
      return undefined;
    }
    const shipping =
      item.shipping_free === null
        ? null
        : { free: item.shipping_free, cost: item.shipping_cost, days: item.shipping_days };
    const rest = restKey(item.original_price, item.url, shipping);
    if (rest !== (shipping ? this.rest[slot] : this.restNoShipping[slot])) return undefined;
    return { confirmDue: this.due[slot] === 1 };
  }

  /** Items confirming their offer, not staged (after take; less those refused as duplicates). */
  get confirmed(): number {
    return this.confirmedCount;
  }

  /**
   * What the import does with an item (ADR 015): `confirmed` — identical to its offer, recorded
   * here and never staged; `duplicate` — its SKU is an offer's SKU an earlier item of the feed
   * already listed (the first one wins, as in rejectDuplicates); `stage` — staged in full (a SKU
   * this digest does not hold is checked for duplicates among the staged rows). `staged` is the
   * number of items staged so far.
   */
  take(item: StagedItem, line: number, staged: number): 'confirmed' | 'duplicate' | 'stage' {
    const slot = this.index.get(item.sku);
    if (slot === undefined) return 'stage';
    if (this.seen[slot] !== SEEN_NOT) return 'duplicate';
    if (this.unchanged(item)) {
      this.seen[slot] = SEEN_CONFIRMED;
      this.stagedBefore[slot] = staged;
      this.line[slot] = line;
      this.confirmedCount += 1;
      return 'confirmed';
    }
    this.seen[slot] = SEEN_STAGED;
    return 'stage';
  }

  /**
   * Finds the confirmed offer of a product, by the product's id: a lookup of the confirmations as
   * they are now (later refusals do not change what it finds). Built on the first call: the
   * products' first 32 bits as a numeric key, every word compared — no string per confirmed offer.
   */
  confirmedProductFinder(): (productId: string) => number | undefined {
    const slots: number[] = [];
    for (let slot = 0; slot < this.skus.length; slot++) if (this.seen[slot] === SEEN_CONFIRMED) slots.push(slot);
    return uuidFinder(this.productIds, slots);
  }

  /** Whether the confirmation in `slot` came before the staged item `seq` in the feed. */
  confirmedBefore(slot: number, seq: number): boolean {
    return this.stagedBefore[slot]! < seq;
  }

  /**
   * Refuses the confirmation in `slot` (an earlier item took its product): its offer stays as it
   * is and unconfirmed, but the store listed it (a full feed does not deactivate it).
   */
  refuse(slot: number): { sku: string; line: number } | undefined {
    if (this.seen[slot] !== SEEN_CONFIRMED) return undefined;
    this.seen[slot] = SEEN_REFUSED;
    this.confirmedCount -= 1;
    return { sku: this.skus[slot]!, line: this.line[slot]! };
  }

  /** The confirmed offers whose confirmation time is due (db/offer-freshness.ts confirmationDue). */
  dueOfferIds(): string[] {
    const ids: string[] = [];
    for (let slot = 0; slot < this.skus.length; slot++) {
      if (this.seen[slot] === SEEN_CONFIRMED && this.due[slot] === 1) ids.push(readUuid(this.offerIds, slot));
    }
    return ids;
  }

  /**
   * The products and SKUs of the offers the feed listed without staging them (confirmed, or
   * refused as a duplicate product): a full feed's absent offers are counted without them.
   */
  listedUnstaged(): { products: string[]; skus: string[] } {
    const products: string[] = [];
    const skus: string[] = [];
    for (let slot = 0; slot < this.skus.length; slot++) {
      if (this.seen[slot] !== SEEN_CONFIRMED && this.seen[slot] !== SEEN_REFUSED) continue;
      products.push(readUuid(this.productIds, slot));
      skus.push(this.skus[slot]!);
    }
    return { products, skus };
  }
}

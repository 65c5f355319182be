/**
 * The product ids of a listing index and their slots, outside the JavaScript heap: each slot's
 * UUID as four 32-bit words, and an open-addressing table (linear probing, slot + 1 per entry,
 * 0 empty) from id to slot, all in typed arrays. A million id strings and a Map over them were
 * about 95 MB of live objects that every major garbage collection marked (ADR 005, "The listing
 * index"); typed arrays are one object each, whatever their length.
 *
 * Ids are UUIDs in their canonical lower-case text (what PostgreSQL prints); anything else is
 * never held (`slotOf` answers undefined, `add` throws).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EMPTY = 0;

/** The four big-endian words of a canonical UUID, or undefined for any other text. */
export function uuidWords(id: string): [number, number, number, number] | undefined {
  if (id.length !== 36 || !UUID.test(id)) return undefined;
  return [
    parseInt(id.slice(0, 8), 16),
    parseInt(id.slice(9, 13) + id.slice(14, 18), 16),
    parseInt(id.slice(19, 23) + id.slice(24, 28), 16),
    parseInt(id.slice(28, 36), 16),
  ];
}

/** A 32-bit mix of the four words (their bits spread over the table's index bits). */
function hashWords(w0: number, w1: number, w2: number, w3: number): number {
  let h = Math.imul(w0 ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ w1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16) ^ w2, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ w3, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const hex = (word: number, digits: number) => word.toString(16).padStart(digits, '0');

export class IdSlots {
  private words = new Uint32Array(0);
  private table = new Int32Array(16);
  private mask = 15;
  private count = 0;

  /** How many ids are held. */
  get size(): number {
    return this.count;
  }

  /** The slot of `id`, or undefined when it is not held. */
  slotOf(id: string): number | undefined {
    const w = uuidWords(id);
    if (!w) return undefined;
    const at = this.find(w[0], w[1], w[2], w[3]);
    return at < 0 ? undefined : this.table[at]! - 1;
  }

  /** The slot of the id whose words (uuidWords) these are, or undefined when it is not held. */
  slotOfWords(w0: number, w1: number, w2: number, w3: number): number | undefined {
    const at = this.find(w0, w1, w2, w3);
    return at < 0 ? undefined : this.table[at]! - 1;
  }

  /** Holds `id` at `slot` (neither held yet). */
  add(id: string, slot: number): void {
    const w = uuidWords(id);
    if (!w) throw new Error(`not a canonical UUID: ${id}`);
    if ((slot + 1) * 4 > this.words.length) {
      const next = new Uint32Array(Math.max(64, (slot + 1) * 8));
      next.set(this.words);
      this.words = next;
    }
    this.words.set(w, slot * 4);
    if ((this.count + 1) * 2 > this.table.length) this.rehash(this.table.length * 2);
    let at = hashWords(w[0], w[1], w[2], w[3]) & this.mask;
    while (this.table[at] !== EMPTY) at = (at + 1) & this.mask;
    this.table[at] = slot + 1;
    this.count++;
  }

  /** Lets go of `id`; its slot, or undefined when it was not held. */
  delete(id: string): number | undefined {
    const w = uuidWords(id);
    if (!w) return undefined;
    let hole = this.find(w[0], w[1], w[2], w[3]);
    if (hole < 0) return undefined;
    const slot = this.table[hole]! - 1;
    this.count--;
    // Backward-shift deletion: each entry after the hole (up to an empty one) that could sit in
    // the hole without passing its own home moves into it, so no lookup ever stops early.
    const mask = this.mask;
    for (let at = (hole + 1) & mask; this.table[at] !== EMPTY; at = (at + 1) & mask) {
      const home = this.homeOf(this.table[at]! - 1);
      if (((at - home) & mask) >= ((at - hole) & mask)) {
        this.table[hole] = this.table[at]!;
        hole = at;
      }
    }
    this.table[hole] = EMPTY;
    return slot;
  }

  /** The id held at `slot` (a slot that holds one). */
  idOf(slot: number): string {
    const w = this.words;
    const o = slot * 4;
    const b = hex(w[o + 1]!, 8);
    const c = hex(w[o + 2]!, 8);
    return `${hex(w[o]!, 8)}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${hex(w[o + 3]!, 8)}`;
  }

  /** The order of two slots' ids as text (negative when a's comes first). */
  compare(a: number, b: number): number {
    const w = this.words;
    const x = a * 4;
    const y = b * 4;
    return w[x]! - w[y]! || w[x + 1]! - w[y + 1]! || w[x + 2]! - w[y + 2]! || w[x + 3]! - w[y + 3]!;
  }

  private homeOf(slot: number): number {
    const w = this.words;
    const o = slot * 4;
    return hashWords(w[o]!, w[o + 1]!, w[o + 2]!, w[o + 3]!) & this.mask;
  }

  /** The table position holding the id of these words, or -1. */
  private find(w0: number, w1: number, w2: number, w3: number): number {
    const words = this.words;
    for (let at = hashWords(w0, w1, w2, w3) & this.mask; ; at = (at + 1) & this.mask) {
      const entry = this.table[at]!;
      if (entry === EMPTY) return -1;
      const o = (entry - 1) * 4;
      if (words[o] === w0 && words[o + 1] === w1 && words[o + 2] === w2 && words[o + 3] === w3) return at;
    }
  }

  private rehash(length: number): void {
    const old = this.table;
    this.table = new Int32Array(length);
    this.mask = length - 1;
    for (const entry of old) {
      if (entry === EMPTY) continue;
      let at = this.homeOf(entry - 1);
      while (this.table[at] !== EMPTY) at = (at + 1) & this.mask;
      this.table[at] = entry;
    }
  }
}

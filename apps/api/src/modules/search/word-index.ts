import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { readChangesSince, wordsChangedSince } from '../../db/change-times';
import type { Database } from '../../db/client';
import { clearWithPublicReads } from '../../lib/public-read-cache';
import { sqlRows } from '../../lib/sql-rows';
import { uuidWords } from '../products/id-slots';

/**
 * The word index (ADR 006, amendment of 2026-12-02 "The word index"): every word of every active
 * product's `search_vector` and the products that have it, in memory. A search of the whole
 * catalog by relevance takes from it how many products match and which are the most popular,
 * instead of reading every match's row from the database (the one pass of `popularMatches`: 7 ms
 * for 3,500 matches, 200 ms for 47,000 at a million products). Ranking those candidates, and
 * everything else a search shows, is still asked of the database.
 *
 * Products are held in popularity order (ratings count, then id: the relevance sort's own tie
 * order), so each word's products are a sorted list of positions, the matches of a query are
 * such a list too, and the most popular matches are its first positions.
 *
 * It is not a cache of answers: it holds the words of one moment of the catalog, and every search
 * is computed from them. What changes a product's words, its ratings count or whether it is
 * active (an admin edit of a product, of a category, a review's moderation) is announced as a
 * change of everything (ADR 010), which drops the index: SQL answers until it is built again. The
 * announcements of single products carry their offers' and prices' changes only, which nothing
 * here holds. What bounds a lost announcement: every MAX_AGE_MS the index asks whether any
 * product's words, ratings count or active flag changed since its read (`words_changed_at`, set by
 * triggers: migration 0027), and is built again in the background, while it still answers, only
 * if one did. It used to be built again every time: a minute of the server's thread at a million
 * products (ADR 010 amendment of 2026-12-03, "Rereads by change time").
 */

/** A built index asks after this long whether the catalog changed without a word (the bound on a missed change). */
export const MAX_AGE_MS = 15 * 60_000;

/** Products read per statement while building. */
const BATCH = 20_000;
/**
 * Products placed in the lists between turns of the event loop: the whole catalog at once (1M
 * products, 100M positions) held every request behind it for seconds each time the index was
 * read again (MAX_AGE_MS).
 */
const FILL_SLICE = 20_000;

/** A word of a query: matched as a whole lexeme, or as the prefix of any lexeme. */
export interface WordTerm {
  word: string;
  prefix: boolean;
}

/**
 * Products with a match for every group (AND), where a group matches a product that has any of
 * its terms (OR): a `tsquery` of that shape.
 */
export type WordConjunction = readonly (readonly WordTerm[])[];

/** The set bits of a 32-bit word. */
function bitCount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

const hex = (word: number) => word.toString(16).padStart(8, '0');

/** The products of a group, a conjunction or a query: an ascending list when few, else a bit set. */
type Matches = { list: Int32Array; bits?: undefined } | { bits: Uint32Array; list?: undefined };

/** Bytes of group sets kept per index (`WordIndex.groupSet`): about 500 bit sets at a million products. */
const KEPT_GROUP_BYTES = 64 * 1024 * 1024;

/**
 * The words and products of one moment of the catalog. Immutable once built; what it keeps besides
 * (the products of the groups searches asked for) is computed from it and goes with it.
 */
export class WordIndex {
  private readonly byWord: Map<string, number>;
  private readonly words32: number;
  /** Each group's products as last computed, most recently used last, and their bytes. */
  private readonly kept = new Map<string, Matches>();
  private keptBytes = 0;

  constructor(
    /** Every word, in code point order (the words starting with a prefix are one range). */
    private readonly lexemes: readonly string[],
    /** Word i's products are `positions[starts[i]] … positions[starts[i + 1] - 1]`, ascending. */
    private readonly starts: Int32Array,
    private readonly positions: Int32Array,
    /** The product at each position (popularity order), as four 32-bit words of its UUID. */
    private readonly ids: Uint32Array,
    /** Changes stamped from this moment on may be missing here (readChangesSince). */
    public since: number,
    /** When it was built, or last found the catalog unchanged (Date.now()). */
    public checkedAt: number,
    /** Bytes of group sets kept (tests make it small). */
    private readonly keptBudget = KEPT_GROUP_BYTES,
  ) {
    this.byWord = new Map(lexemes.map((w, i) => [w, i]));
    this.words32 = Math.ceil(this.products / 32);
  }

  get products(): number {
    return this.ids.length / 4;
  }

  get wordCount(): number {
    return this.lexemes.length;
  }

  /** The bytes of the group sets kept now. */
  get keptSetBytes(): number {
    let bytes = 0;
    for (const set of this.kept.values()) bytes += (set.bits ?? set.list).byteLength;
    return bytes;
  }

  /** The id of the product at `position`. */
  idAt(position: number): string {
    const w = this.ids;
    const o = position * 4;
    const b = hex(w[o + 1]!);
    const c = hex(w[o + 2]!);
    return `${hex(w[o]!)}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${hex(w[o + 3]!)}`;
  }

  /** Whether some word starts with `prefix`. */
  hasWordStartingWith(prefix: string): boolean {
    const [first, end] = this.range({ word: prefix, prefix: true });
    return end > first;
  }

  /** The range of words a term stands for: [first, end). */
  private range(term: WordTerm): [number, number] {
    if (!term.prefix) {
      const at = this.byWord.get(term.word);
      return at === undefined ? [0, 0] : [at, at + 1];
    }
    const words = this.lexemes;
    let lo = 0;
    let hi = words.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (words[mid]! < term.word) lo = mid + 1;
      else hi = mid;
    }
    let end = lo;
    while (end < words.length && words[end]!.startsWith(term.word)) end++;
    return [lo, end];
  }

  /** A group's words' lists: ranges [start, end) of `positions`, each ascending. */
  private lists(group: readonly WordTerm[]): [number, number][] {
    const lists: [number, number][] = [];
    for (const term of group) {
      const [first, end] = this.range(term);
      for (let w = first; w < end; w++) {
        if (this.starts[w + 1]! > this.starts[w]!) lists.push([this.starts[w]!, this.starts[w + 1]!]);
      }
    }
    return lists;
  }

  /**
   * Whether `size` products are held as a bit set rather than a list: from as many as the bit set
   * has 32-bit words (about 31,000 at a million products), where the list would take more bytes.
   * Bit sets are ANDed and ORed a word at a time, whatever they hold.
   */
  private isMany(size: number): boolean {
    return size >= this.words32;
  }

  /**
   * The products of a group (any of its terms' words), ascending: one word's list as it is, more
   * words' as one list or bit set, kept for the next search that asks for the same group (a
   * brand's or a category's words recur in many queries; the index never changes, so neither do
   * they). Up to `keptBudget` bytes are kept, the least recently used going first.
   */
  private groupSet(key: string, lists: readonly [number, number][], size: number): Matches {
    if (lists.length === 0) return { list: new Int32Array(0) };
    if (lists.length === 1 && !this.isMany(size)) return { list: this.positions.subarray(lists[0]![0], lists[0]![1]) };
    const found = this.kept.get(key);
    if (found) {
      this.kept.delete(key);
      this.kept.set(key, found);
      return found;
    }
    const made: Matches = this.isMany(size) ? { bits: this.bitsOf(lists) } : { list: this.union(lists, size) };
    const bytes = (made.bits ?? made.list).byteLength;
    if (bytes <= this.keptBudget / 8) {
      for (const [old, set] of this.kept) {
        if (this.keptBytes + bytes <= this.keptBudget) break;
        this.kept.delete(old);
        this.keptBytes -= (set.bits ?? set.list).byteLength;
      }
      this.kept.set(key, made);
      this.keptBytes += bytes;
    }
    return made;
  }

  /** The products in any of the lists, ascending: the lists joined and sorted (few products). */
  private union(lists: readonly [number, number][], size: number): Int32Array {
    const joined = new Int32Array(size);
    let n = 0;
    for (const [start, end] of lists) {
      joined.set(this.positions.subarray(start, end), n);
      n += end - start;
    }
    joined.sort();
    // A product is in one list once, in several at most once each.
    let kept = 0;
    for (let i = 0; i < joined.length; i++) if (i === 0 || joined[i] !== joined[kept - 1]) joined[kept++] = joined[i]!;
    return joined.subarray(0, kept);
  }

  /** The products in any of the lists, as a bit set over positions. */
  private bitsOf(lists: readonly [number, number][]): Uint32Array {
    const bits = new Uint32Array(this.words32);
    for (const [start, end] of lists) setBits(bits, this.positions, start, end);
    return bits;
  }

  /** The positions of `matches` that are in any of the lists (binary searches). */
  private inAnyList(matches: Int32Array, lists: readonly [number, number][]): Int32Array {
    const out = new Int32Array(matches.length);
    let n = 0;
    for (let i = 0; i < matches.length; i++) {
      const p = matches[i]!;
      for (const [start, end] of lists) {
        if (this.inList(start, end, p)) {
          out[n++] = p;
          break;
        }
      }
    }
    return out.subarray(0, n);
  }

  /** Whether `position` is in the list [start, end) (binary search). */
  private inList(start: number, end: number, position: number): boolean {
    const positions = this.positions;
    let lo = start;
    let hi = end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (positions[mid]! < position) lo = mid + 1;
      else hi = mid;
    }
    return lo < end && positions[lo] === position;
  }

  /**
   * The products matching a conjunction. When its smallest group has few products, those of them
   * that each other group has (looked up in that group's lists when they are far fewer, else in
   * its bit set): a list. When every group has many, the AND of their bit sets.
   */
  private conjunctionMatches(conjunction: WordConjunction): Matches {
    const groups = conjunction
      .map((group) => {
        const lists = this.lists(group);
        const key = group.map((t) => (t.prefix ? `${t.word}*` : t.word)).join('|');
        return { key, lists, size: lists.reduce((n, [start, end]) => n + end - start, 0) };
      })
      .sort((a, b) => a.size - b.size);
    const first = groups[0]!;
    if (first.size === 0) return { list: new Int32Array(0) };
    const smallest = this.groupSet(first.key, first.lists, first.size);
    // Read only from here on: a kept set is never changed.
    if (groups.length === 1) return smallest;
    if (smallest.list) {
      let matches = smallest.list;
      for (const { key, lists, size } of groups.slice(1)) {
        if (matches.length === 0) break;
        // Few matches against a group not kept: looked up in its lists rather than making its set.
        if (!this.kept.has(key) && matches.length * lists.length * 20 < size) {
          matches = this.inAnyList(matches, lists);
        } else {
          const other = this.groupSet(key, lists, size);
          matches = other.bits ? inBits(matches, other.bits) : intersectSorted(matches, other.list);
        }
      }
      return { list: matches };
    }
    // Every group has many products (each is a bit set).
    const bits = smallest.bits!.slice();
    for (const { key, lists, size } of groups.slice(1)) {
      const other = this.groupSet(key, lists, size).bits!;
      for (let i = 0; i < bits.length; i++) bits[i]! &= other[i]!;
    }
    return { bits };
  }

  /**
   * How many active products match any of the conjunctions, and the ids of the `limit` most
   * popular of them (ratings count, then id), most popular first.
   */
  popularMatches(anyOf: readonly WordConjunction[], limit: number): { ids: string[]; total: number } {
    const found = anyOf.filter((c) => c.length > 0).map((c) => this.conjunctionMatches(c));
    if (found.length === 1 && found[0]!.list) {
      const only = found[0]!.list;
      return { ids: Array.from(only.subarray(0, limit), (p) => this.idAt(p)), total: only.length };
    }
    const size = found.reduce((n, set) => n + (set.list ? set.list.length : this.products), 0);
    let total = 0;
    const ids: string[] = [];
    if (this.isMany(size)) {
      // Many: the OR of their bit sets, counted, and its first bits (positions are popularity order).
      const bits = new Uint32Array(this.words32);
      for (const set of found) {
        if (set.bits) for (let i = 0; i < bits.length; i++) bits[i]! |= set.bits[i]!;
        else setBits(bits, set.list, 0, set.list.length);
      }
      for (let i = 0; i < bits.length; i++) {
        let word = bits[i]!;
        if (word === 0) continue;
        total += bitCount(word);
        for (; word !== 0 && ids.length < limit; word &= word - 1) {
          ids.push(this.idAt(i * 32 + 31 - Math.clz32(word & -word)));
        }
      }
      return { ids, total };
    }
    // Few: the ascending lists merged; the head of the merge is the most popular.
    const lists = found.map((set) => set.list!);
    const at = new Int32Array(lists.length);
    for (;;) {
      let next = -1;
      for (let i = 0; i < lists.length; i++) {
        const list = lists[i]!;
        if (at[i]! < list.length && (next < 0 || list[at[i]!]! < next)) next = list[at[i]!]!;
      }
      if (next < 0) break;
      // Never read past a list's end: a typed array read out of bounds is slow.
      for (let i = 0; i < lists.length; i++) if (at[i]! < lists[i]!.length && lists[i]![at[i]!] === next) at[i]!++;
      if (ids.length < limit) ids.push(this.idAt(next));
      total++;
    }
    return { ids, total };
  }
}

/** Sets the bits of the positions `positions[start]` … `positions[end - 1]`. */
function setBits(bits: Uint32Array, positions: Int32Array, start: number, end: number): void {
  for (let p = start; p < end; p++) {
    const at = positions[p]!;
    bits[at >>> 5]! |= 1 << (at & 31);
  }
}

/** The positions of `matches` whose bit is set (a typed array's own `filter` is many times slower). */
function inBits(matches: Int32Array, bits: Uint32Array): Int32Array {
  const out = new Int32Array(matches.length);
  let n = 0;
  for (let i = 0; i < matches.length; i++) {
    // Without a branch: each position is written, and kept when its bit is set.
    const p = matches[i]!;
    out[n] = p;
    n += (bits[p >>> 5]! >>> (p & 31)) & 1;
  }
  return out.subarray(0, n);
}

/** The positions in both ascending lists, ascending (a merge). */
function intersectSorted(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      out[n++] = a[i]!;
      i++;
      j++;
    }
  }
  return out.subarray(0, n);
}

/** A batch of products as read: each one's words (indexes into the dictionary) in `words`. */
interface Batch {
  starts: Int32Array;
  words: Int32Array;
}

/**
 * Reads every active product's words and ratings count and builds the index. `stale` is asked
 * between statements: a build whose catalog has changed meanwhile stops (undefined).
 */
export async function buildWordIndex(db: Database, stale: () => boolean = () => false): Promise<WordIndex | undefined> {
  const since = await readChangesSince(db);
  const dictionary = new Map<string, number>();
  const lexemes: string[] = [];
  let counts = new Int32Array(4096);
  const batches: Batch[] = [];
  let ratings = new Int32Array(BATCH);
  let ids = new Uint32Array(BATCH * 4);
  let products = 0;
  let last: string | undefined;
  for (;;) {
    if (stale()) return undefined;
    // A lexeme never holds whitespace (the parser splits words on it), so a space separates them.
    const rows = sqlRows<{ id: string; ratings_count: number | string; words: string | null }>(
      await db.execute(sql`
        select id, ratings_count, array_to_string(tsvector_to_array(search_vector), ' ') as words
          from products
         where is_active ${last === undefined ? sql`` : sql`and id > ${last}`}
         order by id
         limit ${BATCH}`),
    );
    if (rows.length === 0) break;
    const words: number[] = [];
    const starts = new Int32Array(rows.length + 1);
    if (products + rows.length > ratings.length) {
      const grown = new Int32Array(Math.max(ratings.length * 2, products + rows.length));
      grown.set(ratings);
      ratings = grown;
      const grownIds = new Uint32Array(grown.length * 4);
      grownIds.set(ids);
      ids = grownIds;
    }
    rows.forEach((row, r) => {
      const id = row.id.toLowerCase();
      const w = uuidWords(id);
      if (!w) throw new Error(`not a canonical UUID: ${id}`);
      ids.set(w, (products + r) * 4);
      ratings[products + r] = Number(row.ratings_count);
      starts[r] = words.length;
      if (row.words) {
        for (const lexeme of row.words.split(' ')) {
          if (!lexeme) continue;
          let code = dictionary.get(lexeme);
          if (code === undefined) {
            code = lexemes.length;
            lexemes.push(lexeme);
            dictionary.set(lexeme, code);
            if (code >= counts.length) {
              const grown = new Int32Array(counts.length * 2);
              grown.set(counts);
              counts = grown;
            }
          }
          counts[code]!++;
          words.push(code);
        }
      }
    });
    starts[rows.length] = words.length;
    batches.push({ starts, words: Int32Array.from(words) });
    products += rows.length;
    last = rows[rows.length - 1]!.id;
    if (rows.length < BATCH) break;
  }
  if (stale()) return undefined;

  // Positions in popularity order: ratings count (most first), then id (the load order).
  const order = Int32Array.from({ length: products }, (_, i) => i).sort((a, b) => ratings[b]! - ratings[a]! || a - b);
  // Words in code point order, so the words of a prefix are one range.
  const byText = Int32Array.from({ length: lexemes.length }, (_, i) => i).sort((a, b) =>
    lexemes[a]! < lexemes[b]! ? -1 : lexemes[a]! > lexemes[b]! ? 1 : 0,
  );
  const rank = new Int32Array(lexemes.length);
  byText.forEach((code, r) => (rank[code] = r));
  const starts = new Int32Array(lexemes.length + 1);
  for (let code = 0; code < lexemes.length; code++) starts[rank[code]! + 1] = counts[code]!;
  for (let r = 0; r < lexemes.length; r++) starts[r + 1]! += starts[r]!;
  const positions = new Int32Array(starts[lexemes.length]!);
  const next = starts.slice(0, lexemes.length);
  const orderedIds = new Uint32Array(products * 4);
  // Filling the lists position by position leaves each one in ascending order.
  for (let position = 0; position < products; position++) {
    if (position > 0 && position % FILL_SLICE === 0) {
      await nextTurn();
      if (stale()) return undefined;
    }
    const loaded = order[position]!;
    orderedIds.set(ids.subarray(loaded * 4, loaded * 4 + 4), position * 4);
    const batch = batches[Math.floor(loaded / BATCH)]!;
    const local = loaded % BATCH;
    for (let p = batch.starts[local]!, end = batch.starts[local + 1]!; p < end; p++) {
      positions[next[rank[batch.words[p]!]!]!++] = position;
    }
  }
  return new WordIndex(
    Array.from(byText, (code) => lexemes[code]!),
    starts,
    positions,
    orderedIds,
    since,
    Date.now(),
  );
}

/** The word index of one database: built on demand, dropped on a change of everything. */
class DatabaseWordIndex {
  index: WordIndex | undefined;
  private building: Promise<WordIndex | undefined> | undefined;
  /** Bumped by each change of everything: a build begun before it is thrown away. */
  private generation = 0;
  answers = 0;
  /** Builds finished, and checks of an old index that found the catalog unchanged (figures for tests). */
  builds = 0;
  unchanged = 0;
  private checking = false;

  constructor(
    private readonly db: Database,
    /** PostgreSQL: SQL answers while the index builds. The embedded database: a search waits. */
    readonly background: boolean,
  ) {}

  everything(): void {
    this.generation++;
    this.index = undefined;
    this.building = undefined;
  }

  /** Builds the index (one build at a time); `undefined` when the catalog changed meanwhile. */
  build(): Promise<WordIndex | undefined> {
    if (!this.building) {
      const generation = this.generation;
      const building: Promise<WordIndex | undefined> = buildWordIndex(
        this.db,
        () => generation !== this.generation,
      ).then(
        (index) => {
          if (this.building === building) this.building = undefined;
          if (!index || generation !== this.generation) return undefined;
          this.index = index;
          this.builds++;
          return index;
        },
        (error: unknown) => {
          if (this.building === building) this.building = undefined;
          throw error;
        },
      );
      this.building = building;
    }
    return this.building;
  }

  /**
   * Older than the bound: asks whether anything it holds changed since its read, and builds it
   * again (this one answers meanwhile) only if so. One check at a time; a failed one waits as long.
   */
  private check(index: WordIndex): void {
    if (this.checking) return;
    this.checking = true;
    index.checkedAt = Date.now();
    const generation = this.generation;
    (async () => {
      const since = await readChangesSince(this.db);
      if (await wordsChangedSince(this.db, index.since)) {
        await this.build();
      } else if (generation === this.generation && this.index === index) {
        index.since = since;
        this.unchanged++;
      }
    })()
      .catch(() => undefined)
      .finally(() => {
        this.checking = false;
      });
  }

  /** The index to answer with, or undefined while it builds in the background (SQL answers). */
  async ready(): Promise<WordIndex | undefined> {
    const index = this.index;
    if (index) {
      if (Date.now() - index.checkedAt > MAX_AGE_MS) this.check(index);
      return index;
    }
    const building = this.build();
    if (this.background) {
      building.catch(() => undefined);
      return undefined;
    }
    return building.catch(() => undefined);
  }
}

const indexes = new Map<Database, DatabaseWordIndex>();

clearWithPublicReads(() => {
  for (const index of indexes.values()) index.everything();
});

/**
 * Serves `db`'s whole-catalog searches from the word index. `background`: until the index is built,
 * SQL answers (PostgreSQL); otherwise the first search waits for the build (the embedded database,
 * whose single connection would make SQL wait for it anyway).
 */
export function enableWordIndex(db: Database, options: { background: boolean }): void {
  if (!indexes.has(db)) indexes.set(db, new DatabaseWordIndex(db, options.background));
}

export function disableWordIndex(db: Database): void {
  indexes.get(db)?.everything();
  indexes.delete(db);
}

/** The word index of `db`, ready to answer, or undefined (off, or building in the background). */
export async function readyWordIndex(db: Database): Promise<WordIndex | undefined> {
  return indexes.get(db)?.ready();
}

/** Counts a search the word index of `db` answered (`wordIndexFigures`). */
export function wordIndexAnswered(db: Database): void {
  const owner = indexes.get(db);
  if (owner) owner.answers++;
}

/** Builds `db`'s index now (at a server's start, so no search waits); its size when done. */
export async function prewarmWordIndex(db: Database): Promise<{ products: number; words: number } | undefined> {
  const owner = indexes.get(db);
  if (!owner) return undefined;
  const index = owner.index ?? (await owner.build());
  return index && { products: index.products, words: index.wordCount };
}

/** For /metrics and tests: the products and words `db`'s index holds, the searches it answered. */
export function wordIndexFigures(
  db: Database,
): { products: number; words: number; answers: number; builds: number; unchanged: number } | undefined {
  const owner = indexes.get(db);
  if (!owner) return undefined;
  return {
    products: owner.index?.products ?? 0,
    words: owner.index?.wordCount ?? 0,
    answers: owner.answers,
    builds: owner.builds,
    unchanged: owner.unchanged,
  };
}

/**
 * A small seeded PRNG (mulberry32) so the demo catalog is identical on every machine and run:
 * tests and screenshots can rely on the same products, prices and reviews.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** Uniform float in [min, max). */
  float(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  /** Normal distribution (Box–Muller). */
  normal(mean: number, stdDev: number): number;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items in random order (all of them when count ≥ length). */
  sample<T>(items: readonly T[], count: number): T[];
  shuffle<T>(items: readonly T[]): T[];
  /** A random RFC 4122 version-4 shaped UUID, reproducible from the seed. */
  uuid(): string;
  /** An independent stream derived from this seed and a label (stable when other code changes). */
  fork(label: string): Rng;
}

export function createRng(seed: string): Rng {
  return rngFromState(hashString(seed), seed);
}

/** FNV-1a, 32-bit: turns a label into a PRNG state. */
export function hashString(input: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    hash ^= input.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function rngFromState(initial: number, seed: string): Rng {
  let state = initial;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));

  const rng: Rng = {
    next,
    int,
    float: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    normal: (mean, stdDev) => {
      const u = 1 - next();
      const v = next();
      return mean + stdDev * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    pick: (items) => {
      if (items.length === 0) throw new Error('pick() from an empty list');
      return items[int(0, items.length - 1)] as (typeof items)[number];
    },
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]];
      }
      return copy;
    },
    sample: (items, count) => rng.shuffle(items).slice(0, Math.max(0, count)),
    uuid: () => {
      const hex: string[] = [];
      for (let i = 0; i < 16; i++) hex.push(int(0, 255).toString(16).padStart(2, '0'));
      hex[6] = ((parseInt(hex[6] as string, 16) & 0x0f) | 0x40).toString(16).padStart(2, '0');
      hex[8] = ((parseInt(hex[8] as string, 16) & 0x3f) | 0x80).toString(16).padStart(2, '0');
      const h = hex.join('');
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
    fork: (label) => createRng(`${seed}/${label}`),
  };
  return rng;
}

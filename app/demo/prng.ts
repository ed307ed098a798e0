// Small, fast, seeded pseudo-random numbers for the demo data.
//
// sfc32 (Chris Doty-Humphrey's Small Fast Counting generator) passes
// PractRand, has a 2^128 state and needs only 32-bit integer operations, which
// V8 keeps unboxed. Math.random cannot be seeded, and the demo set must be the
// same on every machine. A generator can be re-seeded in place with a
// (seed, stream) pair so that record N can be rebuilt on its own without
// allocating or replaying records 0…N-1.

const GOLDEN = 0x9e3779b9;

/** Cumulative weights prepared once, so each draw is a binary search. */
export class WeightedTable<T> {
  readonly items: readonly T[];
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(items: readonly T[], weights: readonly number[]) {
    if (items.length === 0 || items.length !== weights.length) {
      throw new Error("WeightedTable needs as many weights as items, at least one");
    }
    this.items = items;
    this.cumulative = new Float64Array(weights.length);
    let total = 0;
    for (let i = 0; i < weights.length; i++) {
      const w = weights[i] ?? 0;
      if (!(w >= 0) || !Number.isFinite(w)) throw new Error(`Bad weight ${w} at ${i}`);
      total += w;
      this.cumulative[i] = total;
    }
    if (total <= 0) throw new Error("WeightedTable needs a positive total weight");
    this.total = total;
  }

  /** Item for a uniform number u in [0, 1). */
  at(u: number): T {
    const target = u * this.total;
    const cumulative = this.cumulative;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cumulative[mid] ?? 0) > target) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo] as T;
  }

  /** Share of the total weight carried by item i (for statistics and tests). */
  share(i: number): number {
    const upper = this.cumulative[i] ?? 0;
    const lower = i > 0 ? (this.cumulative[i - 1] ?? 0) : 0;
    return (upper - lower) / this.total;
  }
}

export class Rng {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;
  // Tables built on the fly by weightedPick(items, weights), keyed by the weights array.
  // Created on first use: most generators never need it, and re-seeding is hot.
  private tables: WeakMap<readonly number[], WeightedTable<unknown>> | undefined;

  constructor(seed = 0, stream = 0) {
    this.reseed(seed, stream);
  }

  /** Restarts the sequence; equal (seed, stream) pairs give equal sequences. */
  reseed(seed: number, stream = 0): this {
    const s = seed >>> 0;
    const t = stream >>> 0;
    this.a = mix32(s ^ GOLDEN);
    this.b = mix32(t + GOLDEN);
    this.c = mix32(Math.imul(s, 0x85ebca6b) ^ mix32(t ^ 0x27d4eb2f));
    this.d = 1;
    // The hashed state is already well spread; a few rounds decorrelate
    // neighbouring streams completely.
    for (let i = 0; i < 6; i++) this.uint32();
    return this;
  }

  uint32(): number {
    const a = this.a;
    const b = this.b;
    const c = this.c;
    const d = this.d;
    const t = (((a + b) | 0) + d) | 0;
    this.d = (d + 1) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    const r = (c << 21) | (c >>> 11);
    this.c = (r + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(this.next() * items.length)] as T;
  }

  weightedPick<T>(table: WeightedTable<T>): T;
  weightedPick<T>(items: readonly T[], weights: readonly number[]): T;
  weightedPick<T>(itemsOrTable: readonly T[] | WeightedTable<T>, weights?: readonly number[]): T {
    if (itemsOrTable instanceof WeightedTable) return itemsOrTable.at(this.next());
    if (!weights) throw new Error("weightedPick(items) needs weights");
    this.tables ??= new WeakMap();
    let table = this.tables.get(weights) as WeightedTable<T> | undefined;
    if (!table || table.items !== itemsOrTable) {
      table = new WeightedTable(itemsOrTable, weights);
      this.tables.set(weights, table as WeightedTable<unknown>);
    }
    return table.at(this.next());
  }
}

export function createRng(seed = 0, stream = 0): Rng {
  return new Rng(seed, stream);
}

/** murmur3's 32-bit finaliser: every input bit affects every output bit. */
export function mix32(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

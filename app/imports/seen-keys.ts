/**
 * The source keys a file has shown so far, each with the row it was on, in memory that does not grow with the
 * keys' length: a 64-bit hash of each key in an open-addressing table of typed arrays (12 bytes a slot, at most
 * two thirds full), so 10 million rows take about 200 MB where a Map of the strings took gigabytes (a key cut out
 * of a decoded chunk keeps the whole chunk alive). Two different keys share a hash with a probability of about
 * n²/2⁶⁵ (3 in a million at 10 million rows): such a row would be reported as repeating the other.
 */
/** The largest table made in advance: 2²⁴ slots, 200 MB, room for 11 million keys. */
export const MAX_PRESIZED_SLOTS = 1 << 24;

export class SeenKeys {
  private hi: Uint32Array;
  private lo: Uint32Array;
  /** The row of each slot, 0 for an empty slot (rows count from 1). */
  private rows: Uint32Array;
  private size = 0;

  /**
   * A table for the rows a file is expected to have, so that it need not grow (a growth holds the old table and the
   * new one at once: 300 MB at 10 million rows). Beyond MAX_PRESIZED_SLOTS it grows as the keys come.
   */
  static forRows(expectedRows: number): SeenKeys {
    return new SeenKeys(Math.min(MAX_PRESIZED_SLOTS, Math.ceil(Math.max(0, expectedRows) * 1.5) + 1));
  }

  constructor(capacity = 1 << 16) {
    let slots = 1 << 4;
    while (slots < capacity) slots <<= 1;
    this.hi = new Uint32Array(slots);
    this.lo = new Uint32Array(slots);
    this.rows = new Uint32Array(slots);
  }

  /** Slots in the table now (for tests). */
  get slots(): number {
    return this.rows.length;
  }

  get count(): number {
    return this.size;
  }

  /** Records the key's row; the row it was first on when it was seen before (nothing is recorded then). */
  firstRow(key: string, row: number): number | undefined {
    if (row < 1 || row > 0xffffffff) throw new RangeError(`row ${row}`);
    const [h1, h2] = hash64(key);
    const found = this.probe(h1, h2);
    const earlier = this.rows[found]!;
    if (earlier) return earlier;
    this.hi[found] = h1;
    this.lo[found] = h2;
    this.rows[found] = row;
    this.size++;
    if (this.size * 3 > this.rows.length * 2) this.grow();
    return undefined;
  }

  private probe(h1: number, h2: number): number {
    const mask = this.rows.length - 1;
    for (let i = (h1 ^ h2) & mask; ; i = (i + 1) & mask) {
      if (!this.rows[i] || (this.hi[i] === h1 && this.lo[i] === h2)) return i;
    }
  }

  private grow(): void {
    const { hi, lo, rows } = this;
    this.hi = new Uint32Array(rows.length * 2);
    this.lo = new Uint32Array(rows.length * 2);
    this.rows = new Uint32Array(rows.length * 2);
    for (let i = 0; i < rows.length; i++) {
      if (!rows[i]) continue;
      const at = this.probe(hi[i]!, lo[i]!);
      this.hi[at] = hi[i]!;
      this.lo[at] = lo[i]!;
      this.rows[at] = rows[i]!;
    }
  }
}

/** Two independent 32-bit hashes of a string's UTF-16 code units (murmur3's mixing, two seeds). */
export function hash64(text: string): [number, number] {
  let a = 0x9747b28c;
  let b = 0x85ebca6b ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0xcc9e2d51);
    a = (a << 15) | (a >>> 17);
    a = Math.imul(a, 0x1b873593);
    b = Math.imul(b ^ c, 0x2c1b3c6d);
    b = (b << 13) | (b >>> 19);
    b = Math.imul(b, 0x297a2d39) + 0x6b43a9b5;
  }
  a ^= a >>> 16;
  a = Math.imul(a, 0x85ebca6b);
  a ^= a >>> 13;
  a = Math.imul(a, 0xc2b2ae35);
  a ^= a >>> 16;
  b ^= b >>> 15;
  b = Math.imul(b, 0x2c1b3c6d);
  b ^= b >>> 12;
  b = Math.imul(b, 0x297a2d39);
  b ^= b >>> 15;
  return [a >>> 0, b >>> 0];
}

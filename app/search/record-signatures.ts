/**
 * The name signatures (decision 0046) of the records whose postings wait to be written, by record id. Every
 * posting is written with its record's signature, so it is read once per posting, millions of times an import: a
 * Map<number, number> cost the writing thread more than anything but SQLite. An import's new records have
 * consecutive ids, so they go into an array from the first of them; a record that keeps an older id (an update)
 * goes into a map beside it.
 */
export class RecordSignatures {
  private base = -1;
  private dense = new Float64Array(1 << 12);
  /** 1 + the highest offset set in `dense`: the part clear() must zero. */
  private used = 0;
  private readonly sparse = new Map<number, number>();

  set(recordId: number, signature: number): void {
    if (this.base < 0) this.base = recordId;
    const at = recordId - this.base;
    if (at < 0 || at >= MAX_DENSE) {
      this.sparse.set(recordId, signature);
      return;
    }
    if (at >= this.dense.length) {
      const grown = new Float64Array(Math.min(MAX_DENSE, Math.max(at + 1, this.dense.length * 2)));
      grown.set(this.dense);
      this.dense = grown;
    }
    this.dense[at] = signature;
    if (at >= this.used) this.used = at + 1;
  }

  /** The record's signature, 0 for one never set (no name values). */
  get(recordId: number): number {
    const at = recordId - this.base;
    if (at >= 0 && at < MAX_DENSE) return at < this.used ? this.dense[at]! : 0;
    return this.sparse.get(recordId) ?? 0;
  }

  clear(): void {
    this.dense.fill(0, 0, this.used);
    this.used = 0;
    this.base = -1;
    this.sparse.clear();
  }
}

/** Offsets the array takes (8 bytes each): the records of one write, with room; anything further goes to the map. */
const MAX_DENSE = 1 << 22;

/**
 * A set of small non-negative integers (dictionary ids) as one bit each. An import marks every posting's value as
 * touched, millions of times: a Set<number> spent a good part of the writing thread's time hashing them.
 */
export class IdSet {
  private bits = new Uint32Array(1 << 11);
  private count = 0;

  get size(): number {
    return this.count;
  }

  add(id: number): void {
    const at = id >>> 5;
    if (at >= this.bits.length) {
      const grown = new Uint32Array(Math.max(at + 1, this.bits.length * 2));
      grown.set(this.bits);
      this.bits = grown;
    }
    const bit = 1 << (id & 31);
    const word = this.bits[at]!;
    if (word & bit) return;
    this.bits[at] = word | bit;
    this.count++;
  }

  has(id: number): boolean {
    const at = id >>> 5;
    return at < this.bits.length && (this.bits[at]! & (1 << (id & 31))) !== 0;
  }

  /** The ids, smallest first. */
  toArray(): number[] {
    const out: number[] = [];
    const { bits } = this;
    for (let at = 0; at < bits.length; at++) {
      let word = bits[at]!;
      while (word) {
        const low = word & -word;
        out.push(at * 32 + 31 - Math.clz32(low));
        word ^= low;
      }
    }
    return out;
  }

  clear(): void {
    this.bits.fill(0);
    this.count = 0;
  }
}

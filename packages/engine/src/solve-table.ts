/**
 * A flat open-addressing hash table from non-negative integer keys (< 2^31 - 1) to int32 values: one typed
 * array holding key + 1 and value side by side (one cache line per probe), linear probing, no per-entry
 * allocation. It grows (doubling) at half load.
 */
export class IntTable {
  private slots: Int32Array;
  private mask: number;
  private shift: number;
  private count = 0;
  private highWater = 0;

  constructor(log2Capacity = 16) {
    this.slots = new Int32Array(2 << log2Capacity);
    this.mask = (1 << log2Capacity) - 1;
    this.shift = 32 - log2Capacity;
  }

  get size(): number {
    return this.count;
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.slots.byteLength;
  }

  /** The largest size reached since construction or the last `clear`. */
  get peak(): number {
    return this.highWater;
  }

  /** The value stored under `key`, or `missing`. */
  get(key: number, missing: number): number {
    const slots = this.slots;
    const mask = this.mask;
    const k = key + 1;
    let i = Math.imul(k, 0x9e3779b1) >>> this.shift;
    for (;;) {
      const s = slots[2 * i]!;
      if (s === k) return slots[2 * i + 1]!;
      if (s === 0) return missing;
      i = (i + 1) & mask;
    }
  }

  set(key: number, value: number): void {
    const slots = this.slots;
    const mask = this.mask;
    const k = key + 1;
    let i = Math.imul(k, 0x9e3779b1) >>> this.shift;
    for (;;) {
      const s = slots[2 * i]!;
      if (s === k) {
        slots[2 * i + 1] = value;
        return;
      }
      if (s === 0) break;
      i = (i + 1) & mask;
    }
    slots[2 * i] = k;
    slots[2 * i + 1] = value;
    if (++this.count > this.highWater) this.highWater = this.count;
    if (this.count * 2 > mask) this.grow();
  }

  clear(): void {
    this.slots.fill(0);
    this.count = 0;
  }

  private grow(): void {
    const old = this.slots;
    const slots = new Int32Array(old.length * 2);
    const mask = this.mask * 2 + 1;
    const shift = this.shift - 1;
    for (let j = 0; j < old.length; j += 2) {
      const k = old[j]!;
      if (k === 0) continue;
      let i = Math.imul(k, 0x9e3779b1) >>> shift;
      while (slots[2 * i] !== 0) i = (i + 1) & mask;
      slots[2 * i] = k;
      slots[2 * i + 1] = old[j + 1]!;
    }
    this.slots = slots;
    this.mask = mask;
    this.shift = shift;
  }
}

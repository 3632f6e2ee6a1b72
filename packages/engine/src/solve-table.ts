/**
 * A flat open-addressing hash table from non-negative integer keys (< 2^31) to int32 values: two typed arrays
 * and linear probing, no per-entry allocation. It grows (doubling) at half load.
 */
export class IntTable {
  private _keys: Int32Array;
  private _vals: Int32Array;
  private _mask: number;
  private _shift: number;
  private _size = 0;
  private _peak = 0;

  constructor(log2Capacity = 16) {
    const cap = 1 << log2Capacity;
    this._keys = new Int32Array(cap);
    this._vals = new Int32Array(cap);
    this._mask = cap - 1;
    this._shift = 32 - log2Capacity;
  }

  get size(): number {
    return this._size;
  }

  /** Bytes held by the arrays now. */
  get bytes(): number {
    return this._keys.byteLength + this._vals.byteLength;
  }

  /** The largest size reached since construction or the last `clear`. */
  get peak(): number {
    return this._peak;
  }

  /** The value stored under `key`, or `missing`. */
  get(key: number, missing: number): number {
    const keys = this._keys;
    const mask = this._mask;
    const k = key + 1;
    let i = Math.imul(k, 0x9e3779b1) >>> this._shift;
    for (;;) {
      const s = keys[i]!;
      if (s === k) return this._vals[i]!;
      if (s === 0) return missing;
      i = (i + 1) & mask;
    }
  }

  set(key: number, value: number): void {
    const keys = this._keys;
    const mask = this._mask;
    const k = key + 1;
    let i = Math.imul(k, 0x9e3779b1) >>> this._shift;
    for (;;) {
      const s = keys[i]!;
      if (s === k) {
        this._vals[i] = value;
        return;
      }
      if (s === 0) break;
      i = (i + 1) & mask;
    }
    keys[i] = k;
    this._vals[i] = value;
    if (++this._size > this._peak) this._peak = this._size;
    if (this._size * 2 > mask) this._grow();
  }

  clear(): void {
    this._keys.fill(0);
    this._size = 0;
  }

  private _grow(): void {
    const oldKeys = this._keys;
    const oldVals = this._vals;
    const cap = oldKeys.length * 2;
    const keys = new Int32Array(cap);
    const vals = new Int32Array(cap);
    const mask = cap - 1;
    const shift = this._shift - 1;
    for (let j = 0; j < oldKeys.length; j++) {
      const k = oldKeys[j]!;
      if (k === 0) continue;
      let i = Math.imul(k, 0x9e3779b1) >>> shift;
      while (keys[i] !== 0) i = (i + 1) & mask;
      keys[i] = k;
      vals[i] = oldVals[j]!;
    }
    this._keys = keys;
    this._vals = vals;
    this._mask = mask;
    this._shift = shift;
  }
}

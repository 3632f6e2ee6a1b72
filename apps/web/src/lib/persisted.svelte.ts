/**
 * The one way the app reaches localStorage. A value kept there is a `Persisted`: reactive (`$state.raw`, replaced,
 * never mutated), parsed and checked on the way in, written on every assignment. Storage that is missing or full
 * (private mode, quota) degrades to memory, so the game still plays. Tests pass a `memoryStore()`.
 */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryStore(): KeyValueStore {
  // Not reactive on purpose: Persisted holds the reactive copy.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

let fallback: KeyValueStore | undefined;

/** The browser's localStorage when it works, else one shared in-memory store. */
export function browserStore(): KeyValueStore {
  try {
    const ls = globalThis.localStorage;
    if (ls) {
      const probe = '__golf_probe__';
      ls.setItem(probe, '1');
      ls.removeItem(probe);
      return ls;
    }
  } catch {
    // fall through to memory
  }
  return (fallback ??= memoryStore());
}

/** Turns untrusted parsed JSON into a T, or undefined when it does not fit. */
export type Parser<T> = (raw: unknown) => T | undefined;

export class Persisted<T> {
  readonly key: string;
  readonly #initial: T;
  readonly #store: KeyValueStore;
  #value: T = $state.raw() as T;

  constructor(key: string, initial: T, parse: Parser<T>, store: KeyValueStore = browserStore()) {
    this.key = key;
    this.#initial = initial;
    this.#store = store;
    let loaded: T | undefined;
    try {
      const text = store.getItem(key);
      if (text !== null) loaded = parse(JSON.parse(text));
    } catch {
      loaded = undefined;
    }
    this.#value = loaded ?? initial;
  }

  get value(): T {
    return this.#value;
  }

  set value(next: T) {
    this.#value = next;
    try {
      this.#store.setItem(this.key, JSON.stringify(next));
    } catch {
      // Quota or privacy mode: keep playing from memory.
    }
  }

  /** Back to the initial value, and nothing kept in storage. */
  clear(): void {
    this.#value = this.#initial;
    try {
      this.#store.removeItem(this.key);
    } catch {
      // ignore
    }
  }
}

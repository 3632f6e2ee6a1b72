import { Persisted, browserStore, type KeyValueStore } from '../persisted.svelte.ts';

/** UI preferences, kept apart from game state. */
export interface Prefs {
  /** Draw by itself when no column plays. */
  readonly autoDraw: boolean;
}

const parsePrefs = (raw: unknown): Prefs | undefined =>
  typeof raw === 'object' && raw !== null
    ? { autoDraw: (raw as Record<string, unknown>).autoDraw === true }
    : undefined;

export const createPrefs = (store: KeyValueStore = browserStore()): Persisted<Prefs> =>
  new Persisted<Prefs>('golf.prefs.v1', { autoDraw: false }, parsePrefs, store);

/**
 * Answers kept at the edge: Cloudflare's Workers cache (src/adapters/workers-cache.ts) in the Worker, nothing in
 * tests. Only public answers are kept (no token, nothing personal), under a key made from the route.
 * A closed day's course never changes, so it is kept for a year; its final standings name players, whose names can
 * change (a rename, a deletion), so they are kept {@link NAMES_MAX_AGE} seconds; the open day's standings
 * {@link OPEN_STANDINGS_MAX_AGE} seconds (docs/scale.md).
 */
export interface EdgeCache {
  get<T>(key: string): Promise<T | undefined>;
  put(key: string, value: unknown, maxAgeSeconds: number): Promise<void>;
}

export const OPEN_STANDINGS_MAX_AGE = 5;
/** A closed day's answers while its fair-play audit runs (a flagged round leaves the ranking). */
export const AUDITING_MAX_AGE = 30;
export const IMMUTABLE_MAX_AGE = 31_536_000;
/**
 * The longest an answer that names players is kept, at the edge or by a browser: names are read from the players'
 * rows only, so a rename or a deleted player shows everywhere within this time, closed days included.
 */
export const NAMES_MAX_AGE = 300;

/** A cache that keeps nothing (tests, and anywhere without the Workers cache). */
export const noCache: EdgeCache = {
  get: async () => undefined,
  put: async () => undefined,
};

/** The cached value of `key`, or `compute()`'s, kept for `maxAge(value)` seconds (after the response). */
export async function cached<T>(
  cache: EdgeCache,
  defer: (work: Promise<unknown>) => void,
  key: string,
  compute: () => Promise<T>,
  maxAge: (value: T) => number,
): Promise<T> {
  const hit = await cache.get<T>(key);
  if (hit !== undefined) return hit;
  const value = await compute();
  const seconds = maxAge(value);
  if (seconds > 0) defer(cache.put(key, value, seconds));
  return value;
}

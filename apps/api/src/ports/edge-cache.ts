/**
 * Answers kept at the edge: Cloudflare's Workers cache (src/adapters/workers-cache.ts) in the Worker, nothing in
 * tests. Only public answers are kept (no token, nothing personal), under a key made from the route.
 * A closed day's course and final standings never change, so they are kept for a year; the open day's standings
 * for {@link OPEN_STANDINGS_MAX_AGE} seconds (docs/scale.md).
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
 * The longest any answer that carries names is kept, here or by a client: names are read from the players' rows
 * only, so a name hidden, restored or renamed, or a deleted player, shows everywhere within this many seconds,
 * closed days included (a final day's standings keep their rows for a year and their names for this long:
 * services/standings.ts).
 */
export const NAME_MAX_AGE = 60;

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

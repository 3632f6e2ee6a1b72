/**
 * Token buckets keyed by purpose and client address, or purpose and player (src/services/rate-limit.ts is the one
 * limiter): `purpose/key`. Times are milliseconds since the epoch.
 */
export interface RateLimitStore {
  /**
   * Takes one token from a bucket (refilling one per `refillMs`); false when it is empty. The bucket keeps the time
   * it will be full again.
   */
  takeFromBucket(key: string, now: number, capacity: number, refillMs: number): Promise<boolean>;
  /**
   * Deletes at most `limit` buckets full again at `now` (oldest first), which a missing bucket stands for exactly:
   * the cron's housekeeping. Answers how many went.
   */
  deleteRefilled(now: number, limit: number): Promise<number>;
}

/** The purpose of the per-player bucket of data exports (its key: `export/<player id>`). */
export const EXPORT_BUCKET = 'export';

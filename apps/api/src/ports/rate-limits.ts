/** Token buckets keyed by purpose and client address (src/services/rate-limit.ts is the one limiter). Times are milliseconds since the epoch. */
export interface RateLimitStore {
  /** Takes one token from a bucket (refilling one per `refillMs`); false when it is empty. */
  takeFromBucket(key: string, now: number, capacity: number, refillMs: number): Promise<boolean>;
}

import type { RateLimitStore } from '../../ports/rate-limits.ts';
import { D1Store } from './statements.ts';

export class D1RateLimitStore extends D1Store implements RateLimitStore {
  async takeFromBucket(key: string, now: number, capacity: number, refillMs: number): Promise<boolean> {
    // One statement: refill by elapsed time, then take a token only if one is there; note when the bucket will be
    // full again (the SET expressions read the row as it was).
    const result = await this.sql
      .write(
        `INSERT INTO rate_limits (key, tokens, updated_at, full_at) VALUES (?1, ?2 - 1, ?3, ?3 + ?4)
       ON CONFLICT (key) DO UPDATE
         SET tokens = min(?2, tokens + max(0, ?3 - updated_at) * 1.0 / ?4) - 1, updated_at = max(updated_at, ?3),
           full_at = max(updated_at, ?3) + (?2 - (min(?2, tokens + max(0, ?3 - updated_at) * 1.0 / ?4) - 1)) * ?4
         WHERE min(?2, tokens + max(0, ?3 - updated_at) * 1.0 / ?4) >= 1
       RETURNING key`,
        key,
        capacity,
        now,
        refillMs,
      )
      .run();
    return result.results.length === 1;
  }
  async deleteRefilled(now: number, limit: number): Promise<number> {
    const result = await this.sql
      .write(
        `DELETE FROM rate_limits WHERE key IN (
           SELECT key FROM rate_limits WHERE full_at <= ? ORDER BY full_at LIMIT ?)`,
        now,
        limit,
      )
      .run();
    return result.meta.changes;
  }
}

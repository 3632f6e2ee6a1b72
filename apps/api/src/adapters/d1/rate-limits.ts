import type { RateLimitStore } from '../../ports/rate-limits.ts';
import { D1Store } from './statements.ts';

export class D1RateLimitStore extends D1Store implements RateLimitStore {
  async takeFromBucket(key: string, now: number, capacity: number, refillMs: number): Promise<boolean> {
    // One statement: refill by elapsed time, then take a token only if one is there.
    const result = await this.sql
      .write(
        `INSERT INTO rate_limits (key, tokens, updated_at) VALUES (?1, ?2 - 1, ?3)
       ON CONFLICT (key) DO UPDATE
         SET tokens = min(?2, tokens + max(0, ?3 - updated_at) * 1.0 / ?4) - 1, updated_at = max(updated_at, ?3)
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
  async deleteRefilled(purpose: string, before: number, limit: number): Promise<number> {
    // The oldest first through the index on the time; the purpose is a key prefix (`/` sorts just before `0`).
    const result = await this.sql
      .write(
        `DELETE FROM rate_limits WHERE key IN (
           SELECT key FROM rate_limits WHERE updated_at <= ?3 AND key >= ?1 AND key < ?2
           ORDER BY updated_at LIMIT ?4)`,
        `${purpose}/`,
        `${purpose}0`,
        before,
        limit,
      )
      .run();
    return result.meta.changes;
  }
}

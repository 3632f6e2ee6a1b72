import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ReplayView } from '../src/index.ts';
import { ARCHIVE_ROUNDS } from '../src/services/archive.ts';
import { PAGE_ROUNDS } from '../src/services/audit-queue.ts';
import { WorkMeter } from '../bench/work-meter.ts';
import { noCache } from '../src/ports/edge-cache.ts';
import { testAuditor, testClient } from './helpers.ts';

const DATE = '2026-03-10';
// More than the most rows a statement may touch (1,100, below), so a statement whose work grew with the day would
// fail: three pages of the audit queue (PAGE_ROUNDS) and eight archive objects (ARCHIVE_ROUNDS).
const N = 1_500;

/** N finished rounds of DATE written straight into D1 (the triggers count them), each with its own logs. */
async function seedDay(): Promise<void> {
  const series = `WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ${N})`;
  const id = `printf('close-%05d', i)`;
  await env.DB.batch([
    env.DB.prepare(`INSERT INTO players (id, name, created_at) ${series} SELECT ${id}, 'P' || i, 0 FROM k`),
    env.DB.prepare(`INSERT INTO attempts (player_id, date) ${series} SELECT ${id}, '${DATE}' FROM k`),
    env.DB.prepare(
      `INSERT INTO round_evidence (date, player_id, started_at, ip_hash, logs, times) ${series}
       SELECT '${DATE}', ${id}, i, 'x', json_array('log-' || i, 'd', 'd', 'd', 'd', 'd', 'd', 'd', 'd'), '/' || (i + 1000) FROM k`,
    ),
    env.DB.prepare(
      `UPDATE attempts SET total = (CAST(substr(player_id, 7) AS INTEGER) * 7919) % 90, strokes = '[1,1,1,1,1,1,1,1,1]',
         finished_at = CAST(substr(player_id, 7) AS INTEGER) * 1000
       WHERE date = '${DATE}'`,
    ),
  ]);
}

describe('the close of a day', () => {
  it(
    'reads and writes at most about a thousand rows per statement, audits every round once and archives them all',
    // A guard against a hang, not a speed check (1,500 rounds take 25 s on a quiet machine, minutes on a loaded one).
    { timeout: 300_000 },
    async () => {
      await seedDay();
      // D1's work counted on the bindings the app's ports are built on, the queue's consumer included.
      const meter = new WorkMeter();
      const client = testClient('2026-03-11T00:05:00.000Z', noCache, testAuditor(), undefined, (e) =>
        meter.env(e),
      );
      const replayOf = async (i: number) =>
        (
          await client.call<ReplayView>(
            'GET',
            `/api/daily/${DATE}/replays/close-${String(i).padStart(5, '0')}`,
          )
        ).body;
      const sample = [1, 1234, N];
      const before = await Promise.all(sample.map(replayOf));
      meter.resetRowMaxima();
      const run = await client.app.request(
        '/api/dev/scheduled',
        { method: 'POST' },
        { ...env, LOCAL_DEV: '1' },
      );
      const job = (await run.json()) as { audit: unknown };
      expect(job.audit).toEqual({ rounds: N, audited: N, flagged: 0, complete: true });
      // Pages of the standings are PAGE_ROUNDS keys, each with its verdict looked up; archive objects
      // ARCHIVE_ROUNDS rounds: no statement's work grows with the day.
      expect(meter.counts.maxRowsRead).toBeLessThanOrEqual(1_100);
      expect(meter.counts.maxRowsWritten).toBeLessThanOrEqual(1_100);
      expect(meter.counts.maxRowsRead).toBeGreaterThanOrEqual(PAGE_ROUNDS);

      const left = await env.DB.prepare(
        `SELECT (SELECT count(*) FROM round_evidence WHERE date = ?1) AS evidence,
           (SELECT count(*) FROM audits WHERE date = ?1) AS verdicts,
           (SELECT count(*) FROM archive_packs WHERE date = ?1) AS packs,
           (SELECT sum(rounds) FROM archive_packs WHERE date = ?1) AS archived,
           (SELECT archived_at IS NOT NULL FROM day_audits WHERE date = ?1) AS done`,
      )
        .bind(DATE)
        .first();
      expect(left).toEqual({
        evidence: 0,
        verdicts: 0,
        packs: Math.ceil(N / ARCHIVE_ROUNDS),
        archived: N,
        done: 1,
      });
      const archive = await client.app.request('/api/dev/archive', {}, { ...env, LOCAL_DEV: '1' });
      expect(await archive.json()).toMatchObject({ objects: Math.ceil(N / ARCHIVE_ROUNDS) });
      // A round's replay now comes from R2: the same answer as from D1.
      expect(await Promise.all(sample.map(replayOf))).toEqual(before);
      expect(before[1]!.holes.map((h) => h.log)).toEqual([
        'log-1234',
        'd',
        'd',
        'd',
        'd',
        'd',
        'd',
        'd',
        'd',
      ]);
    },
  );
});

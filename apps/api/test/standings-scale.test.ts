import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { WorkMeter } from '../bench/work-meter.ts';
import type { StandingsView } from '../src/index.ts';
import { noCache } from '../src/ports/edge-cache.ts';
import { testAuditor, testClient } from './helpers.ts';

const DATE = '2026-04-01';
const N = 100_000;
const totalOf = (i: number) => ((i * 7919) % 120) - 20;

describe('standings at scale', () => {
  it(
    'answers any page of a day with 100,000 finishers right, reading a slice of the day, never all of it',
    { timeout: 120_000 },
    async () => {
      const series = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${N})`;
      await env.DB.prepare(
        `INSERT INTO players (id, name, created_at) ${series} SELECT 'scale-' || i, 'Player ' || i, 0 FROM n`,
      ).run();
      await env.DB.prepare(
        `INSERT INTO attempts (date, player_id) ${series} SELECT '${DATE}', 'scale-' || i FROM n`,
      ).run();
      // Finishing fires the trigger that keeps the distribution, as a real finish does.
      await env.DB.prepare(
        `UPDATE attempts SET total = ((CAST(substr(player_id, 7) AS INTEGER) * 7919) % 120) - 20,
         strokes = '[1,2,3,4,5,6,7,8,9]', finished_at = CAST(substr(player_id, 7) AS INTEGER) * 1000
       WHERE date = '${DATE}'`,
      ).run();

      const meter = new WorkMeter();
      const client = testClient(undefined, noCache, testAuditor(), undefined, (e) => meter.env(e));
      const rows: Record<string, number> = {};
      const page = async (label: string, query: string) => {
        meter.resetRowMaxima();
        const { body } = await client.call<StandingsView>('GET', `/api/daily/${DATE}/standings${query}`);
        rows[label] = meter.counts.maxRowsRead;
        return body;
      };
      const first = await page('first page', '?limit=50');
      const middle = await page('offset 50,000', '?limit=100&offset=50000');
      const last = await page('last page', `?limit=50&offset=${N - 50}`);
      console.log(`standings with ${N} finishers, most rows one statement read:`, JSON.stringify(rows));

      // The figures are right: ranks are 1 + the number of lower totals.
      const totals = Array.from({ length: N }, (_, i) => totalOf(i + 1)).sort((a, b) => a - b);
      const below = (t: number) => totals.findIndex((x) => x >= t);
      expect(first.players).toBe(N);
      expect(first.entries[0]!.rank).toBe(1);
      for (const page of [first, middle, last])
        for (const e of page.entries) expect(e.rank).toBe(below(e.total) + 1);
      expect(last.entries.at(-1)!.total).toBe(totals.at(-1));
      expect(first.distribution.reduce((n, d) => n + d.count, 0)).toBe(N);
      // Each page reads a slice of the day, never the day: no statement reads 2% of its rows (a scan reads them all).
      for (const n of Object.values(rows)) expect(n).toBeLessThan(N / 50);
    },
  );
});

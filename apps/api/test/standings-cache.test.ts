import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { cloudflarePorts } from '../src/deps.ts';
import type { ReadFrom } from '../src/ports/ledger-session.ts';
import type { EdgeCache } from '../src/ports/edge-cache.ts';
import type { StandingsView } from '../src/index.ts';
import { callerOf, errorCode, playCourse, quickPerfect, testAuditor, testClient } from './helpers.ts';

/** An open day of 250 ranked finishers, seeded straight into D1 (the triggers keep the day's counts). */
const DATE = '2026-05-20';
const NOON = `${DATE}T12:00:00.000Z`;
const FINISHERS = 250;
const totalOf = (i: number) => ((i * 37) % 90) - 10;

/** The standings by their documented rules alone: total ascending, the earlier finish first; rank 1 + lower totals. */
const expected = Array.from({ length: FINISHERS }, (_, n) => ({
  id: `cache-${n + 1}`,
  total: totalOf(n + 1),
  at: n + 1,
}))
  .sort((a, b) => a.total - b.total || a.at - b.at)
  .map((p, _, all) => ({ playerId: p.id, rank: 1 + all.filter((q) => q.total < p.total).length }));

beforeAll(async () => {
  const series = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${FINISHERS})`;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO players (id, name, created_at) ${series} SELECT 'cache-' || i, 'P' || i, 0 FROM n`,
    ),
    env.DB.prepare(`INSERT INTO attempts (date, player_id) ${series} SELECT '${DATE}', 'cache-' || i FROM n`),
    env.DB.prepare(
      `UPDATE attempts SET total = ((CAST(substr(player_id, 7) AS INTEGER) * 37) % 90) - 10,
       strokes = '[1,1,1,1,1,1,1,1,1]', finished_at = CAST(substr(player_id, 7) AS INTEGER)
       WHERE date = '${DATE}'`,
    ),
  ]);
});

/** A cache that keeps everything it is given (expiry is not what these tests are about) and lists its keys. */
function keepingCache() {
  const kept = new Map<string, unknown>();
  const cache: EdgeCache = {
    get: async <T>(key: string) => kept.get(key) as T | undefined,
    put: async (key, value) => void kept.set(key, value),
  };
  return { cache, kept };
}

/** An app on the test D1 that records where each ledger session it opens starts reading. */
function sessionsApp(at: string, cache: EdgeCache) {
  const opened: ReadFrom[] = [];
  let now = new Date(at);
  const app = createApp({
    now: () => now,
    perfect: quickPerfect,
    auditor: testAuditor(),
    cache: () => cache,
    ports: (bindings) => {
      const ports = cloudflarePorts(bindings);
      return {
        ...ports,
        session: (from, date) => {
          opened.push(from);
          return ports.session(from, date);
        },
      };
    },
  });
  return { app, call: callerOf(app, env), opened, setNow: (t: string) => (now = new Date(t)) };
}

const queryText = fc.oneof(
  fc.integer({ min: -5, max: 10_000_100 }).map(String),
  fc.constantFrom(
    '',
    '0',
    '1',
    '100',
    '101',
    '050',
    '1e2',
    '0x10',
    ' 5',
    '5 ',
    '9999999',
    '10000000',
    '-0',
    '٣',
  ),
  fc.string({ maxLength: 12 }),
);

describe('standings that hold a crowd', () => {
  it('answers any limit and offset with a page or a 400, never a 5xx, from a bounded set of cache keys', async () => {
    const { cache, kept } = keepingCache();
    const client = testClient(NOON, cache);
    await fc.assert(
      fc.asyncProperty(
        fc.option(queryText, { nil: undefined }),
        fc.option(queryText, { nil: undefined }),
        async (limit, offset) => {
          const params = new URLSearchParams();
          if (limit !== undefined) params.set('limit', limit);
          if (offset !== undefined) params.set('offset', offset);
          const r = await client.call<StandingsView>('GET', `/api/daily/${DATE}/standings?${params}`);
          if (r.status === 400) {
            expect(errorCode(r)).toBe('ERR_VALIDATION');
            return;
          }
          expect(r.status).toBe(200);
          const n = limit === undefined ? 50 : Number(limit);
          const from = offset === undefined ? 0 : Number(offset);
          expect(r.body.players).toBe(FINISHERS);
          expect(r.body.entries.map((e) => ({ playerId: e.playerId, rank: e.rank }))).toEqual(
            expected.slice(from, from + n),
          );
        },
      ),
      { numRuns: 300 },
    );
    // Whatever was asked, the edge kept at most one block per 100 finishers.
    expect([...kept.keys()].sort()).toEqual(
      [0, 1, 2].map((k) => `standings/${DATE}/block/${k}`).filter((key) => kept.has(key)),
    );
    expect(kept.size).toBeLessThanOrEqual(Math.ceil(FINISHERS / 100));
  });

  it('cuts every valid page from the blocks exactly as the standings rank it', async () => {
    const { cache } = keepingCache();
    const client = testClient(NOON, cache);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 400 }),
        async (limit, offset) => {
          const r = await client.call<StandingsView>(
            'GET',
            `/api/daily/${DATE}/standings?limit=${limit}&offset=${offset}`,
          );
          expect(r.status).toBe(200);
          expect(r.body.entries.map((e) => ({ playerId: e.playerId, rank: e.rank }))).toEqual(
            expected.slice(offset, offset + limit),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reads a public miss from any replica, a hit from nothing, a fresh finisher’s page at their own write', async () => {
    const { cache } = keepingCache();
    const day = '2026-06-20';
    const { call, opened, setNow } = sessionsApp(`${day}T08:00:00.000Z`, cache);
    const first = await call<StandingsView>('GET', `/api/daily/${day}/standings`);
    expect(first.status).toBe(200);
    expect(opened).toEqual(['any']);
    await call('GET', `/api/daily/${day}/standings?limit=20&offset=7`);
    expect(opened).toEqual(['any']);

    // A player finishes well after the kept answer was read: it does not list them.
    const client = testClient(`${day}T09:00:00.000Z`);
    const player = await client.player('Fresh');
    await playCourse(client, day, player.token);
    // Ten seconds later (past the 5 s rule), the kept answer is older than their finish: they still read their
    // own write, at the bookmark of their finish (not the primary), and see their row.
    setNow(`${day}T09:00:10.000Z`);
    opened.length = 0;
    const own = await call<StandingsView>('GET', `/api/daily/${day}/standings`, { token: player.token });
    expect(own.status).toBe(200);
    expect(own.body.me?.rank).toBe(1);
    expect(own.body.entries.map((e) => e.playerId)).toEqual([player.id]);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ bookmark: expect.any(String) });
    // Everyone else is still served the kept answer.
    expect((await call<StandingsView>('GET', `/api/daily/${day}/standings`)).body.players).toBe(0);
  });
});

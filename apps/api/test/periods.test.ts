import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../src/app.ts';
import { dayDatabasesOf } from '../src/config.ts';
import type { Env } from '../src/env.ts';
import { errorCode, playCourse, quickPerfect, testClient } from './helpers.ts';
import { dayDb, seedPlayer, seedRound, testLedger } from './seed.ts';

// vitest.config.ts splits the days: DB until 2026-06-15, DAYS_A from 2026-06-16, DAYS_B from 2026-07-06, DAYS_C
// from 2031-03-20.
const count = async (db: D1Database, date: string, playerId: string) =>
  (
    await db
      .prepare('SELECT count(*) AS n FROM attempts WHERE date = ? AND player_id = ?')
      .bind(date, playerId)
      .first<{ n: number }>()
  )?.n;

describe("the ledger's days split over databases by period", () => {
  it("writes a round played through the API to its date's database only, and reads it back from there", async () => {
    for (const [date, db, others] of [
      ['2026-06-15', env.DB, [env.DAYS_A, env.DAYS_B]],
      ['2026-07-06', env.DAYS_B, [env.DB, env.DAYS_A]],
    ] as const) {
      const client = testClient(`${date}T12:00:00.000Z`);
      const player = await client.player('Periodic');
      await playCourse(client, date, player.token);
      expect(await count(db, date, player.id)).toBe(1);
      for (const other of others) expect(await count(other, date, player.id)).toBe(0);
      // Players live in DB alone (a day database has no such table); the standings name them from there.
      await expect(env.DAYS_B.prepare('SELECT 1 FROM players').all()).rejects.toThrow(/no such table/);
      const standings = await client.call<{ entries: { playerId: string; name: string }[] }>(
        'GET',
        `/api/daily/${date}/standings`,
      );
      expect(standings.body.entries).toContainEqual(
        expect.objectContaining({ playerId: player.id, name: 'Periodic' }),
      );
    }
  });

  it("gives a day database the day tables exactly as DB's migrations leave them, but for the references to DB", async () => {
    // migrations-days/ repeats the day tables' schema (migrations are history and cannot be shared): this holds the
    // two to one schema, so a migration that changes a day table must change the day databases too.
    const schema = async (db: D1Database, tables: readonly string[]) => {
      const out: Record<string, unknown> = {};
      for (const t of tables) {
        out[`${t} columns`] = (await db.prepare(`PRAGMA table_info("${t}")`).all()).results;
        out[`${t} indexes`] = (await db.prepare(`PRAGMA index_list("${t}")`).all()).results;
        out[`${t} sql`] = (
          await db
            .prepare(
              "SELECT type, name, sql FROM sqlite_master WHERE tbl_name = ? AND type IN ('index', 'trigger') ORDER BY name",
            )
            .bind(t)
            .all<{ type: string; name: string; sql: string | null }>()
        ).results.map((r) => ({ ...r, sql: r.sql?.replace(/\s+/g, ' ') ?? null }));
      }
      return out;
    };
    const tables = (
      await env.DAYS_A.prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%' ORDER BY name",
      ).all<{ name: string }>()
    ).results.map((r) => r.name);
    expect(tables).toEqual([
      'archive_packs',
      'attempts',
      'audit_late',
      'audits',
      'day_audits',
      'day_hole_strokes',
      'day_stats',
      'day_totals',
      'round_evidence',
    ]);
    expect(await schema(env.DAYS_A, tables)).toEqual(await schema(env.DB, tables));
    // The one difference: no reference from a day database's rounds to DB's players.
    expect((await env.DB.prepare('PRAGMA foreign_key_list(attempts)').all()).results).toHaveLength(1);
    expect((await env.DAYS_A.prepare('PRAGMA foreign_key_list(attempts)').all()).results).toHaveLength(0);
  });

  it("pages a player's history across periods as one list, newest first", async () => {
    const dates = [
      '2026-06-14',
      '2026-06-15',
      '2026-06-16',
      '2026-07-05',
      '2026-07-06',
      '2031-03-19',
      '2031-03-20',
      '2031-03-21',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(dates),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 9 }),
        async (played, limit, offset) => {
          const id = await seedPlayer();
          for (const [i, date] of played.entries()) await seedRound(id, date, 40 + i);
          const ledger = testLedger();
          const page = await ledger.rounds.historyPage(id, limit, offset);
          const newestFirst = [...played].sort().reverse();
          expect(page.map((r) => r.date)).toEqual(newestFirst.slice(offset, offset + limit));
          expect((await ledger.rounds.playerRounds(id)).map((r) => r.date)).toEqual([...played].sort());
        },
      ),
      { numRuns: 25 },
    );
  });

  it('ranks a season that spans a boundary from both databases', async () => {
    const ids = [await seedPlayer('P'), await seedPlayer('Q')];
    const league = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO leagues (id, name, code, created_by, created_at) VALUES (?, 'L', ?, ?, 0)",
      ).bind(league, league.slice(0, 8), ids[0]),
      ...ids.map((id) =>
        env.DB.prepare('INSERT INTO league_members (league_id, player_id, joined_at) VALUES (?, ?, 0)').bind(
          league,
          id,
        ),
      ),
    ]);
    // P: 50 before the boundary, 40 and 45 after; Q: 30 before it only; a flagged round and one outside count not.
    await seedRound(ids[0]!, '2031-03-18', 50);
    await seedRound(ids[0]!, '2031-03-20', 40);
    await seedRound(ids[0]!, '2031-03-22', 45);
    await seedRound(ids[0]!, '2031-03-21', 10, { review: true });
    await seedRound(ids[1]!, '2031-03-19', 30);
    await seedRound(ids[1]!, '2031-03-24', 5);
    expect(await count(env.DAYS_B, '2031-03-18', ids[0]!)).toBe(1);
    expect(await count(env.DAYS_C, '2031-03-20', ids[0]!)).toBe(1);
    const season = await testLedger().leagues.leagueSeason(league, '2031-03-17', '2031-03-23', 2);
    expect(season).toEqual(
      [
        { playerId: ids[0], name: 'P', standIn: null, rounds: 3, counted: 2, total: 85 },
        { playerId: ids[1], name: 'Q', standIn: null, rounds: 1, counted: 1, total: 30 },
      ].sort((a, b) => (a.playerId! < b.playerId! ? -1 : 1)),
    );
  });

  it("finds the audits still to watch in every period's database, newest first", async () => {
    const ledger = testLedger();
    for (const date of ['2026-06-10', '2026-06-20', '2026-07-10']) await ledger.audits.startDayAudit(date, 0);
    await seedRound(await seedPlayer(), '2026-07-11', 40);
    await ledger.audits.startDayAudit('2026-07-11', 0);
    expect(
      await dayDb('2026-06-20').prepare('SELECT date FROM day_audits').all<{ date: string }>(),
    ).toMatchObject({ results: [{ date: '2026-06-20' }] });
    // Days without rounds finish at once but still await their archive: all four are unfinished.
    expect((await ledger.audits.unfinishedDays(3)).map((d) => d.date)).toEqual([
      '2026-07-11',
      '2026-07-10',
      '2026-06-20',
    ]);
  });

  it.each([
    ['not JSON', '[{'],
    ['not a list', '{"from":"2026-06-16","binding":"DAYS_A"}'],
    ['a bad date', '[{"from":"2026-02-30","binding":"DAYS_A"}]'],
    ['DB itself', '[{"from":"2026-06-16","binding":"DB"}]'],
    ['a binding that is not there', '[{"from":"2026-06-16","binding":"DAYS_Z"}]'],
    ['a binding that is not D1', '[{"from":"2026-06-16","binding":"ARCHIVE"}]'],
    [
      'a repeated binding',
      '[{"from":"2026-06-16","binding":"DAYS_A"},{"from":"2026-07-01","binding":"DAYS_A"}]',
    ],
    [
      'dates that do not increase',
      '[{"from":"2026-07-16","binding":"DAYS_A"},{"from":"2026-07-01","binding":"DAYS_B"}]',
    ],
  ])('refuses DAY_DATABASES with %s: 503 ERR_UNAVAILABLE and a logged reason', async (_what, value) => {
    const bindings = { ...env, DAY_DATABASES: value } as unknown as Env;
    expect(typeof dayDatabasesOf(bindings)).toBe('string');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = createApp({ now: () => new Date('2026-06-20T12:00:00.000Z'), perfect: quickPerfect });
    const r = await app.request('/api/daily/2026-06-20/standings', {}, bindings);
    expect(r.status).toBe(503);
    expect(errorCode({ status: r.status, body: await r.json(), headers: r.headers })).toBe('ERR_UNAVAILABLE');
    expect(log.mock.calls.flat().join(' ')).toContain('DAY_DATABASES');
    log.mockRestore();
  });

  it('takes the periods as the JSON text wrangler passes or as a list', () => {
    const list = [
      { from: '2026-06-16', binding: 'DAYS_A' },
      { from: '2026-07-06', binding: 'DAYS_B' },
    ];
    const base = env as unknown as Env;
    expect(dayDatabasesOf({ ...base, DAY_DATABASES: JSON.stringify(list) })).toEqual(list);
    expect(dayDatabasesOf({ ...base, DAY_DATABASES: list })).toEqual(list);
    expect(dayDatabasesOf({ ...base, DAY_DATABASES: undefined })).toEqual([]);
  });
});

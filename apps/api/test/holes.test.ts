import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../src/errors.ts';
import type { CourseView, DayHolesView } from '../src/index.ts';
import { errorCode, playCourse, testAuditor, testClient } from './helpers.ts';
import { dayDb } from './seed.ts';

/**
 * Writes finished rounds with chosen strokes straight into D1 (the triggers keep the day's counters), each hole's
 * log a distinct stand-in the test auditor can flag.
 */
async function seedRounds(date: string, rounds: readonly (readonly number[])[]) {
  const out = [];
  for (const strokes of rounds) {
    const id = crypto.randomUUID();
    const logs = strokes.map((_, h) => `seed-${id}-${h}`);
    await env.DB.prepare("INSERT INTO players (id, name, created_at) VALUES (?, 'Seeded', 0)").bind(id).run();
    const db = dayDb(date);
    await db.batch([
      db.prepare('INSERT INTO attempts (date, player_id) VALUES (?, ?)').bind(date, id),
      db
        .prepare(
          'UPDATE attempts SET total = ?, strokes = ?, finished_at = ? WHERE date = ? AND player_id = ?',
        )
        .bind(
          strokes.reduce((a, b) => a + b, 0),
          JSON.stringify(strokes),
          Date.parse(`${date}T13:00:00.000Z`),
          date,
          id,
        ),
      db
        .prepare('INSERT INTO round_evidence (date, player_id, logs) VALUES (?, ?, ?)')
        .bind(date, id, JSON.stringify(logs)),
    ]);
    out.push({ id, logs });
  }
  return out;
}

/** The field hole by hole computed here from the ranked rounds themselves, value by value. */
async function fieldFromRounds(date: string) {
  const rows = await dayDb(date)
    .prepare('SELECT strokes FROM attempts WHERE date = ? AND finished_at IS NOT NULL AND review = 0')
    .bind(date)
    .all<{ strokes: string }>();
  const rounds = rows.results.map((r) => JSON.parse(r.strokes) as number[]);
  return {
    finishers: rounds.length,
    holes: Array.from({ length: 9 }, (_, h) => {
      const values = rounds.map((r) => r[h]!).sort((a, b) => a - b);
      const n = values.length;
      const counts: [number, number][] = [];
      for (const v of values) {
        const last = counts.at(-1);
        if (last && last[0] === v) last[1]++;
        else counts.push([v, 1]);
      }
      return {
        hole: h + 1,
        cleared: values.filter((v) => v <= 0).length,
        median:
          n === 0 ? null : n % 2 === 1 ? values[(n - 1) / 2]! : (values[n / 2 - 1]! + values[n / 2]!) / 2,
        distribution: counts,
      };
    }),
  };
}

const holesOf = (client: ReturnType<typeof testClient>, date: string) =>
  client.call<DayHolesView>('GET', `/api/daily/${date}/holes`);

describe('each hole against the field', () => {
  it('shows a closed day’s holes from its ranked rounds only, and nothing while the day is open', async () => {
    const date = '2026-08-01';
    const flagged = new Set<string>();
    const client = testClient(`${date}T12:00:00.000Z`, undefined, testAuditor(flagged));
    for (const pick of ['first', 'last', 'first'] as const) {
      const p = await client.player(`P ${pick}`);
      await playCourse(client, date, p.token, pick);
    }
    // Known strokes: clears (minus the stock left), ties, an even field on every hole.
    const seeded = await seedRounds(date, [
      [-3, 0, 5, 2, 7, 1, 0, 4, 9],
      [-3, 2, 5, 3, 6, 1, -16, 4, 8],
      [0, 0, 6, 2, 6, 12, 1, 4, 9],
      [11, 11, 11, 11, 11, 11, 11, 11, 11],
    ]);
    flagged.add(seeded[3]!.logs[0]!);

    const open = await holesOf(client, date);
    expect([open.status, errorCode(open)]).toEqual([409, 'ERR_DAY_OPEN']);
    expect(open.headers.get('cache-control')).toBe('no-store');

    client.setNow(`2026-08-02T00:10:00.000Z`);
    const before = await holesOf(client, date);
    expect(before.status).toBe(200);
    // The audit has not run: seven ranked rounds, the flagged one among them; kept 30 s.
    expect(before.body.finishers).toBe(7);
    expect(before.headers.get('cache-control')).toBe('public, max-age=30');
    expect(before.body).toMatchObject(await fieldFromRounds(date));

    const run = await client.app.request(
      '/api/dev/scheduled',
      { method: 'POST' },
      { ...env, LOCAL_DEV: '1' },
    );
    expect(((await run.json()) as { audit: { complete: boolean } }).audit.complete).toBe(true);
    const review = await dayDb(date)
      .prepare('SELECT review FROM attempts WHERE date = ? AND player_id = ?')
      .bind(date, seeded[3]!.id)
      .first<{ review: number }>();
    expect(review?.review).toBe(1);

    const after = await holesOf(client, date);
    expect(after.status).toBe(200);
    expect(after.headers.get('cache-control')).toBe('public, max-age=31536000');
    const course = (await client.call<CourseView>('GET', `/api/daily/${date}`)).body;
    const expected = await fieldFromRounds(date);
    expect(expected.finishers).toBe(6);
    expect(after.body).toEqual({
      date,
      finishers: 6,
      holes: expected.holes.map((h, i) => ({ ...h, perfect: course.holes[i]!.perfect!.strokes })),
    });
    // The round under review is gone from every hole.
    expect(after.body.holes.map((h) => h.distribution.reduce((n, [, c]) => n + c, 0))).toEqual(
      Array(9).fill(6),
    );
    // Keys in the documented order, distributions ascending.
    expect(Object.keys(after.body.holes[0]!)).toEqual([
      'hole',
      'perfect',
      'cleared',
      'median',
      'distribution',
    ]);
    for (const h of after.body.holes)
      expect(h.distribution.map(([s]) => s)).toEqual(
        [...h.distribution.map(([s]) => s)].sort((a, b) => a - b),
      );
  });

  it('keeps what the migration would backfill from the rounds', async () => {
    const date = '2026-08-03';
    await seedRounds(date, [
      [1, 2, 3, 4, 5, 6, 7, 8, 9],
      [1, -2, 3, -4, 5, 6, 7, 8, 9],
    ]);
    await dayDb(date)
      .prepare('UPDATE attempts SET review = 1 WHERE date = ? AND strokes LIKE ?')
      .bind(date, '[1,-2,%')
      .run();
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0007_'))!;
    const backfill = migration.queries.find((q) => q.includes('GROUP BY a.date'))!;
    await dayDb(date)
      .prepare('CREATE TABLE backfill_check (date TEXT, hole INTEGER, strokes INTEGER, count INTEGER)')
      .run();
    await dayDb(date)
      .prepare(backfill.replace('INSERT INTO day_hole_strokes', 'INSERT INTO backfill_check'))
      .run();
    const read = async (table: string) =>
      (
        await dayDb(date)
          .prepare(`SELECT hole, strokes, count FROM ${table} WHERE date = ? ORDER BY hole, strokes`)
          .bind(date)
          .all()
      ).results;
    const kept = await read('day_hole_strokes');
    expect(kept).toEqual(await read('backfill_check'));
    expect(kept).toHaveLength(9);
    await dayDb(date).prepare('DROP TABLE backfill_check').run();
  });

  it('answers 404 for a day without a course and 400 for a date that is not one', async () => {
    const client = testClient('2026-08-05T12:00:00.000Z');
    const early = await holesOf(client, '2025-12-31');
    expect([early.status, errorCode(early)]).toEqual([404, 'ERR_NOT_FOUND']);
    const future = await holesOf(client, '2026-08-06');
    expect([future.status, errorCode(future)]).toEqual([404, 'ERR_FUTURE_DATE']);
    for (const bad of ['2026-02-30', '2026-8-01', 'today', '20260801'])
      expect(errorCode(await holesOf(client, bad))).toBe('ERR_VALIDATION');
    // A closed day nobody played: nine holes with perfect play and an empty field.
    const empty = await holesOf(client, '2026-01-01');
    expect(empty.status).toBe(200);
    expect(empty.body.finishers).toBe(0);
    expect(empty.body.holes.map((h) => [h.hole, h.cleared, h.median, h.distribution])).toEqual(
      Array.from({ length: 9 }, (_, i) => [i + 1, 0, null, []]),
    );
  });

  it('never answers a 5xx, whatever the date', { timeout: 120_000 }, async () => {
    const client = testClient('2026-08-05T12:00:00.000Z');
    const known = new Set(Object.keys(ERROR_STATUS));
    const day = fc
      .date({
        min: new Date('2025-11-01T00:00:00Z'),
        max: new Date('2026-10-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    await fc.assert(
      fc.asyncProperty(fc.oneof(day, fc.string({ maxLength: 12 }), fc.webSegment()), async (date) => {
        const r = await client.call('GET', `/api/daily/${encodeURIComponent(date)}/holes`);
        expect(r.status).toBeLessThan(500);
        if (r.status >= 400) {
          const code = errorCode(r) ?? '';
          expect(known.has(code)).toBe(true);
          expect(ERROR_STATUS[code as keyof typeof ERROR_STATUS]).toBe(r.status);
        }
      }),
      { numRuns: 40 },
    );
  });
});

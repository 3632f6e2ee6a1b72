import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '@golf/contract';
import type { HistoryView } from '../src/index.ts';
import { summarize } from '../src/services/history.ts';
import { errorCode, playCourse, testClient } from './helpers.ts';
import { seedPlayer, seedRound, seedStarted } from './seed.ts';

const history = (client: ReturnType<typeof testClient>, token: string, query = '') =>
  client.call<HistoryView>('GET', `/api/players/me/history${query}`, { token });

describe('history', () => {
  it('lists finished rounds newest first with rank and field, and the record', async () => {
    const client = testClient('2030-05-15T12:00:00.000Z');
    const me = await client.player('Historian');
    await seedRound(me.id, '2030-05-10', 40);
    await seedRound(me.id, '2030-05-11', 50);
    await seedRound(me.id, '2030-05-12', 44, { strokes: [4, 5, 5, 5, 5, 5, 5, 5, 5] });
    await seedRound(me.id, '2030-05-14', 43, { review: true });
    await seedStarted(me.id, '2030-05-13');
    for (const total of [30, 44, 50]) await seedRound(await seedPlayer(), '2030-05-12', total);
    await seedRound(await seedPlayer(), '2030-05-14', 20);

    const r = await history(client, me.token);
    expect(r.status).toBe(200);
    expect(r.body.rounds).toEqual([
      {
        date: '2030-05-14',
        total: 43,
        rank: null,
        finishers: 1,
        strokes: [43, 0, 0, 0, 0, 0, 0, 0, 0],
        review: true,
      },
      {
        date: '2030-05-12',
        total: 44,
        rank: 2,
        finishers: 4,
        strokes: [4, 5, 5, 5, 5, 5, 5, 5, 5],
        review: false,
      },
      {
        date: '2030-05-11',
        total: 50,
        rank: 1,
        finishers: 1,
        strokes: [50, 0, 0, 0, 0, 0, 0, 0, 0],
        review: false,
      },
      {
        date: '2030-05-10',
        total: 40,
        rank: 1,
        finishers: 1,
        strokes: [40, 0, 0, 0, 0, 0, 0, 0, 0],
        review: false,
      },
    ]);
    expect(r.body).toMatchObject({
      played: 4,
      // 10-11-12 in a row; 13 started but never finished; 14 under review still counts as played.
      streak: { current: 1, best: 3 },
      underPar: { current: 1, best: 1 },
      best: { date: '2030-05-10', total: 40 },
      distribution: [
        { total: 40, count: 1 },
        { total: 43, count: 1 },
        { total: 44, count: 1 },
        { total: 50, count: 1 },
      ],
    });
    const page = await history(client, me.token, '?limit=2&offset=1');
    expect(page.body.rounds.map((x) => x.date)).toEqual(['2030-05-12', '2030-05-11']);
    expect(page.body.played).toBe(4);
  });

  it('counts a real finished round of today, and today unplayed does not break the streak', async () => {
    const client = testClient('2030-06-20T12:00:00.000Z');
    const me = await client.player('Streaker');
    await seedRound(me.id, '2030-06-18', 44);
    await seedRound(me.id, '2030-06-19', 46);
    const before = await history(client, me.token);
    expect(before.body.streak).toEqual({ current: 2, best: 2 });
    expect(before.body.underPar).toEqual({ current: 0, best: 1 });
    const { holes } = await playCourse(client, '2030-06-20', me.token);
    const total = holes.at(-1)!.result.total;
    const after = await history(client, me.token);
    expect(after.body.rounds[0]).toMatchObject({
      date: '2030-06-20',
      total,
      rank: 1,
      finishers: 1,
      review: false,
    });
    expect(after.body.rounds[0]!.strokes).toEqual(holes.map((h) => h.result.strokes));
    expect(after.body.streak).toEqual({ current: 3, best: 3 });
    // Two days later, nothing played since: the streak is over.
    client.setNow('2030-06-22T01:00:00.000Z');
    expect((await history(client, me.token)).body.streak).toEqual({ current: 0, best: 3 });
  });

  it('is empty for a new player, validates its query and needs a token', async () => {
    const client = testClient();
    const me = await client.player();
    const r = await history(client, me.token);
    expect(r.body).toEqual({
      rounds: [],
      played: 0,
      streak: { current: 0, best: 0 },
      underPar: { current: 0, best: 0 },
      best: null,
      distribution: [],
    });
    for (const q of ['?limit=0', '?limit=101', '?offset=-1', '?limit=x']) {
      const bad = await history(client, me.token, q);
      expect([q, bad.status, errorCode(bad)]).toEqual([q, 400, 'ERR_VALIDATION']);
    }
    const anon = await client.call('GET', '/api/players/me/history');
    expect(anon.status).toBe(401);
  });
});

describe('summarize', () => {
  const day0 = '2030-01-01';
  const rounds = fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 40 }).chain((offsets) =>
    fc.tuple(
      ...offsets.map((o) =>
        fc.record({
          date: fc.constant(addDays(day0, o)),
          total: fc.integer({ min: -20, max: 120 }),
          review: fc.boolean(),
        }),
      ),
    ),
  );

  it('agrees with a day-by-day count', () => {
    fc.assert(
      fc.property(rounds, fc.integer({ min: 0, max: 70 }), (list, t) => {
        const today = addDays(day0, t);
        const visible = list.filter((r) => r.date <= today);
        const s = summarize(visible, today);
        const byDate = new Map(visible.map((r) => [r.date, r]));
        const run = (ok: (d: string) => boolean) => {
          let best = 0;
          let cur = 0;
          for (let i = 0; i <= 70; i++) {
            cur = ok(addDays(day0, i)) ? cur + 1 : 0;
            best = Math.max(best, cur);
          }
          let current = 0;
          let d = byDate.has(today) ? today : addDays(today, -1);
          while (ok(d)) {
            current++;
            d = addDays(d, -1);
          }
          return { current, best };
        };
        expect(s.played).toBe(visible.length);
        expect(s.streak).toEqual(run((d) => byDate.has(d)));
        expect(s.underPar).toEqual(run((d) => (byDate.get(d)?.total ?? 99) < 45));
        const ranked = visible.filter((r) => !r.review);
        expect(s.best?.total ?? null).toBe(ranked.length ? Math.min(...ranked.map((r) => r.total)) : null);
        expect(s.distribution.reduce((n, d) => n + d.count, 0)).toBe(visible.length);
        expect(s.streak.current).toBeLessThanOrEqual(s.streak.best);
        expect(s.underPar.best).toBeLessThanOrEqual(s.streak.best);
      }),
    );
  });
});

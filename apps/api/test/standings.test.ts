import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ReplayView, StandingsView } from '../src/index.ts';
import { DAY, errorCode, playCourse, started, testClient } from './helpers.ts';

/** Writes finished attempts straight into D1 (the triggers keep the day's counters). */
async function seedFinishers(date: string, rows: { name: string; total: number; finishedAt: number }[]) {
  const ids: string[] = [];
  for (const row of rows) {
    const id = crypto.randomUUID();
    ids.push(id);
    const strokes = [row.total, 0, 0, 0, 0, 0, 0, 0, 0];
    await env.DB.batch([
      env.DB.prepare('INSERT INTO players (id, name, created_at) VALUES (?, ?, 0)').bind(id, row.name),
      env.DB.prepare('INSERT INTO attempts (date, player_id) VALUES (?, ?)').bind(date, id),
      env.DB.prepare(
        'UPDATE attempts SET total = ?, strokes = ?, finished_at = ? WHERE date = ? AND player_id = ?',
      ).bind(row.total, JSON.stringify(strokes), row.finishedAt, date, id),
    ]);
  }
  return ids;
}

const board = (client: ReturnType<typeof testClient>, date: string, query = '', token?: string) =>
  client.call<StandingsView>(
    'GET',
    `/api/daily/${date}/standings${query}`,
    token === undefined ? {} : { token },
  );

describe('standings', () => {
  it('ranks by total, shares ranks on equal totals (1, 2, 2, 4) and orders ties by finish time', async () => {
    const date = '2026-05-01';
    await seedFinishers(date, [
      { name: 'late tie', total: 30, finishedAt: 3_000 },
      { name: 'best', total: 12, finishedAt: 9_000 },
      { name: 'early tie', total: 30, finishedAt: 1_000 },
      { name: 'last', total: 41, finishedAt: 500 },
      { name: 'mid tie', total: 30, finishedAt: 2_000 },
    ]);
    const client = testClient();
    const r = await board(client, date);
    expect(r.status).toBe(200);
    expect(r.body.entries.map((e) => [e.rank, e.name, e.total])).toEqual([
      [1, 'best', 12],
      [2, 'early tie', 30],
      [2, 'mid tie', 30],
      [2, 'late tie', 30],
      [5, 'last', 41],
    ]);
    expect(r.body.entries[1]!.finishedAt).toBe('1970-01-01T00:00:01.000Z');
    expect(r.body).toMatchObject({ date, players: 5, playing: 0, me: null });
    expect(r.body.distribution).toEqual([
      { total: 12, count: 1 },
      { total: 30, count: 3 },
      { total: 41, count: 1 },
    ]);
    // Pages keep the ranks: a page that starts inside a tie starts with the tie's rank.
    const page = await board(client, date, '?limit=2&offset=2');
    expect(page.body.entries.map((e) => [e.rank, e.name])).toEqual([
      [2, 'mid tie'],
      [2, 'late tie'],
    ]);
    const tail = await board(client, date, '?limit=10&offset=4');
    expect(tail.body.entries.map((e) => [e.rank, e.name])).toEqual([[5, 'last']]);
    expect((await board(client, date, '?offset=9')).body.entries).toEqual([]);
    // A closed day whose fair-play audit has not finished: kept 30 s (final, and kept a year, once it has).
    expect(r.headers.get('cache-control')).toBe('public, max-age=30');
  });

  it('counts players still playing and shows the caller their rank and percentile', async () => {
    const client = testClient();
    const a = await client.player('A');
    const b = await client.player('B');
    const { token: playingToken } = await started(client);
    await playCourse(client, DAY, a.token);
    await playCourse(client, DAY, b.token);
    const mine = await board(client, DAY, '?limit=100', b.token);
    const bEntry = mine.body.entries.find((e) => e.playerId === b.id)!;
    const better = mine.body.entries.filter((e) => e.total < bEntry.total).length;
    expect(mine.body.me).toEqual({
      rank: better + 1,
      total: bEntry.total,
      percentile: Math.floor((100 * (mine.body.players - better)) / mine.body.players),
      holes: bEntry.holes,
    });
    // While the day is open, per-hole strokes are the caller's own only; everyone shows holes finished.
    expect(bEntry.holes).toHaveLength(9);
    expect(bEntry.holes!.reduce((n, s) => n + s, 0)).toBe(bEntry.total);
    const aEntry = mine.body.entries.find((e) => e.playerId === a.id)!;
    expect(aEntry.holes).toBeNull();
    expect(aEntry.holesFinished).toBe(9);
    const anonymous = await board(client, DAY, '?limit=100');
    expect(anonymous.body.entries.every((e) => e.holes === null && e.holesFinished === 9)).toBe(true);
    client.setNow('2026-06-16T00:00:00.000Z');
    const closed = await board(client, DAY, '?limit=100');
    expect(closed.body.closed).toBe(true);
    expect(closed.body.entries.find((e) => e.playerId === a.id)!.holes).toHaveLength(9);
    expect(mine.headers.get('cache-control')).toBe('private, max-age=5');
    expect(mine.body.playing).toBeGreaterThanOrEqual(1);
    const unfinished = await board(client, DAY, '', playingToken);
    expect(unfinished.body.me).toBeNull();
    const forged = await board(client, DAY, '', 'Z'.repeat(43));
    expect([forged.status, errorCode(forged)]).toEqual([401, 'ERR_UNAUTHORIZED']);
    // The field's counts agree with the distribution.
    expect(mine.body.distribution.reduce((n, d) => n + d.count, 0)).toBe(mine.body.players);
  });

  it('counts a started attempt as playing until it finishes', async () => {
    const date = '2026-06-15';
    const client = testClient();
    const before = (await board(client, date)).body;
    const { token } = await started(client);
    const during = (await board(client, date)).body;
    expect(during.playing).toBe(before.playing + 1);
    expect(during.players).toBe(before.players);
    await playCourse(client, date, token);
    const after = (await board(client, date)).body;
    expect(after.players).toBe(during.players + 1);
  });

  it('validates its query and refuses future days', async () => {
    const client = testClient();
    for (const q of ['?limit=0', '?limit=101', '?limit=abc', '?offset=-1', '?limit=1.5']) {
      const r = await board(client, DAY, q);
      expect([r.status, errorCode(r)]).toEqual([400, 'ERR_VALIDATION']);
    }
    const future = await board(client, '2026-06-16');
    expect([future.status, errorCode(future)]).toEqual([404, 'ERR_FUTURE_DATE']);
  });
});

describe('replays', () => {
  it('shows an open day’s logs to their player alone, and everyone’s once the day is closed', async () => {
    const client = testClient();
    const player = await client.player('Replayed');
    const other = await client.player('Other');
    const { holes } = await playCourse(client, DAY, player.token);
    const path = `/api/daily/${DAY}/replays/${player.id}`;
    const own = await client.call<ReplayView>('GET', path, { token: player.token });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      date: DAY,
      playerId: player.id,
      name: 'Replayed',
      finished: true,
      total: holes.at(-1)!.result.total,
    });
    expect(own.body.holes.map((h) => h.log)).toEqual(holes.map((h) => h.log));
    const forbidden = await client.call('GET', path, { token: other.token });
    expect([forbidden.status, errorCode(forbidden)]).toEqual([403, 'ERR_FORBIDDEN']);
    const anonymous = await client.call('GET', path);
    expect([anonymous.status, errorCode(anonymous)]).toEqual([401, 'ERR_UNAUTHORIZED']);

    client.setNow('2026-06-16T00:00:00.000Z');
    const open = await client.call<ReplayView>('GET', path);
    expect(open.status).toBe(200);
    expect(open.body.holes.map((h) => h.strokes)).toEqual(holes.map((h) => h.result.strokes));
    const unknown = await client.call('GET', `/api/daily/${DAY}/replays/${crypto.randomUUID()}`);
    expect([unknown.status, errorCode(unknown)]).toEqual([404, 'ERR_NOT_FOUND']);
  });
});

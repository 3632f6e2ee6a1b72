import { ACCEPTED_DECENT_NAMES, REFUSED_OFFENSIVE_NAMES } from '@golf/contract/name-cases';
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LeagueView, MyLeague, SeasonView, StandingsView } from '../src/index.ts';
import { normalizeInvite, periodOf, rankSeason } from '../src/services/leagues.ts';
import { errorCode, playCourse, testClient, type Client } from './helpers.ts';
import { seedPlayer, seedRound, seedStarted } from './seed.ts';

interface Created {
  id: string;
  name: string;
  code: string;
}

async function create(client: Client, token: string, name = 'Friends'): Promise<Created> {
  const r = await client.call<Created>('POST', '/api/leagues', { token, body: { name } });
  expect(r.status).toBe(201);
  return r.body;
}

const join = (client: Client, token: string, code: unknown) =>
  client.call<{ id: string; name: string }>('POST', '/api/leagues/join', { token, body: { code } });

/** Puts seeded players into a league straight in D1. */
async function seedMembers(leagueId: string, playerIds: readonly string[]): Promise<void> {
  await env.DB.batch(
    playerIds.map((id) =>
      env.DB.prepare('INSERT INTO league_members (league_id, player_id, joined_at) VALUES (?, ?, 0)').bind(
        leagueId,
        id,
      ),
    ),
  );
}

describe('league names', () => {
  it.each(ACCEPTED_DECENT_NAMES)('keeps %j', async (name) => {
    const client = testClient();
    const ada = await client.player('Ada');
    expect((await create(client, ada.token, name)).name).toBe(name.normalize('NFKC'));
  });

  it.each(REFUSED_OFFENSIVE_NAMES)('refuses %s: %j, and stores nothing', async (_how, name) => {
    const client = testClient();
    const ada = await client.player('Ada');
    const r = await client.call('POST', '/api/leagues', { token: ada.token, body: { name } });
    expect([r.status, errorCode(r)]).toEqual([400, 'ERR_NAME_REFUSED']);
    const mine = await client.call('GET', '/api/players/me/leagues', { token: ada.token });
    expect(mine.body).toEqual({ leagues: [] });
  });
});

describe('leagues', () => {
  it('creates, joins by invite code, lists and leaves; the last one out closes the league', async () => {
    const client = testClient();
    const ada = await client.player('Ada');
    const bo = await client.player('Bo');
    const league = await create(client, ada.token, '  Ｔhe <Club> ');
    expect(league.name).toBe('The <Club>');
    expect(league.code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);

    const joined = await join(client, bo.token, league.code.toLowerCase().replace(/(.{5})/, '$1-'));
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ id: league.id, name: 'The <Club>', standIn: null });
    expect((await join(client, bo.token, league.code)).body).toEqual(joined.body);

    const mine = await client.call<{ leagues: MyLeague[] }>('GET', '/api/players/me/leagues', {
      token: bo.token,
    });
    expect(mine.body.leagues).toEqual([
      expect.objectContaining({ id: league.id, name: 'The <Club>', code: league.code, members: 2 }),
    ]);
    const info = await client.call<LeagueView>('GET', `/api/leagues/${league.id}`, { token: ada.token });
    expect(info.body).toMatchObject({ id: league.id, members: 2, code: league.code });

    const left = await client.call('DELETE', `/api/leagues/${league.id}/members/me`, { token: bo.token });
    expect([left.status, left.body]).toEqual([200, { id: league.id, left: true }]);
    const again = await client.call('DELETE', `/api/leagues/${league.id}/members/me`, { token: bo.token });
    expect([again.status, errorCode(again)]).toEqual([404, 'ERR_NOT_FOUND']);
    const gone = await client.call('GET', `/api/leagues/${league.id}`, { token: bo.token });
    expect([gone.status, errorCode(gone)]).toEqual([403, 'ERR_FORBIDDEN']);
    expect((await client.call('GET', '/api/players/me/leagues', { token: bo.token })).body).toEqual({
      leagues: [],
    });

    expect(
      (await client.call('DELETE', `/api/leagues/${league.id}/members/me`, { token: ada.token })).status,
    ).toBe(200);
    const closed = await join(client, bo.token, league.code);
    expect([closed.status, errorCode(closed)]).toEqual([404, 'ERR_NOT_FOUND']);
    const unknown = await client.call('GET', `/api/leagues/${league.id}`, { token: ada.token });
    expect([unknown.status, errorCode(unknown)]).toEqual([404, 'ERR_NOT_FOUND']);
  });

  it('validates names, codes and tokens', async () => {
    const client = testClient();
    const p = await client.player();
    for (const name of ['', '   ', 'x'.repeat(21), 'a\u200Bb', 7]) {
      const r = await client.call('POST', '/api/leagues', { token: p.token, body: { name } });
      expect([r.status, errorCode(r)]).toEqual([400, 'ERR_VALIDATION']);
    }
    for (const code of ['AAAAAAAAAA', 'nope', '0000000000']) {
      const r = await join(client, p.token, code);
      expect([r.status, errorCode(r)]).toEqual([404, 'ERR_NOT_FOUND']);
    }
    expect((await join(client, p.token, '')).status).toBe(400);
    expect((await client.call('POST', '/api/leagues', { body: { name: 'x' } })).status).toBe(401);
    expect((await client.call('POST', '/api/leagues/join', { body: { code: 'AAAAAAAAAA' } })).status).toBe(
      401,
    );
    expect((await client.call('GET', '/api/players/me/leagues')).status).toBe(401);
  });

  it('holds a player to 20 leagues', async () => {
    const client = testClient();
    const p = await client.player();
    const other = await client.player();
    const open = await create(client, other.token, 'Open');
    for (let i = 0; i < 20; i++) await create(client, p.token, `L${i}`);
    const created = await client.call('POST', '/api/leagues', { token: p.token, body: { name: 'One more' } });
    expect([created.status, errorCode(created)]).toEqual([409, 'ERR_TOO_MANY_LEAGUES']);
    const joined = await join(client, p.token, open.code);
    expect([joined.status, errorCode(joined)]).toEqual([409, 'ERR_TOO_MANY_LEAGUES']);
    const mine = await client.call<{ leagues: MyLeague[] }>('GET', '/api/players/me/leagues', {
      token: p.token,
    });
    expect(mine.body.leagues).toHaveLength(20);
    // Leave one: there is room again.
    await client.call('DELETE', `/api/leagues/${mine.body.leagues[0]!.id}/members/me`, { token: p.token });
    expect((await join(client, p.token, open.code)).status).toBe(200);
  });

  it('holds a league to 1,000 members, also under concurrent joins', async () => {
    const client = testClient();
    const owner = await client.player();
    const league = await create(client, owner.token);
    // 997 seeded members (the owner makes 998), then three players race for the last two places.
    const ids = [];
    for (let i = 0; i < 997; i++) ids.push(crypto.randomUUID());
    for (let i = 0; i < ids.length; i += 100) {
      const chunk = ids.slice(i, i + 100);
      await env.DB.batch(
        chunk.map((id) =>
          env.DB.prepare("INSERT INTO players (id, name, created_at) VALUES (?, 'm', 0)").bind(id),
        ),
      );
      await seedMembers(league.id, chunk);
    }
    const racers = await Promise.all([client.player(), client.player(), client.player()]);
    const replies = await Promise.all(racers.map((r) => join(client, r.token, league.code)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 409]);
    expect(replies.map(errorCode).filter(Boolean)).toEqual(['ERR_LEAGUE_FULL']);
    const info = await client.call<LeagueView>('GET', `/api/leagues/${league.id}`, { token: owner.token });
    expect(info.body.members).toBe(1000);
  });

  it("ranks the members' day like the global standings, for members only", async () => {
    const date = '2031-01-10';
    const client = testClient(`${date}T12:00:00.000Z`);
    const [ada, bo, cy, outsider] = await Promise.all([
      client.player('Ada'),
      client.player('Bo'),
      client.player('Cy'),
      client.player('Outsider'),
    ]);
    const league = await create(client, ada.token, 'Round table');
    for (const p of [bo, cy]) expect((await join(client, p.token, league.code)).status).toBe(200);
    // Real rounds for two members and the outsider; seeded ones to shape ties and review.
    const real = new Map<string, number>();
    for (const p of [ada, bo, outsider]) {
      const { holes } = await playCourse(client, date, p.token);
      real.set(p.id, holes.at(-1)!.result.total);
    }
    const tie = await seedPlayer('Tie');
    const flagged = await seedPlayer('Flagged');
    const playing = await seedPlayer('Playing');
    await seedMembers(league.id, [tie, flagged, playing]);
    await seedRound(tie, date, real.get(ada.id)!, { finishedAt: Date.parse(`${date}T23:00:00Z`) });
    await seedRound(flagged, date, -16, { review: true });
    await seedStarted(playing, date);

    const r = await client.call<StandingsView>('GET', `/api/leagues/${league.id}/standings/${date}`, {
      token: ada.token,
    });
    expect(r.status).toBe(200);
    const expected = [
      { playerId: ada.id, name: 'Ada', total: real.get(ada.id)! },
      { playerId: bo.id, name: 'Bo', total: real.get(bo.id)! },
      { playerId: tie, name: 'Tie', total: real.get(ada.id)! },
      // Equal totals: earlier finish first (the seeded tie finished last; the real rounds at the same instant
      // fall back to the player id, as in the global standings).
    ].sort(
      (a, b) =>
        a.total - b.total ||
        (a.playerId === tie ? 1 : 0) - (b.playerId === tie ? 1 : 0) ||
        (a.playerId < b.playerId ? -1 : 1),
    );
    expect(r.body.entries.map((e) => ({ playerId: e.playerId, name: e.name, total: e.total }))).toEqual(
      expected.map((e) => expect.objectContaining(e)),
    );
    const ranks = r.body.entries.map((e) => e.rank);
    expect(ranks).toEqual(
      r.body.entries.map((e) => 1 + r.body.entries.filter((o) => o.total < e.total).length),
    );
    expect(r.body).toMatchObject({ date, closed: false, players: 3, playing: 1, underReview: 1 });
    expect(r.body.entries.every((e) => e.playerId !== outsider.id)).toBe(true);
    // The viewer sees their own strokes, nobody else's, while the day is open.
    for (const e of r.body.entries) expect(e.holes === null).toBe(e.playerId !== ada.id);
    expect(r.body.me).toMatchObject({ total: real.get(ada.id)! });
    expect(r.body.distribution.reduce((n, d) => n + d.count, 0)).toBe(3);

    const page = await client.call<StandingsView>(
      'GET',
      `/api/leagues/${league.id}/standings/${date}?limit=1&offset=1`,
      { token: ada.token },
    );
    expect(page.body.entries).toEqual([r.body.entries[1]]);

    const forbidden = await client.call('GET', `/api/leagues/${league.id}/standings/${date}`, {
      token: outsider.token,
    });
    expect([forbidden.status, errorCode(forbidden)]).toEqual([403, 'ERR_FORBIDDEN']);
    const future = await client.call('GET', `/api/leagues/${league.id}/standings/2031-01-11`, {
      token: ada.token,
    });
    expect([future.status, errorCode(future)]).toEqual([404, 'ERR_FUTURE_DATE']);
    const badDate = await client.call('GET', `/api/leagues/${league.id}/standings/2031-02-30`, {
      token: ada.token,
    });
    expect(badDate.status).toBe(400);
    const missing = await client.call('GET', `/api/leagues/${crypto.randomUUID()}/standings/${date}`, {
      token: ada.token,
    });
    expect([missing.status, errorCode(missing)]).toEqual([404, 'ERR_NOT_FOUND']);

    // Once the day closes, everybody's strokes are shown.
    client.setNow('2031-01-11T00:00:01.000Z');
    const closed = await client.call<StandingsView>('GET', `/api/leagues/${league.id}/standings/${date}`, {
      token: bo.token,
    });
    expect(closed.body.closed).toBe(true);
    expect(closed.body.entries.every((e) => e.holes?.length === 9)).toBe(true);
  });

  it('keeps a season table over the best 5 rounds of a week and the best 20 of a month', async () => {
    const client = testClient('2031-03-20T12:00:00.000Z');
    const me = await client.player('Me');
    const league = await create(client, me.token, 'Season');
    const [a, b, c, flagged] = await Promise.all([
      seedPlayer('A'),
      seedPlayer('B'),
      seedPlayer('C'),
      seedPlayer('F'),
    ]);
    await seedMembers(league.id, [a, b, c, flagged]);
    // The ISO week of Thursday 2031-03-20 runs from Monday 03-17 to Sunday 03-23.
    const week = ['2031-03-17', '2031-03-18', '2031-03-19', '2031-03-20'];
    for (const [i, d] of week.entries()) await seedRound(a, d, 40 + i); // 4 rounds: 40..43
    for (const d of ['2031-03-10', ...week]) await seedRound(b, d, 30); // 4 in the week, one the week before
    await seedRound(c, '2031-03-16', 10); // the Sunday before: not this week
    await seedRound(c, '2031-03-18', 50);
    await seedRound(flagged, '2031-03-18', -10, { review: true });
    await seedRound(me.id, '2031-03-19', 35);

    const r = await client.call<SeasonView>('GET', `/api/leagues/${league.id}/season?period=week`, {
      token: me.token,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      period: 'week',
      from: '2031-03-17',
      to: '2031-03-23',
      best: 5,
      players: 4,
    });
    expect(r.body.entries.map((e) => [e.rank, e.name, e.counted, e.total, e.rounds])).toEqual([
      [1, 'B', 4, 120, 4],
      [2, 'A', 4, 166, 4],
      [3, 'Me', 1, 35, 1],
      [4, 'C', 1, 50, 1],
    ]);
    expect(r.body.me).toMatchObject({ rank: 3, name: 'Me' });

    const month = await client.call<SeasonView>(
      'GET',
      `/api/leagues/${league.id}/season?period=month&date=2031-03-01`,
      { token: me.token },
    );
    expect(month.body).toMatchObject({ from: '2031-03-01', to: '2031-03-31', best: 20 });
    expect(month.body.entries.map((e) => [e.name, e.counted, e.total])).toEqual([
      ['B', 5, 150],
      ['A', 4, 166],
      ['C', 2, 60],
      ['Me', 1, 35],
    ]);

    const outsider = await client.player();
    const no = await client.call('GET', `/api/leagues/${league.id}/season`, { token: outsider.token });
    expect([no.status, errorCode(no)]).toEqual([403, 'ERR_FORBIDDEN']);
    for (const q of ['?period=year', '?date=2031-13-01', '?limit=0']) {
      const bad = await client.call('GET', `/api/leagues/${league.id}/season${q}`, { token: me.token });
      expect([q, bad.status]).toEqual([q, 400]);
    }
    const future = await client.call('GET', `/api/leagues/${league.id}/season?date=2031-03-21`, {
      token: me.token,
    });
    expect(errorCode(future)).toBe('ERR_FUTURE_DATE');
  });
});

describe('league rules', () => {
  it('normalises invite codes as typed', () => {
    expect(normalizeInvite('abcde-fghjk')).toBe('ABCDEFGHJK');
    expect(normalizeInvite('ABCDEFGHJ')).toBeNull();
    expect(normalizeInvite('ABCDEFGHJ0')).toBeNull();
  });

  it('periods: ISO weeks Monday to Sunday, calendar months', () => {
    expect(periodOf('week', '2031-03-17')).toEqual({ from: '2031-03-17', to: '2031-03-23' });
    expect(periodOf('week', '2031-03-23')).toEqual({ from: '2031-03-17', to: '2031-03-23' });
    expect(periodOf('week', '2031-01-01')).toEqual({ from: '2030-12-30', to: '2031-01-05' });
    expect(periodOf('month', '2032-02-15')).toEqual({ from: '2032-02-01', to: '2032-02-29' });
    expect(periodOf('month', '2031-12-31')).toEqual({ from: '2031-12-01', to: '2031-12-31' });
  });

  it('season ranks: more counted rounds first, then the lower sum; equal pairs share a rank', () => {
    const record = fc.record({
      playerId: fc.uuid(),
      name: fc.string({ maxLength: 3 }),
      rounds: fc.integer({ min: 1, max: 7 }),
      total: fc.integer({ min: -80, max: 300 }),
    });
    fc.assert(
      fc.property(fc.uniqueArray(record, { selector: (r) => r.playerId, maxLength: 30 }), (records) => {
        const rows = records.map((r) => ({ ...r, standIn: null, counted: Math.min(5, r.rounds) }));
        const ranked = rankSeason(rows);
        expect(ranked).toHaveLength(rows.length);
        for (const e of ranked) {
          const better = ranked.filter(
            (o) => o.counted > e.counted || (o.counted === e.counted && o.total < e.total),
          );
          expect(e.rank).toBe(better.length + 1);
        }
      }),
    );
  });
});

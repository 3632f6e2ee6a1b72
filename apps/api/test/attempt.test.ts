import { courseDecks, dealFromDeck, parseCard, PRESETS, replay, scoreOf, type Deal } from '@golf/engine';
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { AttemptView, CourseView, DrawView, HoleResultView, StandingsView } from '../src/index.ts';
import {
  DAY,
  errorCode,
  playableAtStart,
  playCourse,
  playHole,
  seedOf,
  started,
  testClient,
} from './helpers.ts';

const draw = (client: ReturnType<typeof testClient>, token: string, hole: number, log: string, date = DAY) =>
  client.call<DrawView>('POST', `/api/daily/${date}/attempt/draw`, { token, body: { hole, log } });
const finish = (
  client: ReturnType<typeof testClient>,
  token: string,
  hole: number,
  log: string,
  date = DAY,
) =>
  client.call<HoleResultView>('POST', `/api/daily/${date}/attempt/holes/${hole}`, { token, body: { log } });
const attemptOf = (client: ReturnType<typeof testClient>, token: string, date = DAY) =>
  client.call<AttemptView>('GET', `/api/daily/${date}/attempt`, { token });

/** The attempt object of a player today. */
const objectOf = (playerId: string, date = DAY) => env.ATTEMPTS.getByName(`${date}/${playerId}`);

/** The full deal of a hole, from a closed day's public course. */
function closedDeal(course: CourseView, hole: number): Deal {
  const h = course.holes[hole - 1]!;
  const c = (t: string) => {
    const r = parseCard(t);
    if (!r.ok) throw new Error(t);
    return r.value;
  };
  return { columns: h.columns.map((col) => col.map(c)), waste: c(h.waste), stock: (h.stock ?? []).map(c) };
}

describe('a whole attempt', () => {
  it('plays nine holes, each replayed to the strokes it scored, and ranks the total once', async () => {
    const client = testClient();
    const player = await client.player('Whole');
    const { holes } = await playCourse(client, DAY, player.token);
    const strokes = holes.map((h) => h.result.strokes);
    expect(holes.map((h) => h.result.hole)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(holes.map((h) => h.result.finished)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(holes.at(-1)!.result.total).toBe(strokes.reduce((a, b) => a + b, 0));

    const attempt = await attemptOf(client, player.token);
    expect(attempt.body).toMatchObject({
      date: DAY,
      hole: null,
      finished: true,
      total: holes.at(-1)!.result.total,
    });
    expect(attempt.body.holes.map((h) => h.log)).toEqual(holes.map((h) => h.log));
    expect(attempt.body.holes.map((h) => h.drawn)).toEqual(holes.map((h) => h.draws.map((d) => d.card)));

    // Once the day is closed the stocks are public: replay every log ourselves.
    client.setNow('2026-06-16T00:00:01.000Z');
    const closed = (await client.call<CourseView>('GET', `/api/daily/${DAY}`)).body;
    expect(closed.closed).toBe(true);
    holes.forEach((h, i) => {
      const deal = closedDeal(closed, i + 1);
      const pos = replay(deal, PRESETS.classic, h.log);
      expect(pos.ok).toBe(true);
      if (pos.ok) expect(scoreOf(pos.value)).toMatchObject({ over: true, strokes: h.result.strokes });
      // Every card the server answered is the stock card in that position.
      h.draws.forEach((d, k) => expect(parseCard(d.card)).toEqual({ ok: true, value: deal.stock[k] }));
    });
    const board = await client.call<StandingsView>('GET', `/api/daily/${DAY}/standings?limit=100`);
    const mine = board.body.entries.filter((e) => e.playerId === player.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ name: 'Whole', total: holes.at(-1)!.result.total, holes: strokes });
  });

  it('deals the stock that HMAC-SHA256(secret, "golf-daily/v1/" + date) seeds', async () => {
    const client = testClient();
    const { token, course } = await started(client);
    const r = await draw(client, token, 1, 'd');
    const decks = courseDecks(await seedOf(DAY));
    expect(decks.ok).toBe(true);
    if (!decks.ok) return;
    const deal = dealFromDeck(decks.value[0]!, PRESETS.classic);
    expect(parseCard(r.body.card)).toEqual({ ok: true, value: deal.stock[0] });
    expect(r.body.stockLeft).toBe(15);
    expect(course.holes[0]!.stockSize).toBe(16);
  });
});

describe('starting', () => {
  it('starts once and resumes afterwards, never restarting', async () => {
    const client = testClient();
    const { token } = await started(client);
    expect((await draw(client, token, 1, 'd')).status).toBe(200);
    const again = await client.call<AttemptView>('POST', `/api/daily/${DAY}/attempt`, { token });
    expect(again.status).toBe(200);
    expect(again.body.hole).toBe(1);
    expect(again.body.holes[0]!.log).toBe('d');
    expect(again.body.holes[0]!.drawn).toHaveLength(1);
  });

  it('creates one attempt when started concurrently', async () => {
    const client = testClient();
    const player = await client.player();
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        client.call<AttemptView>('POST', `/api/daily/${DAY}/attempt`, { token: player.token }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM attempts WHERE date = ? AND player_id = ?')
      .bind(DAY, player.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
    const holes = await runInDurableObject(objectOf(player.id), (_object, state) =>
      state.storage.sql.exec<{ n: number }>('SELECT count(*) AS n FROM holes').one(),
    );
    expect(holes.n).toBe(9);
  });

  it('keeps what an integrity check needs: the address hash and the time of every draw and hole', async () => {
    const client = testClient();
    const { player, token, course } = await started(client);
    client.setNow('2026-06-15T12:00:05.000Z');
    await draw(client, token, 1, 'd');
    client.setNow('2026-06-15T12:00:09.000Z');
    await draw(client, token, 1, 'dd');
    const row = await runInDurableObject(objectOf(player.id), (_object, state) =>
      state.storage.sql.exec<{ draw_times: string }>('SELECT draw_times FROM holes WHERE hole = 1').one(),
    );
    expect(JSON.parse(row.draw_times)).toEqual([
      Date.parse('2026-06-15T12:00:05.000Z'),
      Date.parse('2026-06-15T12:00:09.000Z'),
    ]);
    const attempt = await env.DB.prepare(
      'SELECT ip_hash, started_at FROM round_evidence WHERE date = ? AND player_id = ?',
    )
      .bind(DAY, player.id)
      .first<{ ip_hash: string; started_at: number }>();
    expect(attempt!.ip_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(attempt!.started_at).toBe(Date.parse('2026-06-15T12:00:00.000Z'));
    expect(course.holes).toHaveLength(9);
  });

  it('needs a token, today, and an attempt before playing', async () => {
    const client = testClient();
    const player = await client.player();
    expect(errorCode(await client.call('POST', `/api/daily/${DAY}/attempt`))).toBe('ERR_UNAUTHORIZED');
    const yesterday = await client.call('POST', '/api/daily/2026-06-14/attempt', { token: player.token });
    expect([yesterday.status, errorCode(yesterday)]).toEqual([409, 'ERR_DAY_CLOSED']);
    const tomorrow = await client.call('POST', '/api/daily/2026-06-16/attempt', { token: player.token });
    expect([tomorrow.status, errorCode(tomorrow)]).toEqual([404, 'ERR_FUTURE_DATE']);
    const none = await attemptOf(client, player.token);
    expect([none.status, errorCode(none)]).toEqual([409, 'ERR_NO_ATTEMPT']);
    const drawFirst = await draw(client, player.token, 1, 'd');
    expect([drawFirst.status, errorCode(drawFirst)]).toEqual([409, 'ERR_NO_ATTEMPT']);
  });
});

describe('draws', () => {
  it('answers a retried draw with the same card, and records it once', async () => {
    const client = testClient();
    const { token } = await started(client);
    const first = await draw(client, token, 1, 'd');
    const retry = await draw(client, token, 1, 'd');
    expect(first.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    const second = await draw(client, token, 1, 'dd');
    expect(second.body.stockLeft).toBe(14);
    // A late retry of the first request still gets the first card.
    expect((await draw(client, token, 1, 'd')).body).toEqual(first.body);
    expect((await attemptOf(client, token)).body.holes[0]).toMatchObject({
      log: 'dd',
      drawn: [first.body.card, second.body.card],
    });
  });

  it('lets exactly one history win when different draws race', async () => {
    const client = testClient();
    const { token, course } = await started(client);
    const [c] = playableAtStart(course, 1);
    expect(c).toBeDefined();
    const logs = ['d', `${c}d`, 'd', `${c}d`, 'd', `${c}d`];
    const replies = await Promise.all(logs.map((log) => draw(client, token, 1, log)));
    const recorded = (await attemptOf(client, token)).body.holes[0]!;
    expect(['d', `${c}d`]).toContain(recorded.log);
    expect(recorded.drawn).toHaveLength(1);
    replies.forEach((r, i) => {
      if (logs[i] === recorded.log)
        expect(r.body).toEqual({ hole: 1, card: recorded.drawn[0], stockLeft: 15 });
      else expect([r.status, errorCode(r)]).toEqual([409, 'ERR_HISTORY_REWRITTEN']);
    });
  });

  it('refuses a draw for a later hole', async () => {
    const client = testClient();
    const { token } = await started(client);
    const r = await draw(client, token, 2, 'd');
    expect([r.status, errorCode(r)]).toEqual([409, 'ERR_HOLE_ORDER']);
    expect((await attemptOf(client, token)).body.holes[1]!.drawn).toEqual([]);
  });

  it('refuses two unseen draws in one request and reveals nothing', async () => {
    const client = testClient();
    const { token } = await started(client);
    const r = await draw(client, token, 1, 'dd');
    expect([r.status, errorCode(r)]).toEqual([409, 'ERR_NOT_DRAWN']);
    expect(JSON.stringify(r.body)).not.toMatch(/"card"/);
    expect((await attemptOf(client, token)).body.holes[0]).toMatchObject({ log: '', drawn: [] });
    // Whatever follows an unseen draw (legal or not), the answer is the same and tells nothing about the card.
    for (let c = 1; c <= 7; c++) {
      const moves = await draw(client, token, 1, `d${c}d`);
      expect([moves.status, errorCode(moves)]).toEqual([409, 'ERR_NOT_DRAWN']);
      const fin = await finish(client, token, 1, `d${c}`);
      expect([fin.status, errorCode(fin)]).toEqual([409, 'ERR_NOT_DRAWN']);
    }
  });

  it('refuses a rewritten history', async () => {
    const client = testClient();
    const { token, course } = await started(client);
    const [c] = playableAtStart(course, 1);
    expect(c).toBeDefined();
    expect((await draw(client, token, 1, `${c}d`)).status).toBe(200);
    const rewrite = await draw(client, token, 1, 'dd');
    expect([rewrite.status, errorCode(rewrite)]).toEqual([409, 'ERR_HISTORY_REWRITTEN']);
    const other = await draw(client, token, 1, 'd');
    expect([other.status, errorCode(other)]).toEqual([409, 'ERR_HISTORY_REWRITTEN']);
  });

  it('answers an illegal move with 422 and its index', async () => {
    const client = testClient();
    const { token, course } = await started(client);
    const playable = playableAtStart(course, 1);
    const blocked = [1, 2, 3, 4, 5, 6, 7].find((c) => !playable.includes(c));
    expect(blocked).toBeDefined();
    const r = await draw(client, token, 1, `${blocked}d`);
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ error: { code: 'ERR_ILLEGAL_MOVE', at: 0 } });
    const h = await finish(client, token, 1, `${blocked}`);
    expect(h.status).toBe(422);
    expect(h.body).toMatchObject({ error: { code: 'ERR_ILLEGAL_MOVE', at: 0 } });
    expect((await attemptOf(client, token)).body.holes[0]).toMatchObject({
      log: '',
      drawn: [],
      strokes: null,
    });
  });

  it('validates the body', async () => {
    const client = testClient();
    const { token } = await started(client);
    for (const body of [
      { hole: 1, log: '1' },
      { hole: 0, log: 'd' },
      { hole: 10, log: 'd' },
      { hole: 1, log: '8d' },
      { hole: '1', log: 'd' },
      { log: 'd' },
      { hole: 1, log: 'd'.repeat(53) },
    ]) {
      const r = await client.call('POST', `/api/daily/${DAY}/attempt/draw`, { token, body });
      expect([r.status, errorCode(r)]).toEqual([400, 'ERR_VALIDATION']);
    }
  });
});

describe('finishing holes', () => {
  it('refuses a hole that is not over, an undrawn card, a rewritten log and the wrong hole', async () => {
    const client = testClient();
    const { token, course } = await started(client);
    const notOver = await finish(client, token, 1, '');
    expect([notOver.status, errorCode(notOver)]).toEqual([409, 'ERR_HOLE_NOT_OVER']);
    const undrawn = await finish(client, token, 1, 'd'.repeat(16));
    expect([undrawn.status, errorCode(undrawn)]).toEqual([409, 'ERR_NOT_DRAWN']);
    const later = await finish(client, token, 2, 'd'.repeat(16));
    expect([later.status, errorCode(later)]).toEqual([409, 'ERR_HOLE_ORDER']);
    const [c] = playableAtStart(course, 1);
    await draw(client, token, 1, 'd');
    const rewritten = await finish(client, token, 1, `${c}d`);
    expect([rewritten.status, errorCode(rewritten)]).toEqual([409, 'ERR_HISTORY_REWRITTEN']);
    const badPath = await client.call('POST', `/api/daily/${DAY}/attempt/holes/10`, {
      token,
      body: { log: '' },
    });
    expect([badPath.status, errorCode(badPath)]).toEqual([400, 'ERR_VALIDATION']);
  });

  it('answers an identical retry with the same result, never counting it twice, and refuses any other log', async () => {
    const client = testClient();
    const { token, course } = await started(client);
    const { log, result } = await playHole(client, DAY, token, course, 1);
    const retry = await finish(client, token, 1, log);
    expect(retry.body).toEqual(result);
    const other = await finish(client, token, 1, `${log}1`);
    expect([other.status, errorCode(other)]).toEqual([409, 'ERR_ALREADY_FINISHED']);
    const drawAgain = await draw(client, token, 1, `${log}d`);
    expect([drawAgain.status, errorCode(drawAgain)]).toEqual([409, 'ERR_ALREADY_FINISHED']);
    const attempt = (await attemptOf(client, token)).body;
    expect(attempt).toMatchObject({ hole: 2, total: result.strokes, finished: false });
    // Concurrent identical finishes of hole 2 record it once.
    const two = await playHole(client, DAY, token, course, 2);
    const again = await Promise.all([finish(client, token, 2, two.log), finish(client, token, 2, two.log)]);
    again.forEach((r) => expect(r.body).toEqual(two.result));
    expect((await attemptOf(client, token)).body.total).toBe(result.strokes + two.result.strokes);
  });

  it('refuses everything but identical retries after the attempt is finished, and a second attempt', async () => {
    const client = testClient();
    const player = await client.player();
    const { holes } = await playCourse(client, DAY, player.token);
    const board = async () =>
      (await client.call<StandingsView>('GET', `/api/daily/${DAY}/standings?limit=100`)).body;
    const before = await board();
    const last = holes.at(-1)!;
    expect((await finish(client, player.token, 9, last.log)).body).toEqual(last.result);
    const later = await draw(client, player.token, 9, `${last.log}d`);
    expect([later.status, errorCode(later)]).toEqual([409, 'ERR_ALREADY_FINISHED']);
    const first = await draw(client, player.token, 1, 'd');
    expect(first.status).toBe(409);
    const restart = await client.call<AttemptView>('POST', `/api/daily/${DAY}/attempt`, {
      token: player.token,
    });
    expect(restart.body).toMatchObject({ finished: true, hole: null, total: last.result.total });
    const after = await board();
    expect(after.players).toBe(before.players);
    expect(after.entries.filter((e) => e.playerId === player.id)).toHaveLength(1);
  });

  it('refuses a forged token', async () => {
    const client = testClient();
    await started(client);
    const forged = 'A'.repeat(43);
    const r = await draw(client, forged, 1, 'd');
    expect([r.status, errorCode(r)]).toEqual([401, 'ERR_UNAUTHORIZED']);
    const h = await finish(client, 'not a token', 1, '');
    expect([h.status, errorCode(h)]).toEqual([401, 'ERR_UNAUTHORIZED']);
  });
});

describe('the day rolling over', () => {
  it('closes the day at midnight UTC: play stops, the stocks open, and a new course starts', async () => {
    const client = testClient('2026-06-15T23:59:58.000Z');
    const { token, course } = await started(client);
    const open = await client.call<CourseView>('GET', '/api/daily');
    expect(open.body).toMatchObject({
      date: DAY,
      closed: false,
      opensAt: '2026-06-15T00:00:00.000Z',
      closesAt: '2026-06-16T00:00:00.000Z',
    });
    expect(open.body.holes[0]).not.toHaveProperty('stock');
    expect(open.body.holes[0]).not.toHaveProperty('perfect');
    expect((await draw(client, token, 1, 'd')).status).toBe(200);

    client.setNow('2026-06-16T00:00:00.000Z');
    const late = await draw(client, token, 1, 'dd');
    expect([late.status, errorCode(late)]).toEqual([409, 'ERR_DAY_CLOSED']);
    const lateFinish = await finish(client, token, 1, 'd');
    expect([lateFinish.status, errorCode(lateFinish)]).toEqual([409, 'ERR_DAY_CLOSED']);
    const closed = await client.call<CourseView>('GET', `/api/daily/${DAY}`);
    expect(closed.body.closed).toBe(true);
    expect(closed.body.holes[0]!.stock).toHaveLength(16);
    expect(closed.body.holes[0]!.columns).toEqual(course.holes[0]!.columns);
    const today = await client.call<CourseView>('GET', '/api/daily');
    expect(today.body.date).toBe('2026-06-16');
    expect(today.body.holes[0]!.columns).not.toEqual(course.holes[0]!.columns);
    const next = await client.call<AttemptView>('POST', '/api/daily/2026-06-16/attempt', { token });
    expect(next.body).toMatchObject({ date: '2026-06-16', hole: 1, finished: false });
    // The unfinished attempt of the closed day can still be read.
    expect((await attemptOf(client, token)).body.holes[0]!.log).toBe('d');
  });
});

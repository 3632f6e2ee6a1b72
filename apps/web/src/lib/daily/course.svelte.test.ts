import {
  cardsLeft,
  makeCard,
  planRun,
  playableColumns,
  PRESETS,
  replay,
  scoreOf,
  stockLeft,
  ok,
} from '@golf/engine';
import { describe, expect, it, vi } from 'vitest';
import { memoryStore, type KeyValueStore } from '../persisted.svelte.ts';
import { DailyServer, type TestPlayer } from '../testing/daily-server.ts';
import { DailyCourse } from './course.svelte.ts';

/** Today's course for `player`, as the page opens it. */
async function open(
  server: DailyServer,
  player: TestPlayer,
  store: KeyValueStore = memoryStore(),
): Promise<DailyCourse> {
  const attempt = await player.api.startAttempt(server.date);
  if (!attempt.ok) throw new Error(attempt.error.message);
  const course = DailyCourse.fromAttempt(await server.course(), attempt.value, {
    api: player.api,
    store,
    playerId: player.id,
    retry: { sleep: async () => {} },
  });
  if (!(course instanceof DailyCourse)) throw new Error(course.message);
  return course;
}

/** A new test day, a new player, and today's course opened for them. */
async function opened(): Promise<{ server: DailyServer; player: TestPlayer; course: DailyCourse }> {
  const server = new DailyServer();
  const player = await server.player();
  return { server, player, course: await open(server, player) };
}

/** Plays a column if one fits, else draws: a simple player that always finishes. */
async function step(course: DailyCourse): Promise<void> {
  const col = playableColumns(course.position)[0];
  if (col !== undefined) expect(course.play(col)).toBe(true);
  else expect(await course.draw()).not.toBeNull();
  // A play that ends the hole submits in the background; let it land (however long a loaded machine takes).
  await vi.waitFor(() => expect(course.busy).toBe(false), { timeout: 10_000, interval: 1 });
}

describe('DailyCourse', () => {
  it('starts at hole one with the public layout and only stand-ins for the stock', async () => {
    const { server, course } = await opened();
    const deals = await server.deals();
    expect(course.hole).toBe(1);
    expect(course.phase).toBe('playing');
    expect(course.deal.columns).toEqual(deals[0]!.columns);
    expect(stockLeft(course.position)).toBe(16);
    // The stand-ins are the unseen cards in ascending order: no real stock order exists in the client.
    const stock = [...course.deal.stock];
    expect(stock).toEqual([...stock].sort((a, b) => a - b));
    expect(new Set(stock)).toEqual(new Set(deals[0]!.stock));
  });

  it('a draw whose answer is lost is retried once and yields exactly one card', async () => {
    const { server, player, course } = await opened();
    let lost = false;
    server.afterHandle = (method, path) => {
      if (method === 'POST' && path.endsWith('/draw') && !lost) {
        lost = true;
        throw new TypeError('Failed to fetch');
      }
    };
    const card = await course.draw();
    server.afterHandle = null;
    const deals = await server.deals();
    expect(card).toBe(deals[0]!.stock[0]);
    expect(course.drawn).toEqual([deals[0]!.stock[0]]);
    expect(course.log).toBe('d');
    expect((await server.attempt(player)).holes[0]!.log).toBe('d');
    expect(server.requests.filter((r) => r.endsWith('/draw'))).toHaveLength(2);
    expect(stockLeft(course.position)).toBe(15);
    expect(course.busy).toBe(false);
    expect(course.failure).toBeNull();
  });

  it('a 5xx on a draw is retried with the same log', async () => {
    const { server, course } = await opened();
    server.failNext = { method: 'POST', path: /\/draw$/, status: 503, times: 2 };
    const card = await course.draw();
    expect(card).toBe((await server.deals())[0]!.stock[0]);
    expect(server.requests.filter((r) => r.endsWith('/draw'))).toHaveLength(3);
    expect(course.drawn).toHaveLength(1);
  });

  it('gives up after its retries without changing the hole, and retry() then draws the card', async () => {
    const { server, player, course } = await opened();
    let down = true;
    server.beforeHandle = (_method, path) => {
      if (down && path.endsWith('/draw')) throw new TypeError('Failed to fetch');
    };
    expect(await course.draw()).toBeNull();
    expect(course.failure?.code).toBe('ERR_NETWORK');
    expect(course.busy).toBe(false);
    expect(course.log).toBe('');
    expect(stockLeft(course.position)).toBe(16);
    expect((await server.attempt(player)).holes[0]!.log).toBe('');
    down = false;
    await course.retry();
    expect(course.failure).toBeNull();
    expect(course.drawn).toEqual([(await server.deals())[0]!.stock[0]]);
  });

  it('keeps busy true while a draw is in flight and refuses moves meanwhile', async () => {
    const { course } = await opened();
    const pending = course.draw();
    expect(course.busy).toBe(true);
    expect(course.play(1)).toBe(false);
    expect(await course.draw()).toBeNull();
    await pending;
    expect(course.busy).toBe(false);
    expect(course.drawn).toHaveLength(1);
  });

  it("the hint is the engine's run planner, as in practice: a playable column, or the stock when nothing plays", async () => {
    const { server, course } = await opened();
    const real = (await server.deals())[0]!;
    for (let i = 0; i < 30 && course.phase === 'playing'; i++) {
      const playable = playableColumns(course.position);
      const hint = course.hint();
      if (playable.length > 0) expect(playable).toContain(hint);
      else expect(hint).toBe('draw');
      // The same move the planner gives on the real position: it never looks at the stock.
      const at = replay(real, PRESETS.classic, course.log);
      if (!at.ok) throw new Error(at.error.message);
      const plan = planRun(at.value);
      expect(plan && (plan.move.kind === 'draw' ? 'draw' : plan.move.column)).toBe(hint);
      await step(course);
      expect(course.hintColumn).toBeNull();
    }
  });

  it('plays by the rules the course names, and refuses a course whose rules it does not know', async () => {
    const { server, player, course } = await opened();
    expect(course.rules).toEqual(PRESETS.classic);
    const odd = { ...(await server.course()), rules: 'backgammon' } as unknown as Awaited<
      ReturnType<DailyServer['course']>
    >;
    const refused = DailyCourse.fromAttempt(odd, await server.attempt(player), {
      api: player.api,
      store: memoryStore(),
    });
    expect(refused).toMatchObject({ code: 'ERR_BAD_RESPONSE' });
  });

  it('undo goes back to the last draw, never across it', async () => {
    const { course } = await opened();
    await course.draw();
    let plays = 0;
    for (let i = 0; i < 20 && plays < 2; i++) {
      const col = playableColumns(course.position)[0];
      if (col === undefined) {
        await course.draw();
        plays = 0;
      } else {
        course.play(col);
        plays++;
      }
    }
    const floor = course.undoFloor;
    expect(course.log.length).toBe(floor + plays);
    while (course.undo());
    expect(course.log.length).toBe(floor);
    expect(course.log.endsWith('d')).toBe(true);
    expect(course.undo()).toBe(false);
  });

  it('resume on another device rebuilds the same position (with this device adding its unsent plays)', async () => {
    const server = new DailyServer();
    const player = await server.player();
    const store = memoryStore();
    const a = await open(server, player, store);
    for (let i = 0; i < 12 && a.phase === 'playing'; i++) await step(a);
    const again = await open(server, player, store);
    expect(again.hole).toBe(a.hole);
    expect(again.log).toBe(a.log);
    expect(again.position.heights).toEqual(a.position.heights);
    expect(again.position.top).toBe(a.position.top);
    expect(stockLeft(again.position)).toBe(stockLeft(a.position));
    // Another device knows only what the server recorded: the log up to the last draw.
    const other = await open(server, player, memoryStore());
    expect(other.log).toBe((await server.attempt(player)).holes[a.hole - 1]!.log);
    expect(other.drawn).toEqual(a.drawn);
    expect(other.undoFloor).toBe(other.log.length);
  });

  it('plays the whole course: each hole is submitted, the total is the sum', async () => {
    const { server, player, course } = await opened();
    const deals = await server.deals();
    for (let hole = 1; hole <= 9; hole++) {
      expect(course.hole).toBe(hole);
      for (let i = 0; i < 60 && course.phase === 'playing'; i++) await step(course);
      expect(course.phase).toBe('hole-done');
      const strokes = course.holes[hole - 1]!.strokes;
      expect(strokes).toBe((await server.attempt(player)).holes[hole - 1]!.strokes);
      expect(strokes).toBe(cardsLeft(course.position) || -stockLeft(course.position));
      // The scorecard's score is the engine's, replayed from the recorded log (cleared included).
      const real = replay(deals[hole - 1]!, PRESETS.classic, course.holes[hole - 1]!.log);
      if (!real.ok) throw new Error(real.error.message);
      expect(course.scores[hole - 1]).toEqual(scoreOf(real.value));
      expect(course.scores[hole - 1]?.strokes).toBe(strokes);
      expect(course.play(1)).toBe(false);
      expect(course.next()).toBe(true);
    }
    expect(course.phase).toBe('finished');
    const recorded = await server.attempt(player);
    const total = recorded.holes.reduce((a, h) => a + h.strokes!, 0);
    expect(recorded.total).toBe(total);
    expect(course.total).toBe(total);
    const resumed = await open(server, player);
    expect(resumed.phase).toBe('finished');
    expect(resumed.total).toBe(total);
  });

  it('a refused draw (history moved on elsewhere) reloads the server record', async () => {
    const server = new DailyServer();
    const player = await server.player();
    const a = await open(server, player);
    const b = await open(server, player);
    await b.draw();
    await a.draw(); // the same first draw: the server answers the same card, so both agree
    expect(a.drawn).toEqual(b.drawn);
    await b.draw();
    const col = playableColumns(a.position)[0];
    if (col !== undefined) a.play(col);
    await a.draw(); // a's history now differs from the recorded one
    const recorded = (await server.attempt(player)).holes[0]!;
    expect(a.log).toBe(recorded.log);
    expect(a.drawn.map(makeCard)).toEqual(recorded.drawn);
  });

  it('an unstarted round takes the recorded attempt when its start finds one that has moved on', async () => {
    const server = new DailyServer();
    const player = await server.player();
    const elsewhere = await open(server, player);
    expect(await elsewhere.draw()).not.toBeNull();
    const begin = async () => {
      const a = await player.api.startAttempt(server.date);
      return a.ok ? ok({ attempt: a.value, playerId: player.id }) : a;
    };
    const here = DailyCourse.unstarted(await server.course(), {
      api: player.api,
      store: memoryStore(),
      begin,
    });
    if (!(here instanceof DailyCourse)) throw new Error(here.message);
    expect([here.started, here.log]).toEqual([false, '']);
    // The first move starts it: the attempt answered has a draw this device never saw, so that record wins.
    expect(await here.draw()).toBeNull();
    expect([here.started, here.log, here.drawn]).toEqual([true, 'd', elsewhere.drawn]);
  });
});

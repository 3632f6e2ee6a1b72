import type { CourseView } from '@golf/api';
import { standInName } from '@golf/contract/stand-in';
import { playableColumns } from '@golf/engine';
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GolfApi } from '../api.ts';
import { Identity } from '../api-player.svelte.ts';
import { memoryStore, type KeyValueStore } from '../persisted.svelte.ts';
import { DailyServer } from '../testing/daily-server.ts';
import { Today } from './today.svelte.ts';

const roots: (() => void)[] = [];
afterEach(() => roots.splice(0).forEach((stop) => stop()));

function setup(store: KeyValueStore = memoryStore(), server = new DailyServer(), course?: CourseView) {
  const identity = new Identity(store);
  const api = server.client(() => identity.token);
  const said: string[] = [];
  let today: Today | undefined;
  roots.push(
    $effect.root(() => {
      today = new Today({
        api,
        identity,
        store,
        retry: { sleep: async () => {} },
        announce: (t) => said.push(t),
        origin: 'https://golf.example',
        course,
      });
    }),
  );
  return { today: today!, identity, api, server, said, store };
}

/** Lets requests in flight land. */
/**
 * Until the session has sent what it was sending (however long the in-process API takes on a loaded machine), then
 * a few more turns for what follows the answer.
 */
async function settle(today: Today): Promise<void> {
  await vi.waitFor(() => expect(today.session?.busy ?? false).toBe(false), { timeout: 10_000, interval: 1 });
  for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 0));
  flushSync();
}

describe('Today', () => {
  it("puts hole 1 on a newcomer's table at once; the first move creates the player, named its stand-in, and starts the round", async () => {
    const { today, identity, server, said } = setup();
    await today.load();
    expect(today.view).toBe('course');
    expect(today.course?.date).toBe('2026-11-30');
    const s = today.session!;
    expect([s.hole, s.phase, s.started, today.welcome]).toEqual([1, 'playing', false, true]);
    expect(identity.player).toBeNull();
    expect(server.requests).toEqual(['GET /api/daily']);
    // One tap: the first card that plays, else the stock.
    const col = playableColumns(s.position)[0];
    if (col !== undefined) {
      today.play(col);
      // The move is on the table at once, before any answer.
      expect(s.log).toBe(String(col));
      expect(today.welcome).toBe(false);
    } else await today.draw();
    await vi.waitFor(() => expect(s.started).toBe(true));
    await settle(today);
    const me = identity.player!;
    expect(me.name).toBe(standInName(me.id));
    expect(identity.named).toBe(false);
    expect(server.requests.slice(1, 3)).toEqual(['POST /api/players', 'POST /api/daily/2026-11-30/attempt']);
    // The round is recorded as started; a draw as the first move is recorded too.
    const recorded = await server.client(() => me.token).attempt(server.date);
    expect(recorded.ok && recorded.value.hole).toBe(1);
    if (col === undefined) expect(recorded.ok && recorded.value.holes[0]?.log).toBe('d');
    expect(said.some((t) => /^(Played|Drew) /.test(t))).toBe(true);
  });

  it('a draw as the first move waits for the round to start, then draws: recorded, with the player', async () => {
    const { today, identity, server } = setup();
    await today.load();
    const card = await today.draw();
    expect(card).not.toBeNull();
    const s = today.session!;
    expect([s.started, s.log, s.busy]).toEqual([true, 'd', false]);
    const recorded = await server.client(() => identity.token).attempt(server.date);
    expect(recorded.ok && recorded.value.holes[0]).toMatchObject({ hole: 1, log: 'd' });
  });

  it('paints from the course the page arrived with: nothing is fetched before the first move', async () => {
    const server = new DailyServer();
    const course = await server.course();
    server.requests.length = 0;
    const { today } = setup(memoryStore(), server, course);
    await today.load();
    expect(today.view).toBe('course');
    expect(today.session?.deal.columns.length).toBe(7);
    expect(server.requests).toEqual([]);
  });

  it('keeps the first move on the table when the start fails, says why, and starts on the next try', async () => {
    const { today, identity, server } = setup();
    await today.load();
    const s = today.session!;
    server.failNext = { method: 'POST', path: /^\/api\/players$/, status: 503, times: 1 };
    const col = playableColumns(s.position)[0];
    if (col === undefined) expect(await today.draw()).toBeNull();
    else today.play(col);
    await vi.waitFor(() => expect(s.failure?.status).toBe(503));
    expect([s.started, identity.player]).toEqual([false, null]);
    const log = s.log;
    await s.retry();
    expect([s.started, s.failure, s.log]).toEqual([true, null, log]);
    expect(identity.player).not.toBeNull();
  });

  it('a returning player with no attempt today starts on the first move; one that has started resumes', async () => {
    const store = memoryStore();
    const first = setup(store);
    await first.identity.create(first.api, 'Ann');
    await first.today.load();
    expect(first.today.view).toBe('course');
    expect(first.today.session?.started).toBe(false);
    await first.today.draw();
    expect(first.identity.player?.name).toBe('Ann');
    const again = setup(store, first.server);
    await again.today.load();
    expect(again.today.view).toBe('course');
    expect(again.today.session?.started).toBe(true);
    expect(again.today.session?.log).toBe('d');
    expect(again.today.welcome).toBe(false);
  });

  it('a token that no longer works is forgotten: a new player on the first move', async () => {
    const store = memoryStore();
    const { today, identity } = setup(store);
    identity.adopt({ id: 'gone', name: 'Gone', standIn: null, token: 'x'.repeat(43) });
    await today.load();
    expect([today.view, identity.player]).toEqual(['course', null]);
    await today.draw();
    expect(identity.player?.id).not.toBe('gone');
  });

  it('says what went wrong when the course cannot be fetched', async () => {
    let today: Today | undefined;
    const offline = new GolfApi({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    roots.push(
      $effect.root(() => {
        today = new Today({ api: offline, identity: new Identity(memoryStore()), announce: () => {} });
      }),
    );
    await today!.load();
    expect(today!.view).toBe('error');
    expect(today!.failure?.code).toBe('ERR_NETWORK');
  });

  it('plays the round, says every move, and ends with the standings and a share text', async () => {
    const { today, identity, api, said, server } = setup();
    await identity.create(api, 'Ann');
    await today.load();
    for (let guard = 0; guard < 9 * 70 && today.session?.phase !== 'finished'; guard++) {
      const s = today.session!;
      if (s.phase === 'hole-done') {
        expect(today.lastStrokes).toBe(s.holes[s.hole - 1]!.strokes);
        today.next();
        continue;
      }
      const col = playableColumns(s.position)[0];
      if (col !== undefined) {
        today.play(col);
        expect(said.at(-1)).toMatch(/^Played .+\./);
      } else {
        await today.draw();
        expect(said.at(-1)).toMatch(/^Drew .+\. \d+ left in the stock\.$/);
      }
      await settle(today);
    }
    const s = today.session!;
    expect(s.phase).toBe('finished');
    expect(said.at(-1)).toBe(`Round over: ${s.total} strokes.`);
    // The only finisher of the day: the standings arrive from an effect, as soon as the API answers.
    await vi.waitFor(() => expect(today.standings?.me).toMatchObject({ rank: 1, total: s.total }), {
      timeout: 10_000,
    });
    flushSync();
    const recorded = await server.client(() => identity.token).attempt(server.date);
    const total = recorded.ok ? recorded.value.holes.reduce((a, h) => a + h.strokes!, 0) : NaN;
    expect(s.total).toBe(total);
    expect(today.share.split('\n')).toEqual([
      'Golf Daily 2026-11-30',
      expect.stringMatching(new RegExp(`^${total} \\(.+\\) · #1 of 1$`)),
      expect.stringMatching(/^(🏆|🦅|🐦|⛳|🟨|🟥){9}$/u),
      'https://golf.example',
    ]);
    // Linked to a league's standings of the day instead of the site.
    today.shareLeague = 'league 1';
    expect(today.share.split('\n').at(-1)).toBe('https://golf.example/leagues/league%201?date=2026-11-30');
  });

  it('says the hint, and that undo took back a play', async () => {
    const { today, identity, api, said } = setup();
    await identity.create(api, 'Ann');
    await today.load();
    today.hint();
    const hint = today.session!.hintColumn;
    expect(said.at(-1)).toBe(hint === 'draw' ? 'Nothing plays: draw a card.' : `Try column ${hint}.`);
    while (playableColumns(today.session!.position).length === 0) await today.draw();
    today.play(playableColumns(today.session!.position)[0]!);
    today.undo();
    expect(said.at(-1)).toBe('Took back the last play.');
  });
});

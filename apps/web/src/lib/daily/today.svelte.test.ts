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

function setup(store: KeyValueStore = memoryStore(), server = new DailyServer()) {
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
      });
    }),
  );
  return { today: today!, identity, api, server, said, store };
}

/** Lets requests in flight land. */
async function settle(today: Today): Promise<void> {
  for (let i = 0; i < 20 && (today.session?.busy ?? false); i++) await new Promise((r) => setTimeout(r, 0));
  for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 0));
  flushSync();
}

describe('Today', () => {
  it('asks a first-time visitor for a name, then starts the round', async () => {
    const { today, identity, api, said } = setup();
    await today.load();
    expect(today.view).toBe('name');
    expect(today.course?.date).toBe('2026-11-30');
    expect(today.course?.closed).toBe(false);
    expect((await identity.create(api, 'Ann')).ok).toBe(true);
    await today.start();
    expect(today.view).toBe('course');
    expect(today.session?.hole).toBe(1);
    expect(said.at(-1)).toBe('Hole 1 of 9. Par 5.');
  });

  it('offers the start button to a returning player with no attempt today, and resumes one that exists', async () => {
    const store = memoryStore();
    const first = setup(store);
    await first.identity.create(first.api, 'Ann');
    await first.today.load();
    expect(first.today.view).toBe('ready');
    await first.today.start();
    await first.today.draw();
    const again = setup(store, first.server);
    await again.today.load();
    expect(again.today.view).toBe('course');
    expect(again.today.session?.log).toBe('d');
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
    await today.start();
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
    await today.start();
    today.hint();
    const hint = today.session!.hintColumn;
    expect(said.at(-1)).toBe(hint === 'draw' ? 'Nothing plays: draw a card.' : `Try column ${hint}.`);
    while (playableColumns(today.session!.position).length === 0) await today.draw();
    today.play(playableColumns(today.session!.position)[0]!);
    today.undo();
    expect(said.at(-1)).toBe('Took back the last play.');
  });
});

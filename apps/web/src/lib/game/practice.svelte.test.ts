import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import { HOLES_PER_MATCH, PRESETS, dealNumber, legalMoves, replay } from '@golf/engine';
import { memoryStore } from '../persisted.svelte.ts';
import { Practice, holeDealNumber, parsePracticeParams, practiceQuery } from './practice.svelte.ts';

/** Plays the current hole to its end: the first legal move each time (plays before draws). */
async function finishHole(p: Practice): Promise<void> {
  for (let guard = 0; guard < 60 && !p.hole.over; guard++) {
    const m = legalMoves(p.hole.position)[0]!;
    if (m.kind === 'play') p.hole.play(m.column);
    else await p.hole.draw();
  }
}

describe('Practice', () => {
  it('reproduces a deal from the URL settings', () => {
    const p = new Practice(memoryStore());
    p.start({ preset: 'wrap', scoring: 'points', mode: 'match', deal: 1234 });
    const expected = dealNumber(1234, PRESETS.wrap);
    expect(expected.ok && p.hole.deal).toEqual(expected.ok && expected.value);
    expect(p.hole.rules).toEqual(PRESETS.wrap);
    expect(practiceQuery(p.settings)).toBe('rules=wrap&deal=1234&mode=match&scoring=points');
    expect(parsePracticeParams(new URLSearchParams(practiceQuery(p.settings)))).toEqual(p.settings);
  });

  it('ignores bad URL values', () => {
    expect(parsePracticeParams(new URLSearchParams('rules=nope&deal=0&mode=x&scoring=won'))).toEqual({
      scoring: 'won',
    });
  });

  it('autosaves every move and resumes the match from storage', async () => {
    const store = memoryStore();
    const a = new Practice(store);
    a.start({ preset: 'classic', scoring: 'strokes', mode: 'match', deal: 40 });
    await finishHole(a);
    expect(a.nextHole()).toBe(true);
    await a.hole.draw();
    const b = new Practice(store);
    expect(b.settings).toEqual(a.settings);
    expect(b.holeIndex).toBe(1);
    expect(b.dealNumber).toBe(41);
    expect(b.hole.log).toBe('d');
    expect(b.results).toEqual(a.results);
  });

  it('plays a nine-hole match, totals it and counts each hole once in the statistics', async () => {
    const p = new Practice(memoryStore());
    p.start({ preset: 'classic', scoring: 'strokes', mode: 'match', deal: 100 });
    for (let i = 0; i < HOLES_PER_MATCH; i++) {
      await finishHole(p);
      if (i === 0) {
        // Undo then finish again: still one hole played.
        p.hole.undo();
        await finishHole(p);
      }
      if (i < HOLES_PER_MATCH - 1) expect(p.nextHole()).toBe(true);
    }
    expect(p.complete).toBe(true);
    expect(p.nextHole()).toBe(false);
    const results = p.results;
    expect(results.map((r) => r.deal)).toEqual(Array.from({ length: 9 }, (_, i) => holeDealNumber(100, i)));
    const total = results.reduce((a, r) => a + r.score.strokes, 0);
    const s = p.stats.of('classic');
    expect(s.played).toBe(9);
    expect(s.matches).toBe(1);
    expect(s.bestMatch).toBe(total);
    expect(s.won).toBe(results.filter((r) => r.score.cleared).length);
    expect(s.bestStrokes).toBe(Math.min(...results.map((r) => r.score.strokes)));
  });

  it('New Game abandons the match; Restart returns the hole to its start', async () => {
    const p = new Practice(memoryStore());
    p.start({ preset: 'queen-on-king', scoring: 'won', mode: 'match', deal: 5 });
    await finishHole(p);
    p.nextHole();
    await p.hole.draw();
    p.restart();
    expect(p.hole.log).toBe('');
    expect(p.holeIndex).toBe(1);
    p.newGame();
    expect(p.holeIndex).toBe(0);
    expect(p.settings.preset).toBe('queen-on-king');
    expect(p.hole.log).toBe('');
  });

  it('wraps hole deal numbers at the top of the range', () => {
    expect(holeDealNumber(0xffffffff, 1)).toBe(1);
  });
});

describe('a saved game that does not replay', () => {
  const rules = PRESETS.classic;
  const dealOf = (n: number) => {
    const d = dealNumber(n, rules);
    if (!d.ok) throw new Error(d.error.message);
    return d.value;
  };
  /** A column that cannot be played after `log` on deal n. */
  const badMove = (n: number, log = '') =>
    String([1, 2, 3, 4, 5, 6, 7].find((c) => !replay(dealOf(n), rules, `${log}${c}`).ok));
  const save = (finished: string[], log: string) =>
    JSON.stringify({
      v: 1,
      preset: 'classic',
      scoring: 'strokes',
      mode: 'match',
      deal: 50,
      finished,
      log,
      counted: true,
    });

  /** A finished first hole of deal 50: the first legal move until the end. */
  const finishedLog = (() => {
    let log = '';
    for (;;) {
      const r = replay(dealOf(50), rules, log);
      if (!r.ok) throw new Error(r.error.message);
      const m = legalMoves(r.value)[0];
      if (!m) return log;
      log += m.kind === 'play' ? String(m.column) : 'd';
    }
  })();

  it('resumes at the first finished hole that does not replay, cut at its bad move, instead of throwing', () => {
    const store = memoryStore();
    store.setItem('golf.practice.v1', save([finishedLog, `dd${badMove(51, 'dd')}d`, finishedLog], 'd'));
    const p = new Practice(store);
    expect(p.holeIndex).toBe(1);
    expect(p.dealNumber).toBe(51);
    expect(p.hole.log).toBe('dd');
    expect(p.results.map((r) => r.log)).toEqual([finishedLog]);
  });

  it('a finished hole that replays but is not over is the current hole again', () => {
    const store = memoryStore();
    store.setItem('golf.practice.v1', save(['d'], ''));
    const p = new Practice(store);
    expect(p.holeIndex).toBe(0);
    expect(p.hole.log).toBe('d');
    expect(p.results).toEqual([]);
  });

  it('the page can derive from its results', () => {
    const store = memoryStore();
    store.setItem('golf.practice.v1', save([badMove(50)], ''));
    let seen: number | undefined;
    const stop = $effect.root(() => {
      const p = new Practice(store);
      const count = $derived(p.results.length);
      $effect(() => {
        seen = count;
      });
    });
    flushSync();
    expect(seen).toBe(0);
    stop();
  });
});

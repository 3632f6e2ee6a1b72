import { describe, expect, it } from 'vitest';
import { HOLES_PER_MATCH, PRESETS, dealNumber, legalMoves } from '@golf/engine';
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

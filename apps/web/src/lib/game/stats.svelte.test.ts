import { describe, expect, it } from 'vitest';
import { memoryStore } from '../persisted.svelte.ts';
import { Stats, winRate } from './stats.svelte.ts';

describe('Stats', () => {
  it('counts played, won, streaks and bests per preset, and persists them', () => {
    const store = memoryStore();
    const s = new Stats(store);
    s.recordHole('wrap', { cleared: true, strokes: -3, points: 900 });
    s.recordHole('wrap', { cleared: true, strokes: -1, points: 1200 });
    s.recordHole('wrap', { cleared: false, strokes: 4, points: 300 });
    s.recordHole('wrap', { cleared: true, strokes: 0, points: 500 });
    s.recordMatch('wrap', 12);
    s.recordMatch('wrap', 9);
    const w = new Stats(store).of('wrap');
    expect(w).toMatchObject({
      played: 4,
      won: 3,
      streak: 1,
      bestStreak: 2,
      bestStrokes: -3,
      bestPoints: 1200,
    });
    expect(w).toMatchObject({ matches: 2, bestMatch: 9 });
    expect(winRate(w)).toBe(0.75);
    expect(new Stats(store).of('classic').played).toBe(0);
    s.reset();
    expect(new Stats(store).of('wrap').played).toBe(0);
  });
});

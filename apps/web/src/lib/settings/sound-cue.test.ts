import { describe, expect, it } from 'vitest';
import {
  DRAW,
  PRESETS,
  applyMove,
  dealNumber,
  play,
  playableColumns,
  replay,
  solve,
  startPosition,
  type Move,
  type Position,
} from '@golf/engine';
import { soundCue } from './sound-cue.ts';

describe('soundCue', () => {
  const deal = dealNumber(1, PRESETS.classic);
  if (!deal.ok) throw new Error(deal.error.code);
  const start = startPosition(deal.value, PRESETS.classic);
  const step = (p: Position, move: Move): Position => {
    const r = applyMove(p, move);
    if (!r.ok) throw new Error(r.error.code);
    return r.value;
  };

  it('is a draw for a draw and a play for a column play', () => {
    const drawn = step(start, DRAW);
    expect(soundCue(start, drawn)).toBe('draw');
    let p = drawn;
    while (playableColumns(p).length === 0) p = step(p, DRAW);
    const played = step(p, play(playableColumns(p)[0]!));
    expect(soundCue(p, played)).toBe('play');
  });

  it('is silent for an undo, a jump and the same position', () => {
    const one = step(start, DRAW);
    const two = step(one, DRAW);
    expect(soundCue(one, start)).toBeNull();
    expect(soundCue(start, two)).toBeNull();
    expect(soundCue(start, start)).toBeNull();
  });

  it('is the hole cleared for the play that empties the board', () => {
    for (let n = 1; n < 60; n++) {
      const d = dealNumber(n, PRESETS.classic);
      if (!d.ok) continue;
      const solved = solve(d.value, PRESETS.classic, { objective: 'win' });
      if (!solved.ok || !solved.value.winnable) continue;
      const r = solved.value;
      const before = replay(d.value, PRESETS.classic, r.log.slice(0, -1));
      const after = replay(d.value, PRESETS.classic, r.log);
      if (!before.ok || !after.ok) throw new Error('the solver line does not replay');
      expect(soundCue(before.value, after.value)).toBe('cleared');
      return;
    }
    throw new Error('no winnable deal among the first 60');
  });
});

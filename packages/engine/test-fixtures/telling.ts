import type { TellingReason } from '../src/audit.ts';

/**
 * A telling decision as audit version 4 found it: hole 1 of deal 16 (version 5 finds the same draw, graded on 4 orders),
 * decision 17, a draw where the blind best was to play 2♠. Shared by the tests that word reasons.
 */
export const DREW_OVER_2S: TellingReason = {
  kind: 'regret',
  taken: { kind: 'draw' },
  playable: ['2D', '2S'],
  blindBest: { kind: 'play', column: 6, card: '2S' },
  strokes: 3.1,
  realStrokes: 0,
  rank: 1,
  of: 9,
};

/** A made-up telling play (the other branch of the wording): 10♠ played where the blind best was to draw. */
export const PLAYED_10S: TellingReason = {
  kind: 'regret',
  taken: { kind: 'play', column: 4, card: 'TS' },
  playable: ['TS', 'TD'],
  blindBest: { kind: 'draw' },
  strokes: 2,
  realStrokes: 0,
  rank: 2,
  of: 9,
};

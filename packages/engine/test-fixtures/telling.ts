import type { TellingReason } from '../src/audit-verdict.ts';

/**
 * A telling decision as audit versions 5 to 7 find it: deal 16 played perfectly, decision 17, a draw where the blind
 * best was to play 2♠ (graded on 5 orders: the real stock and 4 samples). The engine's golden test pins it; the tests that
 * word reasons share it.
 */
export const DREW_OVER_2S: TellingReason = {
  kind: 'regret',
  taken: { kind: 'draw' },
  playable: ['2D', '2S'],
  blindBest: { kind: 'play', column: 6, card: '2S' },
  strokes: 4.5,
  realStrokes: 0,
  rank: 1,
  of: 5,
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

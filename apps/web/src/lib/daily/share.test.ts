import { describe, expect, it } from 'vitest';
import { holeEmoji, shareText } from './share.ts';

describe('share', () => {
  it('maps strokes to an emoji per hole against a par of 5', () => {
    expect([-3, 0, 2, 3, 4, 5, 6, 7, 12].map(holeEmoji).join('')).toBe('🏆🏆🦅🦅🐦⛳🟨🟥🟥');
  });
  it('builds a share text with no card in it', () => {
    const text = shareText({
      date: '2026-11-30',
      holes: [4, 5, 6, 0, 3, 5, 5, 7, 6],
      total: 41,
      rank: 3,
      players: 17,
    });
    expect(text).toBe('Golf Daily 2026-11-30\n41 (\u22124) · #3 of 17\n🐦⛳🟨🏆🦅⛳⛳🟥🟨');
    expect(text).not.toMatch(/\b[A2-9TJQK][CDHS]\b/);
  });
});

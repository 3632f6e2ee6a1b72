import { describe, expect, it } from 'vitest';
import { formatCountdown, holeEmoji, shareText, toParText } from './share.ts';

describe('share', () => {
  it('maps strokes to an emoji per hole against a par of 5', () => {
    expect([-3, 0, 2, 3, 4, 5, 6, 7, 12].map(holeEmoji).join('')).toBe('🏆🏆🦅🦅🐦⛳🟨🟥🟥');
  });
  it('writes strokes against par the golf way', () => {
    expect(toParText(41)).toBe('\u22124');
    expect(toParText(45)).toBe('E');
    expect(toParText(50)).toBe('+5');
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
  it('writes a countdown as h:mm:ss, never negative', () => {
    expect(formatCountdown(5 * 3600_000 + 3 * 60_000 + 9_000)).toBe('5:03:09');
    expect(formatCountdown(30 * 3600_000)).toBe('30:00:00');
    expect(formatCountdown(-5)).toBe('0:00:00');
  });
});

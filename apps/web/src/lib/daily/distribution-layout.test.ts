import { describe, expect, it } from 'vitest';
import { CHART_WIDTH, chartLayout, chartSlots, clampLabel, labelWidth } from './distribution-layout.ts';

const inside = (l: { text: string; x: number }): boolean =>
  l.x - labelWidth(l.text) / 2 >= 0 && l.x + labelWidth(l.text) / 2 <= CHART_WIDTH;

describe('distribution chart layout', () => {
  it('keeps "you" and the total whole when the player has the leftmost bar (once cut to "ou" and "11")', () => {
    const bars = [
      { total: 111, count: 1 },
      { total: 130, count: 4 },
      { total: 150, count: 2 },
    ];
    const { labels } = chartLayout(bars, 111);
    const mine = labels.filter((l) => l.mine);
    expect(mine.map((l) => l.text).sort()).toEqual(['111', 'you']);
    for (const l of labels) expect(inside(l), `${l.text} at ${l.x}`).toBe(true);
    // Without the clamp the leftmost label's centre sits half a bar from the edge.
    const slot = CHART_WIDTH / 40;
    expect(slot / 2 - labelWidth('111') / 2).toBeLessThan(0);
  });

  it("writes the player's word in the page's language, a wide Japanese word kept inside the edge too", () => {
    const bars = [
      { total: 30, count: 3 },
      { total: 70, count: 1 },
    ];
    const { labels } = chartLayout(bars, 70, 'あなた');
    expect(labels.filter((l) => l.mine).map((l) => l.text)).toContain('あなた');
    expect(labelWidth('あなた')).toBe(2 * labelWidth('you'));
    for (const l of labels) expect(inside(l), `${l.text} at ${l.x}`).toBe(true);
  });

  it('keeps the rightmost labels inside too, and leaves a label with room where it is', () => {
    const { labels } = chartLayout(
      [
        { total: 30, count: 3 },
        { total: 70, count: 1 },
      ],
      70,
    );
    for (const l of labels) expect(inside(l), `${l.text} at ${l.x}`).toBe(true);
    expect(clampLabel(160, 'you')).toBe(160);
    expect(clampLabel(0, 'you')).toBeGreaterThan(0);
    expect(clampLabel(CHART_WIDTH, '-12')).toBeLessThan(CHART_WIDTH);
  });

  it('gives every total between the best and the worst a slot, unless the spread is very wide', () => {
    expect(
      chartSlots([
        { total: 44, count: 2 },
        { total: 41, count: 1 },
      ]).map((b) => b.count),
    ).toEqual([1, 0, 0, 2]);
    expect(
      chartSlots([
        { total: 0, count: 1 },
        { total: 200, count: 1 },
      ]),
    ).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import { longDate } from '../format.ts';
import {
  SHARE_CARD_HEIGHT,
  SHARE_CARD_WIDTH,
  drawShareCard,
  shareCardAlt,
  shareCardFileName,
  type CardContext,
} from './share-card.ts';

const ROUND = {
  date: '2026-11-30',
  holes: [4, 5, 6, 0, 3, 5, 5, 7, 6],
  total: 41,
  rank: 3,
  players: 17,
  percentile: 88,
  site: 'golf.example',
};

/** Records every text the card draws, and checks every rectangle stays on the card. */
function recorder(): { ctx: CardContext; texts: string[]; outside: number } {
  const texts: string[] = [];
  const rec = { outside: 0 };
  const inside = (x: number, y: number, w: number, h: number) => {
    if (x < 0 || y < 0 || x + w > SHARE_CARD_WIDTH || y + h > SHARE_CARD_HEIGHT) rec.outside++;
  };
  const ctx = {
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    font: '',
    textAlign: 'left',
    textBaseline: 'alphabetic',
    fillRect: inside,
    strokeRect: inside,
    roundRect: inside,
    fillText: (s: string, x: number, y: number) => {
      texts.push(s);
      if (x < 0 || x > SHARE_CARD_WIDTH || y < 0 || y > SHARE_CARD_HEIGHT) rec.outside++;
    },
    beginPath: () => {},
    fill: () => {},
    stroke: () => {},
    createLinearGradient: () => ({ addColorStop: () => {} }),
    measureText: (s: string) => ({ width: s.length * 70 }),
  } as unknown as CardContext;
  return {
    ctx,
    texts,
    get outside() {
      return rec.outside;
    },
  };
}

describe('share card', () => {
  it('draws the date, every hole with its par, the total and the rank, all on the card', () => {
    const r = recorder();
    drawShareCard(r.ctx, ROUND);
    expect(r.texts).toContain('Golf Daily');
    expect(r.texts).toContain(longDate('2026-11-30'));
    expect(r.texts).toContain('41');
    expect(r.texts).toContain('(\u22124)');
    expect(r.texts).toContain('Rank 3 of 17');
    for (const h of ['1', '9', 'Par', '45', '7']) expect(r.texts).toContain(h);
    expect(r.outside).toBe(0);
  });

  it('never draws a card of the course', () => {
    const r = recorder();
    drawShareCard(r.ctx, ROUND);
    const cardLike = /\b(?:[A2-9TJQK]|10)[CDHS♣♦♥♠]|[♣♦♥♠]/u;
    expect(r.texts.filter((t) => cardLike.test(t))).toEqual([]);
  });

  it('says in words what the picture shows', () => {
    expect(shareCardAlt(ROUND)).toBe(
      `Golf Daily scorecard for ${longDate('2026-11-30')}: 41 strokes, 4 under par, rank 3 of 17, better than ` +
        'or equal to 88% of the field. Strokes per hole, par 5 each: 4, 5, 6, 0, 3, 5, 5, 7, 6.',
    );
    expect(shareCardAlt({ date: '2026-11-30', holes: [-2, 5], total: 3 })).toBe(
      `Golf Daily scorecard for ${longDate('2026-11-30')}: 3 strokes, 42 under par. Strokes per hole, par 5 each: \u22122, 5.`,
    );
    expect(shareCardFileName('2026-11-30')).toBe('golf-daily-2026-11-30.png');
  });
});

import fc from 'fast-check';
import {
  DRAW,
  PRESET_NAMES,
  PRESETS,
  SCORINGS,
  applyMove,
  dealNumber,
  parseCard,
  parseMove,
  play,
  playableColumns,
  startPosition,
  type Card,
  type HoleScore,
  type Position,
} from '@golf/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGES } from './i18n/languages.ts';
import { useLanguage } from './i18n/locale-testing.ts';
import {
  countText,
  modeLabel,
  presetLabel,
  scoringLabel,
  auditProgressText,
  cardCode,
  cardName,
  cardText,
  formatCountdown,
  holeHeadline,
  holeSoFar,
  isRed,
  longDate,
  matchSummary,
  mediumDate,
  moveTarget,
  moveText,
  moveWords,
  onceInText,
  pValueText,
  refusalText,
  shortDate,
  signed,
  strokesText,
  tellingReasonText,
  toParText,
  toParWords,
  verdictText,
  withCardText,
} from './format.ts';
import { MODES } from './game/practice.svelte.ts';
import { DREW_OVER_2S, PLAYED_10S } from '../../../../packages/engine/test-fixtures/telling.ts';

const card = (t: string): Card => {
  const r = parseCard(t);
  if (!r.ok) throw new Error(t);
  return r.value;
};

/** Seven columns whose exposed cards are `tops` (on filler cards), on the waste card `waste`. */
function table(tops: readonly string[], waste: string, stock: readonly string[]): Position {
  const filler = ['QC', 'QD', 'QH', 'QS', 'JC', 'JD', 'JH', 'JS', 'TC', 'TD', 'TH', 'TS', '9C', '9D'];
  let f = 0;
  const columns = tops.map((t) => [
    ...Array.from({ length: 4 }, () => card(filler[f++ % filler.length]!)),
    card(t),
  ]);
  return startPosition({ columns, waste: card(waste), stock: stock.map(card) }, PRESETS.classic);
}

/** The position after one more move (a log character). */
function applied(pos: Position, ch: string): Position {
  const m = parseMove(ch);
  const r = m.ok ? applyMove(pos, m.value) : m;
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const TOPS = ['6C', '7C', '8C', '2D', 'KD', 'KH', 'KS'];

describe('refusalText', () => {
  it('is null for a legal move', () => {
    const pos = table(TOPS, '5H', ['4S']);
    expect(refusalText(pos, play(1))).toBeNull();
    expect(refusalText(pos, DRAW)).toBeNull();
  });

  it('names the cards when a card does not fit the waste', () => {
    expect(refusalText(table(TOPS, '5H', ['4S']), play(5))).toBe(
      'King of diamonds does not fit on Five of hearts.',
    );
  });

  it('says a column is empty, or the stock is', () => {
    const pos = table(TOPS, '5H', []);
    expect(refusalText({ ...pos, heights: [5, 0, 5, 5, 5, 5, 5] }, play(2))).toBe('Column 2 is empty.');
    expect(refusalText(pos, DRAW)).toBe('The stock is empty.');
  });

  it('checks in the engine’s order: a hole that is over says so first, even for an empty column', () => {
    const over = { ...table(TOPS, 'KC', []), heights: [0, 5, 5, 5, 5, 5, 5] };
    expect(refusalText(over, play(1))).toBe('The hole is over.');
    expect(refusalText(over, play(5))).toBe('The hole is over.');
    expect(refusalText(over, DRAW)).toBe('The hole is over.');
  });
});

describe('cards', () => {
  it('names a card for a screen reader, shows it short in a sentence, and keeps the engine code', () => {
    expect(cardName(card('TD'))).toBe('Ten of diamonds');
    expect(cardText(card('TD'))).toBe('10♦');
    expect(cardText(card('AS'))).toBe('A♠');
    expect(cardCode(card('10D'))).toBe('TD');
    expect([card('KH'), card('2D'), card('3C'), card('QS')].map(isRed)).toEqual([true, true, false, false]);
  });
});

describe('moveText', () => {
  const deal = (() => {
    const d = dealNumber(4242, PRESETS.classic);
    if (!d.ok) throw new Error(d.error.message);
    return d.value;
  })();

  it('names a draw, or the card a play moved and its column', () => {
    // The first column that plays after one draw (deal 4242 has one).
    const afterDraw = applied(startPosition(deal, PRESETS.classic), 'd');
    const col = playableColumns(afterDraw)[0];
    expect(col).toBeDefined();
    const log = `d${col}`;
    expect(moveText(deal, PRESETS.classic, log, 0)).toBe('a draw');
    expect(moveText(deal, PRESETS.classic, log, 1)).toBe(
      `${cardText(deal.columns[col! - 1]![4]!)} from column ${col}`,
    );
    expect(moveText(deal, PRESETS.classic, log, 2)).toBe('the end');
  });
});

describe('moveTarget and moveWords', () => {
  it('decode every log character through the engine, and nothing else', () => {
    for (let c = 1; c <= 7; c++) {
      expect(moveTarget(String(c))).toBe(c);
      expect(moveWords(String(c))).toBe(`column ${c}`);
      expect(moveWords(String(c), true)).toBe(`col ${c}`);
    }
    expect(moveTarget('d')).toBe('draw');
    expect(moveWords('d')).toBe('draw');
    for (const bad of ['0', '8', 'D', 'x', '', '12', undefined]) expect(moveTarget(bad)).toBeNull();
  });
});

describe('numbers and scores', () => {
  it('writes negatives with a real minus sign', () => {
    expect([signed(-3), signed(0), signed(-0), signed(12)]).toEqual(['\u22123', '0', '0', '12']);
    expect([strokesText(1), strokesText(-1), strokesText(-2), strokesText(4)]).toEqual([
      '1 stroke',
      '\u22121 stroke',
      '\u22122 strokes',
      '4 strokes',
    ]);
  });

  it('writes strokes against par the golf way', () => {
    expect(toParText(41)).toBe('\u22124');
    expect(toParText(45)).toBe('E');
    expect(toParText(50)).toBe('+5');
    expect(toParText(12, 10)).toBe('+2');
    expect([toParWords(45), toParWords(47), toParWords(40)]).toEqual([
      'level par',
      '2 over par',
      '5 under par',
    ]);
  });

  const score = (over: Partial<HoleScore>): HoleScore => ({
    over: true,
    cleared: false,
    cardsLeft: 4,
    stockLeft: 0,
    strokes: 4,
    points: 120,
    ...over,
  });

  it('heads a finished hole in each scoring', () => {
    const lost = score({});
    const won = score({ cleared: true, cardsLeft: 0, stockLeft: 3, strokes: -3, points: 990 });
    expect(holeHeadline(lost, 'strokes')).toBe('Hole over: 4 strokes (birdie)');
    expect(holeHeadline(won, 'strokes')).toBe('Cleared! \u22123 strokes (condor)');
    expect(holeHeadline(lost, 'points')).toBe('Hole over: 120 points, 4 cards left');
    expect(holeHeadline(won, 'points')).toBe('Cleared! 990 points');
    expect(holeHeadline(lost, 'won')).toBe('Not cleared: 4 cards left');
    expect(holeHeadline(won, 'won')).toBe('Cleared! You win the hole.');
    expect(SCORINGS.map((s) => holeSoFar(lost, s))).toEqual(['4 strokes', '120 points', '4 to clear']);
    expect(holeSoFar(won, 'won')).toBe('won');
  });

  it('sums up a match in each scoring', () => {
    const holes = [
      ...Array.from({ length: 8 }, () => score({})),
      score({ cleared: true, strokes: -2, points: 700 }),
    ];
    expect(matchSummary(holes, 'strokes')).toBe('Match complete: 30 strokes, 15 under par (par 45).');
    expect(matchSummary(holes, 'points')).toBe('Match complete: 1,660 points in nine holes.');
    expect(matchSummary(holes, 'won')).toBe('Match complete: 1 of 9 holes cleared.');
  });
});

describe('labels', () => {
  it('has one distinct label for every preset, scoring and mode', async () => {
    for (const language of LANGUAGES) {
      await useLanguage(language);
      for (const texts of [PRESET_NAMES.map(presetLabel), SCORINGS.map(scoringLabel), MODES.map(modeLabel)]) {
        expect(texts.every((t) => t.length > 0)).toBe(true);
        expect(new Set(texts).size).toBe(texts.length);
      }
    }
    await useLanguage('de');
    expect(presetLabel('classic')).toBe('Klassisch');
    await useLanguage(null);
  });
});

describe('the fair-play audit', () => {
  it('says how rare evidence is without ever rounding the odds up', () => {
    expect(onceInText(0.001)).toBe('1,000');
    expect(onceInText(0.25)).toBe('4');
    expect(onceInText(1.2e-7)).toBe('8.3 million');
    expect(onceInText(3e-10)).toBe('3.3 billion');
    expect(onceInText(1e-13)).toBe('a trillion');
    expect(onceInText(0)).toBe('a trillion');
  });

  it('writes p-values as people do', () => {
    expect(pValueText(1)).toBe('1');
    expect(pValueText(0.25)).toBe('0.25');
    expect(pValueText(0.0042)).toBe('0.0042');
    expect(pValueText(1.2e-7)).toBe('1.2 × 10⁻⁷');
    expect(pValueText(5e-12)).toBe('5 × 10⁻¹²');
  });

  it("says a round's verdict and the day's progress in plain words", () => {
    expect(verdictText({ flagged: false, pValue: 1, telling: 0, decisions: 100 })).toBe(
      'Clean: no evidence of knowing the stock.',
    );
    expect(verdictText({ flagged: true, pValue: 1e-4, telling: 9, decisions: 100 })).toBe(
      'Under review: an honest round gets a p-value this low at most once in 10,000 rounds (the line is once in 1,000).',
    );
    expect(auditProgressText(null)).toBe('Fair-play audit: not started yet.');
    expect(auditProgressText({ rounds: 130, audited: 120, flagged: 1, complete: false })).toBe(
      'Fair-play audit: 120 of 130 rounds checked, 1 under review so far.',
    );
    expect(auditProgressText({ rounds: 1, audited: 1, flagged: 0, complete: true })).toBe(
      'Fair-play audit complete: 1 round checked, 0 under review.',
    );
  });

  it('shows card codes in a sentence as the table does', () => {
    expect(withCardText('Drew with 7C playable; TH and KS next')).toBe(
      'Drew with 7♣ playable; 10♥ and K♠ next',
    );
    expect(withCardText('AS is not a code in ASK')).toBe('A♠ is not a code in ASK');
  });
});

describe('dates and times', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('shows the course day (UTC) whatever the reader’s time zone', () => {
    for (const tz of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
      process.env.TZ = tz;
      const long = longDate('2026-11-30');
      expect(long).toBe(
        new Date(Date.UTC(2026, 10, 30)).toLocaleDateString(undefined, {
          weekday: 'long',
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          timeZone: 'UTC',
        }),
      );
      expect(long).toMatch(/30/);
      expect(longDate('2026-11-30', { year: false })).not.toMatch(/2026/);
      expect(shortDate('2026-11-30').day).toMatch(/30/);
      expect(mediumDate('2026-11-30')).toMatch(/30/);
      expect(mediumDate('2026-11-30')).toMatch(/2026/);
    }
  });

  it('counts down as h:mm:ss, never negative', () => {
    expect(formatCountdown(5 * 3600_000 + 3 * 60_000 + 9_000)).toBe('5:03:09');
    expect(formatCountdown(30 * 3600_000)).toBe('30:00:00');
    expect(formatCountdown(-5)).toBe('0:00:00');
  });
});

describe('tellingReasonText', () => {
  it("words the audit's graded reason, cards as glyphs", () => {
    expect(tellingReasonText(DREW_OVER_2S)).toBe(
      'Drew with 2♦ and 2♠ playable: without knowing the stock, playing 2♠ (column 6) lost 4.5 strokes less on average; with the stock known, the draw was best: the real stock ranks 1st of 5 orders for it.',
    );
    expect(tellingReasonText({ ...PLAYED_10S, realStrokes: 1, of: 12 })).toBe(
      'Played 10♠ from column 4: without knowing the stock, drawing lost 2.0 strokes less on average; with the stock known, this play lost only 1 stroke: the real stock ranks 2nd of 12 orders for it.',
    );
  });
});

describe('countText', () => {
  it('writes a whole number as toLocaleString("en") does, and any other number too', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }), fc.double({ noNaN: true })),
        (n) => {
          expect(countText(n)).toBe(n.toLocaleString('en'));
        },
      ),
    );
  });

  it('writes 0 to 1,000 as Intl does in every language (the small counts skip Intl)', async () => {
    for (const language of LANGUAGES) {
      await useLanguage(language);
      const intl = new Intl.NumberFormat(language);
      for (let n = 0; n <= 1000; n++) expect(countText(n)).toBe(intl.format(n));
      for (const n of [12345, -0, -1, 0.5, 999.5]) expect(countText(n)).toBe(intl.format(n));
    }
    await useLanguage(null);
  });
});

/**
 * The share card: a picture of a finished round for the system share sheet, drawn on a canvas in the browser.
 * It carries what the share text carries (the date, each hole's strokes against its par, the total, the rank)
 * and never a card of the course, so it spoils nothing for someone yet to play.
 */
import { m } from '../i18n/index.ts';
import { percentText } from '../i18n/intl.ts';
import { MATCH_PAR, PAR_PER_HOLE } from '@golf/engine';
import { longDate, signed, strokesText, toParText, toParWords } from '../format.ts';
import type { SharedRound } from './share.ts';

export interface ShareCardInput extends SharedRound {
  readonly percentile?: number | null;
  /** Where the course is played, printed at the foot (the page's origin without its scheme). */
  readonly site?: string;
}

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

/** The few drawing calls the card uses (a canvas 2D context, or a recorder in tests). */
export type CardContext = Pick<
  CanvasRenderingContext2D,
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
  | 'fillRect'
  | 'strokeRect'
  | 'fillText'
  | 'beginPath'
  | 'roundRect'
  | 'fill'
  | 'stroke'
  | 'createLinearGradient'
  | 'measureText'
>;

const COLOURS = {
  felt: '#0f4d2e',
  feltDark: '#0a3820',
  ink: '#f4f1e8',
  muted: '#c9d8cd',
  accent: '#ffd166',
  under: '#9ff0b8',
  over: '#ffb3a7',
  line: 'rgba(255, 255, 255, 0.25)',
  cell: 'rgba(0, 0, 0, 0.28)',
} as const;

const FONT =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Hiragino Sans', 'Yu Gothic', Meiryo, 'Noto Sans JP', 'Noto Sans CJK JP', 'IPAexGothic', 'IPAGothic', sans-serif";

/** "Rank 3 of 17", or null before the rank is known. */
export const rankLine = (input: ShareCardInput): string | null =>
  input.rank && input.players ? m.result_rank({ rank: input.rank, players: input.players }) : null;

/** "better than or equal to 88% of the field" (the result page's words), or null. */
export const percentileLine = (input: ShareCardInput): string | null =>
  input.rank && input.players && typeof input.percentile === 'number'
    ? m.result_percentile({ percent: percentText(input.percentile / 100) })
    : null;

/** The picture's text alternative: every number it shows, in words. */
export function shareCardAlt(input: ShareCardInput): string {
  // In a sentence: "rank 3 of 17" (the picture's line is a heading: "Rank 3 of 17").
  const rank =
    input.rank && input.players ? m.sharecard_rank({ rank: input.rank, players: input.players }) : null;
  const percentile = percentileLine(input);
  return m.sharecard_alt({
    date: longDate(input.date),
    strokes: strokesText(input.total),
    toPar: toParWords(input.total),
    rank: `${rank ? `, ${rank}` : ''}${percentile ? `, ${percentile}` : ''}`,
    par: PAR_PER_HOLE,
    holes: input.holes.map(signed).join(', '),
  });
}

/** Draws the card on a SHARE_CARD_WIDTH × SHARE_CARD_HEIGHT context. */
export function drawShareCard(ctx: CardContext, input: ShareCardInput): void {
  const W = SHARE_CARD_WIDTH;
  const H = SHARE_CARD_HEIGHT;
  const bg = ctx.createLinearGradient(0, 0, 0, H);
  bg.addColorStop(0, COLOURS.felt);
  bg.addColorStop(1, COLOURS.feltDark);
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, W, H);

  const text = (
    s: string,
    x: number,
    y: number,
    size: number,
    colour: string,
    weight = 400,
    align: CanvasTextAlign = 'left',
  ) => {
    ctx.font = `${weight} ${size}px ${FONT}`;
    ctx.fillStyle = colour;
    ctx.textAlign = align;
    ctx.fillText(s, x, y);
  };
  ctx.textBaseline = 'alphabetic';

  // Header: the name and the day.
  text('Golf Daily', 64, 96, 52, COLOURS.ink, 800);
  text(longDate(input.date), W - 64, 96, 34, COLOURS.muted, 400, 'right');

  // The total against par, and the rank.
  text(String(input.total), 64, 250, 128, COLOURS.ink, 800);
  ctx.font = `800 128px ${FONT}`;
  const after = 64 + ctx.measureText(String(input.total)).width + 24;
  text(`(${toParText(input.total)})`, after, 250, 56, COLOURS.muted, 500);
  const rank = rankLine(input);
  text(rank ?? m.result_ranking(), W - 64, 200, 44, rank ? COLOURS.accent : COLOURS.muted, 700, 'right');
  const percentile = percentileLine(input);
  if (percentile) text(percentile, W - 64, 250, 28, COLOURS.muted, 400, 'right');

  // The scorecard: holes 1..9 and the total; par; strokes.
  const left = 64;
  const top = 320;
  const labelW = 150;
  const cols = input.holes.length + 1;
  const cellW = (W - 2 * left - labelW) / cols;
  const rowH = 72;
  const rows: readonly { label: string; cells: readonly string[]; strong?: boolean }[] = [
    { label: m.scorecard_hole(), cells: [...input.holes.map((_, i) => String(i + 1)), m.scorecard_tot()] },
    { label: m.scorecard_par(), cells: [...input.holes.map(() => String(PAR_PER_HOLE)), String(MATCH_PAR)] },
    { label: m.scorecard_score(), cells: [...input.holes.map(signed), String(input.total)], strong: true },
  ];
  rows.forEach((row, r) => {
    const y = top + r * rowH;
    ctx.fillStyle = COLOURS.cell;
    ctx.beginPath();
    ctx.roundRect(left, y + 4, W - 2 * left, rowH - 8, 12);
    ctx.fill();
    text(row.label, left + 20, y + rowH / 2 + 13, 32, COLOURS.muted, 600);
    row.cells.forEach((cell, c) => {
      const x = left + labelW + c * cellW + cellW / 2;
      const strokes = input.holes[c];
      const colour =
        row.strong && strokes !== undefined
          ? strokes < PAR_PER_HOLE
            ? COLOURS.under
            : strokes > PAR_PER_HOLE
              ? COLOURS.over
              : COLOURS.ink
          : row.strong
            ? COLOURS.accent
            : COLOURS.ink;
      text(cell, x, y + rowH / 2 + 14, row.strong ? 40 : 34, colour, row.strong ? 800 : 500, 'center');
    });
  });

  // Foot: the site.
  text(
    input.site ? `Play today's course: ${input.site}` : "Play today's course at Golf Daily",
    64,
    H - 40,
    28,
    COLOURS.muted,
  );
}

/** The image file's name: `golf-daily-2026-11-30.png`. */
export const shareCardFileName = (date: string): string => `golf-daily-${date}.png`;

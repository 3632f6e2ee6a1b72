/**
 * The geometry of the field's distribution chart (Distribution.svelte): one slot per total from the best to
 * the worst (empty ones too, unless the spread is very wide), a bar per slot, the totals underneath and "you"
 * above the player's bar. Every label is kept whole inside the viewBox: a label whose centre would put part of
 * it past an edge is moved in (the leftmost bar's "you" and "111" were cut to "ou" and "11").
 */
import type { DistributionEntry } from '@golf/api';

export const CHART_WIDTH = 320;
export const CHART_HEIGHT = 120;
const PAD_B = 18;
const PAD_T = 14;
/** The labels' font size in viewBox units, and the width of one character at it (a generous estimate). */
export const LABEL_SIZE = 10;
const CHAR_WIDTH = 0.62 * LABEL_SIZE;

export interface ChartBar {
  readonly total: number;
  readonly count: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly mine: boolean;
}

export interface ChartLabel {
  readonly text: string;
  /** The centre of the text (text-anchor middle). */
  readonly x: number;
  readonly y: number;
  readonly mine: boolean;
}

/** Estimated width of a label in viewBox units: kana, kanji and other wide letters count twice. */
export const labelWidth = (text: string): number =>
  [...text].reduce((w, ch) => w + (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60]/.test(ch) ? 2 : 1), 0) *
  CHAR_WIDTH;

/** A label's centre, moved in so that all of its estimated width lies inside [0, width]. */
export function clampLabel(centre: number, text: string, width: number = CHART_WIDTH): number {
  const half = labelWidth(text) / 2 + 1;
  return Math.min(Math.max(centre, half), width - half);
}

/** Every total from the best to the worst (empty ones too); a very wide spread keeps only totals scored. */
export function chartSlots(bars: readonly DistributionEntry[]): DistributionEntry[] {
  const byTotal = [...bars].sort((a, b) => a.total - b.total);
  const lo = byTotal[0]?.total ?? 0;
  const hi = byTotal[byTotal.length - 1]?.total ?? 0;
  if (byTotal.length === 0 || hi - lo > 80) return byTotal;
  const counts = new Map(byTotal.map((b) => [b.total, b.count]));
  return Array.from({ length: hi - lo + 1 }, (_, i) => ({ total: lo + i, count: counts.get(lo + i) ?? 0 }));
}

/** `you`: the word over the player's own bar, in the page's language. */
export function chartLayout(
  bars: readonly DistributionEntry[],
  mine: number | null,
  you = 'you',
): { bars: ChartBar[]; labels: ChartLabel[] } {
  const slots = chartSlots(bars);
  const max = Math.max(1, ...slots.map((b) => b.count));
  const slot = slots.length === 0 ? CHART_WIDTH : CHART_WIDTH / slots.length;
  const barW = Math.max(2, Math.min(28, slot * 0.8));
  const every = Math.max(1, Math.ceil(slots.length / 12));
  const out: ChartBar[] = [];
  const labels: ChartLabel[] = [];
  slots.forEach((b, i) => {
    const h = ((CHART_HEIGHT - PAD_B - PAD_T) * b.count) / max;
    const x = i * slot + (slot - barW) / 2;
    const isMine = b.total === mine;
    const y = CHART_HEIGHT - PAD_B - h;
    out.push({
      total: b.total,
      count: b.count,
      x,
      y,
      width: barW,
      height: b.count > 0 ? Math.max(1, h) : 0,
      mine: isMine,
    });
    const centre = x + barW / 2;
    if (isMine || i % every === 0) {
      const text = String(b.total);
      labels.push({ text, x: clampLabel(centre, text), y: CHART_HEIGHT - 4, mine: isMine });
    }
    if (isMine)
      labels.push({ text: you, x: clampLabel(centre, you), y: Math.max(PAD_T - 3, y - 3), mine: true });
  });
  return { bars: out, labels };
}

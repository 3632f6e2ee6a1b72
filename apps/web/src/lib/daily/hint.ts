/**
 * The daily hint: the longest run of column plays from the position, found with the visible cards only (the
 * stock is unknown while the day is open, so the hint never looks past the next draw). Among runs of equal
 * length the first found in column order wins.
 */
import { COLUMNS, rankFits, rankOf, type Position } from '@golf/engine';

const MAX_NODES = 50_000;

/** The longest sequence of columns to play before the next draw (empty when nothing plays). */
export function longestRun(pos: Position): number[] {
  const h = pos.heights.slice();
  const cols = pos.deal.columns;
  const rules = pos.rules;
  const memo = new Map<string, number[]>();
  let nodes = 0;

  const search = (topRank: number): number[] => {
    const key = `${h.join('')}:${topRank}`;
    const seen = memo.get(key);
    if (seen) return seen;
    if (++nodes > MAX_NODES) return [];
    let best: number[] = [];
    for (let c = 0; c < COLUMNS; c++) {
      const hc = h[c]!;
      if (hc === 0) continue;
      const r = rankOf(cols[c]![hc - 1]!);
      if (!rankFits(rules, topRank, r)) continue;
      h[c] = hc - 1;
      const rest = search(r);
      h[c] = hc;
      if (rest.length + 1 > best.length) best = [c + 1, ...rest];
    }
    memo.set(key, best);
    return best;
  };

  if (h.every((x) => x === 0)) return [];
  return search(pos.top === null ? -1 : rankOf(pos.top));
}

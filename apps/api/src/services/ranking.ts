/**
 * The one place the standings' rules live, for the day, leagues, seasons and a player's history: standings
 * order, equal scores sharing a rank (1, 2, 2, 4), a rank as one more than the finishers ahead, the distribution
 * of totals and the percentile. Pure.
 */

/** Ranked finishers per total, ascending. */
export type Distribution = readonly { readonly total: number; readonly count: number }[];

/** The distribution of some totals, ascending. */
export function distributionOf(totals: Iterable<number>): { total: number; count: number }[] {
  const counts = new Map<number, number>();
  for (const total of totals) counts.set(total, (counts.get(total) ?? 0) + 1);
  return [...counts].sort((a, b) => a[0] - b[0]).map(([total, count]) => ({ total, count }));
}

/** How many finishers in the distribution have a lower total than `total` (a rank is one more). */
export const finishersAhead = (distribution: Distribution, total: number): number =>
  distribution.reduce((sum, d) => (d.total < total ? sum + d.count : sum), 0);

export const finishersIn = (distribution: Distribution): number =>
  distribution.reduce((sum, d) => sum + d.count, 0);

/** The share of `players` ranked finishers whose total is the same or worse, `ahead` being ahead: whole percent. */
export const percentileOf = (players: number, ahead: number): number =>
  players === 0 ? 100 : Math.floor((100 * (players - ahead)) / players);

/**
 * Ranks rows already in standings order, the page of a longer list from its `offset`-th row: a row that `ties`
 * the one before it shares its rank, any other row's rank is its place (one more than the rows before it). The
 * first row's rank is `firstRank` (one more than the finishers ahead of it, when it ties rows before the page).
 */
export function ranked<T>(
  rows: readonly T[],
  ties: (a: T, b: T) => boolean,
  offset = 0,
  firstRank = offset + 1,
): { readonly rank: number; readonly row: T }[] {
  const out: { rank: number; row: T }[] = [];
  for (const [i, row] of rows.entries()) {
    const previous = out[i - 1];
    const rank =
      previous === undefined ? firstRank : ties(previous.row, row) ? previous.rank : offset + i + 1;
    out.push({ rank, row });
  }
  return out;
}

/** Whether two finished rounds tie in the standings. */
export const sameTotal = (a: { readonly total: number }, b: { readonly total: number }): boolean =>
  a.total === b.total;

/** Counts per value, ascending by value: `[value, count]` pairs, each count at least 1 (a hole's strokes). */
export type Counts = readonly (readonly [value: number, count: number])[];

/**
 * The median of the values a distribution counts: the middle value of the sorted values for an odd number of
 * them, the mean of the two middle ones for an even number (so it may end in .5); null when it counts nothing.
 * Reads only the distribution, never the values one by one.
 */
export function medianOf(distribution: Counts): number | null {
  const n = distribution.reduce((sum, [, count]) => sum + count, 0);
  if (n === 0) return null;
  // The values at 0-based places ⌊(n−1)/2⌋ and ⌊n/2⌋ of the sorted list (the same place when n is odd).
  const at = (place: number): number => {
    let seen = 0;
    for (const [value, count] of distribution) {
      seen += count;
      if (place < seen) return value;
    }
    throw new Error('unreachable: place beyond the distribution');
  };
  return (at(Math.floor((n - 1) / 2)) + at(Math.floor(n / 2))) / 2;
}

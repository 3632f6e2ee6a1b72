/**
 * The bets on the real stock: which orders a segment's decisions are judged on, and what each bet pays
 * (docs/fair-play.md#capitals-and-bets).
 */
import { type AuditBet } from './audit-shapes.ts';

/** The outcomes `lo..hi` that pay a probe's bets as the real stock's outcome did. */
export interface OutcomeRange {
  readonly lo: number;
  readonly hi: number;
}

/**
 * Judges the decisions of one segment in log order on the orders they share: the real stock's and the samples'. Probe
 * `k` has outcome `real[k]` on the real stock and `samples[s][k]` on sample `s`, and the bets `users[k]` ride on it;
 * `decisions[j]` lists the probes of the segment's decision `j`. A decision is judged only on the orders that agree
 * with the real stock at every probe revealed before it in the segment (its outcome there in the range the real stock
 * revealed): given the outcomes of all the orders, the real stock is equally likely to sit at any place among those,
 * so each bet is fair given the bets before it. Judging every decision on all the samples is not: two decisions whose
 * outcomes go together would be paid twice on the same orders (docs/fair-play.md#proof).
 *
 * A probe reveals its range (`outcomeRange` of the real stock's outcome, as its bets' thresholds cut it) when some
 * sample still agrees at its decision: a rule on the number of orders, never on where the real stock sits among them.
 * Returns, for each probe, the outcomes its bets are placed on (the real stock's first, then the agreeing samples')
 * and its range, null when it revealed nothing.
 */
export function judgeInTurn(
  real: readonly number[],
  samples: readonly (readonly number[])[],
  decisions: readonly (readonly number[])[],
  users: readonly (readonly AuditBet[])[],
  cap: number,
): { outcomes: number[][]; ranges: (OutcomeRange | null)[] } {
  const agrees = samples.map(() => true);
  const outcomes: number[][] = real.map(() => []);
  const ranges: (OutcomeRange | null)[] = real.map(() => null);
  for (const probes of decisions) {
    const reveals = agrees.includes(true);
    for (const k of probes) {
      outcomes[k] = [real[k]!, ...samples.flatMap((o, s) => (agrees[s] ? [o[k]!] : []))];
      if (reveals) ranges[k] = outcomeRange(real[k]!, users[k]!, cap);
    }
    samples.forEach((o, s) => {
      if (probes.some((k) => ranges[k] !== null && (o[k]! < ranges[k]!.lo || o[k]! > ranges[k]!.hi)))
        agrees[s] = false;
    });
  }
  return { outcomes, ranges };
}

/**
 * A bet's factor from a decision's outcomes, the real stock's first, then the accepted samples'. The bet succeeds on
 * an order when the move taken lost fewer than `bet.below` strokes there. It is placed when at least `minFailing`
 * orders fail it and at least one succeeds (a rule on the whole multiset); it then pays `1 - stake + stake · n / s`
 * when the real stock succeeds, `n` orders of which `s` succeed, and keeps `1 - stake` when it fails. For an honest
 * player, who is equally likely to hold any place among the orders, its mean is exactly 1: `(s/n) (1 - stake + stake
 * n / s) + (1 - s/n) (1 - stake) = 1`.
 */
export function betFactor(outcomes: readonly number[], bet: AuditBet, minFailing: number): number {
  const n = outcomes.length;
  let succeed = 0;
  for (const o of outcomes) if (o < bet.below) succeed++;
  if (succeed === 0 || n - succeed < minFailing) return 1;
  return outcomes[0]! < bet.below ? 1 - bet.stake + (bet.stake * n) / succeed : 1 - bet.stake;
}

/** A capital's factor at a decision: the mean of its bets' factors (a mean of fair bets is fair). */
export function capitalFactor(
  outcomes: readonly number[],
  bets: readonly AuditBet[],
  minFailing: number,
): number {
  return bets.reduce((sum, bet) => sum + betFactor(outcomes, bet, minFailing), 0) / bets.length;
}

/**
 * The outcomes that pay every bet of `bets` as the real outcome `real` did: the range `lo..hi` (within `0..lossCap`)
 * between the bets' thresholds.
 */
export function outcomeRange(real: number, bets: readonly AuditBet[], lossCap: number): OutcomeRange {
  let lo = 0;
  let hi = lossCap;
  for (const b of bets) {
    if (real < b.below) hi = Math.min(hi, b.below - 1);
    else lo = Math.max(lo, b.below);
  }
  return { lo, hi };
}

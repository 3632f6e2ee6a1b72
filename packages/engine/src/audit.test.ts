import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditHole, auditRound, combineAudit, roundEvidence } from './audit.ts';
import { betFactor, capitalFactor, judgeInTurn, outcomeRange } from './audit-bets.ts';
import { examineHole, type ExaminedHole } from './audit-hole.ts';
import { verdictLot, verdictUniform } from './audit-lot.ts';
import { drawSamples, OrderStream, SegmentOrders } from './audit-orders.ts';
import { optionValues, outcomeOn, type AuditProbe } from './audit-outcomes.ts';
import {
  AUDIT_ALPHA,
  AUDIT_CAPITALS,
  AUDIT_LOSS_CAP,
  AUDIT_MIN_FAILING,
  AUDIT_PARTS,
  AUDIT_ROUND_CAP,
  AUDIT_SWITCH,
  AUDIT_VERSION,
} from './audit-settings.ts';
import type { AuditBet, AuditSwitch } from './audit-shapes.ts';
import { auditSteps, type AuditStep } from './audit-steps.ts';
import type { HoleAudit } from './audit-verdict.ts';
import type { Card } from './card.ts';
import { dealNumber, type Deal } from './deal.ts';
import { PRESETS } from './rules.ts';
import { Xoshiro128 } from './rng.ts';
import { solve } from './solve.ts';
import { DealSearch } from './solve-fast.ts';
import { makeMove } from './game.ts';
import { planRun } from './hint.ts';
import { firstMoveLog, randomLog, unwrap } from '../test-fixtures/play.ts';
import { DREW_OVER_2S } from '../test-fixtures/telling.ts';

const rules = PRESETS.classic;
const deal = (n: number): Deal => unwrap(dealNumber(n, rules));
const perfectLog = (d: Deal): string => unwrap(solve(d, rules)).log;
const greedyLog = (d: Deal): string => firstMoveLog(d, rules);
/** The audit of a round of these deals, each played by `play`. */
const auditedRound = (numbers: readonly number[], play: (d: Deal) => string) => {
  const deals = numbers.map(deal);
  return unwrap(auditRound(deals, rules, deals.map(play)));
};
const capitals = AUDIT_PARTS.length * AUDIT_CAPITALS.length;
/** Capital `b`'s weight in the round's evidence (`HoleAudit.evidence`'s order): its part's weight times its own. */
const weightOf = (b: number) =>
  AUDIT_PARTS[Math.floor(b / AUDIT_CAPITALS.length)]!.weight *
  AUDIT_CAPITALS[b % AUDIT_CAPITALS.length]!.weight;
/** Where the capitals that switch from hole to hole (`AUDIT_SWITCH`) sit in `HoleAudit.evidence`. */
const switching = AUDIT_SWITCH.capitals.map((c) => AUDIT_SWITCH.part * AUDIT_CAPITALS.length + c);
/** The round's weight the switching capitals hold together. */
const heldWeight = switching.reduce((sum, b) => sum + weightOf(b), 0);
/** Every bet any capital places. */
const AUDIT_BETS = AUDIT_CAPITALS.flatMap((c) => c.bets);

// Audits solve many positions; shared machines can be slow.
const SLOW = 60_000;

/** Every order of `cards`. */
function permutations(cards: readonly Card[]): Card[][] {
  if (cards.length <= 1) return [cards.slice()];
  return cards.flatMap((c, i) =>
    permutations([...cards.slice(0, i), ...cards.slice(i + 1)]).map((p) => [c, ...p]),
  );
}

/** The exact mean of `betFactor` over the real stock's place among the outcomes (every place equally likely). */
function meanOverPlaces(outcomes: readonly number[], bet: AuditBet, minFailing: number): number {
  let sum = 0;
  for (let i = 0; i < outcomes.length; i++) {
    const placed = [outcomes[i]!, ...outcomes.slice(0, i), ...outcomes.slice(i + 1)];
    sum += betFactor(placed, bet, minFailing);
  }
  return sum / outcomes.length;
}

/** The outcome of a probe were the unseen cards in `order` (the stock drawn so far, then `order`). */
function outcomeWith(d: Deal, probe: AuditProbe, order: readonly Card[]): number {
  const search = new DealSearch(
    { ...d, stock: [...d.stock.slice(0, probe.step.pos.drawn), ...order] },
    rules,
  );
  try {
    return outcomeOn(search, probe) ?? AUDIT_LOSS_CAP;
  } finally {
    search.release();
  }
}

/** A hole played by random choices (`randomLog`) on deal number `n`, and a free number to pick with. */
const randomHole = [
  fc.integer({ min: 1, max: 2000 }),
  fc.array(fc.nat(20), { minLength: 60, maxLength: 60 }),
  fc.nat(),
] as const;
const arbOutcomes = fc.array(fc.integer({ min: 0, max: AUDIT_LOSS_CAP }), { minLength: 1, maxLength: 12 });
const arbBet = fc.record({
  below: fc.integer({ min: 1, max: AUDIT_LOSS_CAP }),
  stake: fc.double({ min: 0, max: 1, noNaN: true }),
});

describe('betFactor', () => {
  it('property: an honest player wins nothing on average, whatever the outcomes, the bet and the rule', () => {
    // For an honest player the real stock and the accepted orders are exchangeable: given the multiset of their
    // outcomes, the real stock is equally likely to be any of them. The factor's mean over those places must be
    // exactly 1 (the no-bet rule looks at the multiset only, so it keeps the mean at 1 too).
    fc.assert(
      fc.property(arbOutcomes, arbBet, fc.integer({ min: 1, max: 4 }), (outcomes, bet, minFailing) => {
        expect(meanOverPlaces(outcomes, bet, minFailing)).toBeCloseTo(1, 12);
      }),
      { numRuns: 2000, seed: 3 },
    );
  });

  it('property: a miss keeps 1 - stake of the capital, never less, and a success never pays less than 1', () => {
    fc.assert(
      fc.property(arbOutcomes, arbBet, fc.integer({ min: 1, max: 4 }), (outcomes, bet, minFailing) => {
        const f = betFactor(outcomes, bet, minFailing);
        if (outcomes[0]! < bet.below) expect(f).toBeGreaterThanOrEqual(1);
        else expect(f === 1 || Math.abs(f - (1 - bet.stake)) < 1e-12).toBe(true);
      }),
      { numRuns: 1000, seed: 5 },
    );
  });

  it('pays n / s of the stake when the real stock succeeds, keeps 1 - stake when it fails, bets only on a split', () => {
    const best = { below: 1, stake: 0.9 };
    // The real stock best (0), 1 of the 3 samples too: 2 of 4 orders succeed, 0.1 + 0.9 · 4 / 2 = 1.9.
    expect(betFactor([0, 1, 0, 2], best, 1)).toBeCloseTo(1.9, 12);
    // Alone among 4: 0.1 + 0.9 · 4 = 3.7.
    expect(betFactor([0, 1, 3, 2], best, 1)).toBeCloseTo(3.7, 12);
    // The real stock lost a stroke: a miss, 0.1 is kept.
    expect(betFactor([1, 0, 0, 2], best, 1)).toBeCloseTo(0.1, 12);
    // A one-stroke loss is no miss for the bet on "fewer than 2".
    expect(betFactor([1, 0, 3, 2], { below: 2, stake: 0.9 }, 1)).toBeCloseTo(0.1 + (0.9 * 4) / 2, 12);
    // Every order succeeds, or none does: no bet.
    expect(betFactor([0, 0, 0], best, 1)).toBe(1);
    expect(betFactor([2, 1, 3], best, 1)).toBe(1);
    // With two failing orders needed, one is not enough.
    expect(betFactor([0, 1, 0, 0], best, 2)).toBe(1);
    expect(betFactor([0, 1, 1, 0], best, 2)).toBeCloseTo(0.1 + (0.9 * 4) / 2, 12);
  });
});

describe('what a decision reveals', () => {
  it('property: a revealed range pays every bet alike over it, and holds the real outcome', () => {
    fc.assert(
      fc.property(arbOutcomes, fc.integer({ min: 1, max: 3 }), (outcomes, minFailing) => {
        const samples = outcomes.slice(1);
        const { lo, hi } = outcomeRange(outcomes[0]!, AUDIT_BETS, AUDIT_LOSS_CAP);
        expect(lo).toBeLessThanOrEqual(outcomes[0]!);
        expect(hi).toBeGreaterThanOrEqual(outcomes[0]!);
        for (let r = lo; r <= hi; r++)
          for (const b of AUDIT_BETS)
            expect(betFactor([r, ...samples], b, minFailing)).toBe(betFactor(outcomes, b, minFailing));
      }),
      { numRuns: 1000, seed: 6 },
    );
  });

  // The decisions of a segment share its orders. Given the orders' outcomes (a table: order by probe), an honest
  // player's real stock is equally likely to be any of them; each capital's product over the segment must then have
  // mean exactly 1 over the real stock's place. Any table, any bets, one or two capitals (probes) a decision.
  it('property: judged by judgeInTurn, a segment of decisions on shared orders wins nothing on average, for each capital', () => {
    const capitalBets = AUDIT_CAPITALS.map((c) => c.bets).slice(0, 4);
    const arbSegment = fc
      .record({
        orders: fc.integer({ min: 1, max: 6 }),
        decisions: fc.integer({ min: 1, max: 4 }),
        probes: fc.integer({ min: 1, max: 2 }),
        bets: fc.array(fc.integer({ min: 0, max: capitalBets.length - 1 }), { minLength: 2, maxLength: 2 }),
      })
      .chain((shape) =>
        fc.record({
          shape: fc.constant(shape),
          table: fc.array(
            fc.array(fc.integer({ min: 0, max: AUDIT_LOSS_CAP }), {
              minLength: shape.decisions * shape.probes,
              maxLength: shape.decisions * shape.probes,
            }),
            { minLength: shape.orders, maxLength: shape.orders },
          ),
          minFailing: fc.integer({ min: 1, max: 2 }),
        }),
      );
    fc.assert(
      fc.property(arbSegment, ({ shape, table, minFailing }) => {
        // Probe k = j * probes + c: decision j's probe for capital c.
        const decisions = Array.from({ length: shape.decisions }, (_, j) =>
          Array.from({ length: shape.probes }, (_, c) => j * shape.probes + c),
        );
        const users = decisions.flatMap((ks) => ks.map((_, c) => capitalBets[shape.bets[c]!]!));
        const means = Array.from({ length: shape.probes }, () => 0);
        for (let r = 0; r < table.length; r++) {
          const samples = table.filter((_, s) => s !== r);
          const judged = judgeInTurn(table[r]!, samples, decisions, users, AUDIT_LOSS_CAP);
          for (let c = 0; c < shape.probes; c++) {
            let product = 1;
            for (const ks of decisions) {
              const k = ks[c]!;
              const bets = users[k]!;
              const outcomes = judged.outcomes[k]!;
              expect(outcomes[0]).toBe(table[r]![k]);
              product *= capitalFactor(outcomes, bets, minFailing);
            }
            means[c]! += product / table.length;
          }
        }
        for (const m of means) expect(m).toBeCloseTo(1, 9);
      }),
      { numRuns: 2000, seed: 16 },
    );
  });

  it('reveals a range between the bets thresholds', () => {
    const bets = [1, 2, 3].map((below) => ({ below, stake: 0.9 }));
    expect(outcomeRange(0, bets, 3)).toEqual({ lo: 0, hi: 0 });
    expect(outcomeRange(1, bets, 3)).toEqual({ lo: 1, hi: 1 });
    expect(outcomeRange(3, bets, 3)).toEqual({ lo: 3, hi: 3 });
    expect(outcomeRange(1, [{ below: 2, stake: 0.9 }], 3)).toEqual({ lo: 0, hi: 1 });
    expect(outcomeRange(2, [{ below: 1, stake: 0.9 }], 3)).toEqual({ lo: 1, hi: 3 });
    expect(outcomeRange(2, [], 3)).toEqual({ lo: 0, hi: 3 });
  });

  // Greedy holes with 4 stock cards unseen (24 orders) and two decisions there whose outcomes vary with the order and
  // depend on each other; the probes look at the move taken against the best move (deals 64 and 85), against
  // another legal move, as a reference policy's capital does (the last legal move: deals 67 and 72), or through the
  // threshold rule on that move at two strokes (deals 13 and 24).
  it.each([
    { against: 'the best move', deals: [64, 85], probe: (step: AuditStep): AuditProbe => ({ step }) },
    {
      against: 'another move',
      deals: [67, 72],
      probe: (step: AuditStep): AuditProbe => ({ step, ref: step.moves.length - 1 }),
    },
    {
      against: 'a threshold rule',
      deals: [13, 24],
      probe: (step: AuditStep): AuditProbe => ({ step, ref: step.moves.length - 1, theta: 2 }),
    },
  ])(
    'exact, on real solves, against $against: given what the first decision revealed, the second bet still wins nothing on average',
    { timeout: SLOW },
    ({ deals, probe }) => {
      // The first decision reveals the range of its outcome (a condition); for every real order with a given first
      // outcome, the second is judged with every pair of samples drawn from the orders whose first outcome is in the
      // revealed range (the law the audit samples from). The honest player's moves up to there depend on the drawn
      // cards only, so they are the same for every order. The mean factor given the first outcome must be 1: that is
      // what lets the hole's factors multiply. Drawing the samples without the condition breaks it.
      const meanGiven = (o1: number[], o2: number[], bet: AuditBet, conditioned: boolean): number[] =>
        [...new Set(o1)].map((c) => {
          const reals = o1.flatMap((o, r) => (o === c ? [r] : []));
          let mean = 0;
          for (const r of reals) {
            const { lo, hi } = outcomeRange(o1[r]!, AUDIT_BETS, AUDIT_LOSS_CAP);
            const accepted = o1.flatMap((o, k) => (!conditioned || (o >= lo && o <= hi) ? [k] : []));
            let sum = 0;
            for (const a of accepted)
              for (const b of accepted) sum += betFactor([o2[r]!, o2[a]!, o2[b]!], bet, AUDIT_MIN_FAILING);
            mean += sum / accepted.length ** 2 / reals.length;
          }
          return mean;
        });
      let broken = 0;
      for (const n of deals) {
        const d = deal(n);
        const steps = unwrap(auditSteps(d, rules, greedyLog(d)));
        const drawn = d.stock.length - 4;
        const seg = steps.filter((s) => s.pos.drawn === drawn && s.moves.length >= 2);
        expect(seg.length).toBeGreaterThanOrEqual(2);
        const orders = permutations(d.stock.slice(drawn));
        const o1 = orders.map((u) => outcomeWith(d, probe(seg[0]!), u));
        const o2 = orders.map((u) => outcomeWith(d, probe(seg[1]!), u));
        expect(new Set(o1).size).toBeGreaterThan(1);
        expect(new Set(o2).size).toBeGreaterThan(1);
        for (const bet of AUDIT_BETS)
          for (const m of meanGiven(o1, o2, bet, true)) expect(m).toBeCloseTo(1, 12);
        const unconditioned = AUDIT_BETS.flatMap((bet) => meanGiven(o1, o2, bet, false));
        broken = Math.max(broken, ...unconditioned.map((m) => Math.abs(m - 1)));
      }
      expect(broken).toBeGreaterThan(0.1);
    },
  );

  // The same on real solves, within one segment: greedy and random holes of deals 1 to 100 with 4 stock cards unseen
  // (24 orders) and two or more decisions there, every real order and every one or two samples (the audit draws them
  // independently, so with repeats). The decisions share their samples, as in the audit.
  it(
    'exact, on real solves: the decisions of one segment, judged on shared samples by judgeInTurn, win nothing on average; judged on all of them they do',
    { timeout: SLOW },
    () => {
      const bets = AUDIT_CAPITALS[0]!.bets;
      const factor = (o: readonly number[]) => capitalFactor(o, bets, AUDIT_MIN_FAILING);
      let segments = 0;
      let unjudged = 0;
      for (let n = 1; n <= 100; n++) {
        const d = deal(n);
        const rng = Xoshiro128.fromSeed(n);
        const choices = Array.from({ length: 60 }, () => rng.below(20));
        for (const log of [greedyLog(d), randomLog(d, rules, choices)]) {
          const drawn = d.stock.length - 4;
          const seg = unwrap(auditSteps(d, rules, log)).filter(
            (s) => s.pos.drawn === drawn && s.moves.length >= 2,
          );
          if (seg.length < 2) continue;
          const orders = permutations(d.stock.slice(drawn));
          const table = orders.map((u) => seg.map((step) => outcomeWith(d, { step }, u)));
          if (table.every((row) => row.join() === table[0]!.join())) continue;
          segments++;
          for (const A of [1, 2]) {
            const draws = (k: number): number[][] =>
              k === 0 ? [[]] : draws(k - 1).flatMap((p) => orders.map((_, i) => [...p, i]));
            let judged = 0;
            let all = 0;
            let count = 0;
            for (let r = 0; r < orders.length; r++)
              for (const drawn of draws(A)) {
                const samples = drawn.map((i) => table[i]!);
                const j = judgeInTurn(
                  table[r]!,
                  samples,
                  seg.map((_, i) => [i]),
                  seg.map(() => bets),
                  AUDIT_LOSS_CAP,
                );
                judged += j.outcomes.reduce((p, o) => p * factor(o), 1);
                all += seg.reduce((p, _, i) => p * factor([table[r]![i]!, ...samples.map((s) => s[i]!)]), 1);
                count++;
              }
            expect(judged / count).toBeCloseTo(1, 12);
            unjudged = Math.max(unjudged, all / count);
          }
        }
      }
      expect(segments).toBeGreaterThanOrEqual(20);
      // Paying every decision on all the samples (audit version 9) wins on average on some honest segment.
      expect(unjudged).toBeGreaterThan(1.3);
    },
  );

  it(
    'property: against another move, the outcome is 0 when the move taken gains a stroke, 1 on a tie, one more per stroke lost; graded by `gains`; the threshold rule',
    { timeout: SLOW },
    () => {
      // Checked against every move's exact value (`optionValues`), a separate solve.
      fc.assert(
        fc.property(...randomHole, fc.integer({ min: 1, max: 4 }), (n, choices, pick, gains) => {
          const d = deal(n);
          const steps = unwrap(auditSteps(d, rules, randomLog(d, rules, choices))).filter(
            (s) => s.moves.length >= 2,
          );
          const step = steps[pick % steps.length]!;
          const ref = (step.taken + 1 + (pick % (step.moves.length - 1))) % step.moves.length;
          const search = new DealSearch(d, rules);
          try {
            const values = optionValues(search, step)!;
            const expected = Math.max(0, Math.min(AUDIT_LOSS_CAP, values[step.taken]! - values[ref]! + 1));
            expect(outcomeOn(search, { step, ref })).toBe(expected);
            // Graded: outcome `gains - gain` for a gain of 0 to `gains` strokes, 0 beyond, `gains + 1` for a loss.
            const gain = values[ref]! - values[step.taken]!;
            expect(outcomeOn(search, { step, ref, gains }, gains + 1)).toBe(
              gain > gains ? 0 : gain < 0 ? gains + 1 : gains - gain,
            );
            // The threshold rule at `gains` strokes: the reference move loses that much or more and the move taken is
            // best; where the player made the reference move, the reference loses less.
            const best = Math.min(...values);
            const allows = values[ref]! - best >= gains && values[step.taken] === best;
            expect(outcomeOn(search, { step, ref, theta: gains }, 1)).toBe(allows ? 0 : 1);
            const kept = values[step.taken]! - best < gains;
            expect(outcomeOn(search, { step, ref: step.taken, theta: gains }, 1)).toBe(kept ? 0 : 1);
            expect(outcomeOn(search, { step })).toBe(
              Math.min(AUDIT_LOSS_CAP, values[step.taken]! - Math.min(...values)),
            );
          } finally {
            search.release();
          }
        }),
        { numRuns: 40, seed: 11 },
      );
    },
  );
});

describe('auditHole', () => {
  it('is deterministic and its result is plain data', { timeout: SLOW }, () => {
    const d = deal(16);
    const log = perfectLog(d);
    const a = unwrap(auditHole(d, rules, log));
    const b = unwrap(auditHole(d, rules, log));
    expect(b).toEqual(a);
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
    expect(a.version).toBe(AUDIT_VERSION);
    expect(a.evidence).toHaveLength(capitals);
  });

  it('finds evidence in a perfect-information line, and says why as data', { timeout: SLOW }, () => {
    const d = deal(16);
    const log = perfectLog(d);
    const a = unwrap(auditHole(d, rules, log));
    expect(a.bets).toBeGreaterThan(0);
    expect(Math.max(...a.evidence)).toBeGreaterThan(2);
    expect(a.telling.length).toBeGreaterThan(0);
    for (const t of a.telling) {
      expect(log[t.at]).toBe(t.move);
      expect(t.reason).toMatchObject({ kind: 'regret', realStrokes: 0 });
      expect(t.reason.strokes).toBeGreaterThanOrEqual(0.5);
      expect(t.reason.rank).toBeGreaterThanOrEqual(1);
      expect(t.reason.rank).toBeLessThanOrEqual(t.reason.of);
      expect(t.reason.taken.kind === 'draw' ? 'd' : String(t.reason.taken.column)).toBe(t.move);
      if (t.reason.taken.kind === 'play') expect(t.reason.playable).toContain(t.reason.taken.card);
    }
  });

  it("sizes a group's orders by the capitals that bet in the segment", { timeout: SLOW }, () => {
    // First-fit play never leaves the first legal move, so that reference's capital never bets: the reference
    // group's orders follow the planner reference's capital alone. At 1, the capital that never bets would hold the
    // group at the ladder's rung for 1 (four orders) however low the planner's capital fell.
    const planner = AUDIT_CAPITALS.findIndex((c) => c.ref === 'planner' && c.theta === undefined);
    const first = AUDIT_CAPITALS.findIndex((c) => c.ref === 'first' && c.theta === undefined);
    const rest = AUDIT_PARTS.findIndex((p) => p.fromDraw >= 2);
    const rung = (capital: number) => AUDIT_PARTS[rest]!.samples.find((x) => capital < x.below)!.samples;
    let lowered = 0;
    for (const n of [1, 2, 3, 4, 5, 6]) {
      const d = deal(n);
      const traces = unwrap(examineHole(d, rules, greedyLog(d))).decisions;
      let capital = 1;
      const segments = [...new Set(traces.map((t) => t.drawn))].filter(
        (x) => x >= AUDIT_PARTS[rest]!.fromDraw,
      );
      for (const drawn of segments) {
        const list = traces.filter((t) => t.drawn === drawn);
        expect(list.every((t) => t.outcomesBetOn[first] === null)).toBe(true);
        for (const t of list)
          if (t.outcomesBetOn[planner] !== null) {
            expect(t.outcomesBetOn[planner]!.length - 1).toBeLessThanOrEqual(rung(capital));
            if (rung(capital) < rung(1)) lowered++;
          }
        for (const t of list) capital *= t.factors[planner]!;
      }
    }
    expect(lowered).toBeGreaterThan(0);
  });

  it(
    'judges each decision of a segment on the samples that agree with the real stock at the decisions before it',
    { timeout: SLOW },
    () => {
      // Deal 2, perfect and first-fit play. The first capital's probe is the decision's `lossOutcomes` (the real
      // stock's, then every sample of the segment); its bets are placed on the real stock's and those of the samples
      // whose outcomes at the segment's earlier decisions lie in the ranges those revealed (`lossRange`).
      const d = deal(2);
      let fewer = 0;
      for (const log of [perfectLog(d), greedyLog(d)]) {
        const traces = unwrap(examineHole(d, rules, log)).decisions;
        let agrees: boolean[] = [];
        let segment = -1;
        for (const t of traces) {
          const samples = t.lossOutcomes.slice(1);
          if (t.drawn !== segment) [segment, agrees] = [t.drawn, samples.map(() => true)];
          expect(t.outcomesBetOn[0]).toEqual([t.lossOutcomes[0], ...samples.filter((_, s) => agrees[s])]);
          if (t.outcomesBetOn[0]!.length < t.lossOutcomes.length) fewer++;
          const c = t.lossRange;
          if (c !== null) samples.forEach((o, s) => (agrees[s] &&= o >= c.lo && o <= c.hi));
        }
      }
      expect(fewer).toBeGreaterThan(0);
    },
  );

  it('examines every decision from the first move, each part with its own samples', { timeout: SLOW }, () => {
    const d = deal(16);
    const log = perfectLog(d);
    const { audit: a, decisions: traces } = unwrap(examineHole(d, rules, log));
    const steps = unwrap(auditSteps(d, rules, log));
    const choices = steps.flatMap((s, i) => (s.moves.length >= 2 && s.pos.drawn < d.stock.length ? [i] : []));
    expect(traces.map((t) => t.at)).toEqual(choices);
    expect(a.examined).toBe(choices.length);
    expect(traces[0]!.drawn).toBe(0);
    // A part's first segment is examined with the samples its capital of 1 asks for.
    for (const part of AUDIT_PARTS) {
      const firstCount = part.samples.find((x) => 1 < x.below)!.samples;
      const first = traces.find((t) => t.drawn >= part.fromDraw && t.drawn < part.untilDraw);
      if (first !== undefined) expect(first.lossOutcomes.length).toBeLessThanOrEqual(1 + firstCount);
    }
    // A capital with a reference policy bets exactly where the move taken is not the policy's; one without bets on
    // the outcomes against the best move. Every factor is the mean of its capital's bets on the outcomes it was
    // placed on, and the evidence is their product, part by part.
    const reference = {
      first: (s: AuditStep) => makeMove(s.moves[0]!),
      planner: (s: AuditStep) => makeMove(planRun(s.pos)!.move),
    };
    AUDIT_PARTS.forEach((part, p) =>
      AUDIT_CAPITALS.forEach((capital, c) => {
        let product = 1;
        for (const t of traces.filter((x) => x.drawn >= part.fromDraw && x.drawn < part.untilDraw)) {
          const placed = t.outcomesBetOn[c]!;
          if (capital.ref === undefined) expect(placed).toEqual(t.lossOutcomes);
          else expect(placed === null).toBe(reference[capital.ref](steps[t.at]!) === log[t.at]);
          const mean =
            placed === null
              ? 1
              : capital.bets.reduce((sum, bet) => sum + betFactor(placed, bet, AUDIT_MIN_FAILING), 0) /
                capital.bets.length;
          expect(t.factors[c]).toBe(mean);
          product *= t.factors[c]!;
        }
        expect(a.evidence[p * AUDIT_CAPITALS.length + c]).toBe(product);
      }),
    );
    // Perfect play leaves both references somewhere on this hole.
    for (const c of AUDIT_CAPITALS.keys())
      if (AUDIT_CAPITALS[c]!.ref !== undefined)
        expect(traces.some((t) => t.outcomesBetOn[c] !== null)).toBe(true);
  });

  it('flags a round of perfect-information play', { timeout: 4 * SLOW }, () => {
    const r = auditedRound([16, 26, 9, 20, 22, 23, 28, 30, 13], perfectLog);
    expect(r.flagged).toBe(true);
    expect(r.pValue).toBeLessThan(AUDIT_ALPHA);
    expect(r.telling).toBeGreaterThan(0);
  });

  it('does not flag an honest round: the greedy player on nine deals', { timeout: 4 * SLOW }, () => {
    const r = auditedRound([21, 22, 23, 24, 25, 26, 27, 28, 29], greedyLog);
    expect(r.flagged).toBe(false);
    expect(r.pValue).toBeGreaterThan(AUDIT_ALPHA);
    expect(r.holes).toHaveLength(9);
  });
});

describe('OrderStream', () => {
  it('draws from what was shown and the salt only: the same salt the same orders, another salt others', () => {
    const d = deal(16);
    const drawn = 5;
    const draw = (deal: Deal, salt?: string) => {
      const s = new OrderStream(deal, drawn, salt);
      return Array.from({ length: 8 }, () => s.next().join(' '));
    };
    const plain = draw(d);
    expect(draw(d, '')).toEqual(plain);
    const salted = draw(d, '5f0e9a');
    expect(draw(d, '5f0e9a')).toEqual(salted);
    // Each draw is a shuffle of the same unseen cards; another salt gives other orders.
    expect(salted.map((o) => o.split(' ').sort().join(' '))).toEqual(
      plain.map((o) => o.split(' ').sort().join(' ')),
    );
    expect(salted.filter((o, i) => o !== plain[i]).length).toBeGreaterThan(4);
    expect(draw(d, '5f0e9b').filter((o, i) => o !== salted[i]).length).toBeGreaterThan(4);
    // The real order of the undrawn cards never enters, salted or not.
    const shuffled: Deal = { ...d, stock: [...d.stock.slice(0, drawn), ...d.stock.slice(drawn).reverse()] };
    expect(draw(shuffled, '5f0e9a')).toEqual(salted);
    expect(draw(shuffled)).toEqual(plain);
  });
});

describe("the verdict's lot", () => {
  /** The share of `us` at most `t` is `t`, within four standard errors, at six values of `t` from 0.001 to 0.9. */
  const expectUniform = (us: readonly number[]) => {
    for (const t of [0.001, 0.01, 0.1, 0.3, 0.5, 0.9]) {
      const share = us.filter((u) => u <= t).length / us.length;
      expect(Math.abs(share - t)).toBeLessThanOrEqual(
        4 * Math.sqrt((t * (1 - t)) / us.length) + 1 / us.length,
      );
    }
  };

  it('hashes the salt, the layout and the log, never the stock', () => {
    const d = deal(16);
    const log = perfectLog(d);
    const lot = verdictLot(d, log, '5f0e9a');
    expect(Number.isInteger(lot) && lot >= 0 && lot < 2 ** 32).toBe(true);
    expect(verdictLot(d, log, '5f0e9a')).toBe(lot);
    // The stock, in any order, with any cards, never enters.
    for (const stock of [d.stock.slice().reverse(), d.stock.slice(3), []])
      expect(verdictLot({ ...d, stock }, log, '5f0e9a')).toBe(lot);
    // Another salt, another log or another layout give another lot.
    expect(verdictLot(d, log, '5f0e9b')).not.toBe(lot);
    expect(verdictLot(d, log)).not.toBe(lot);
    expect(verdictLot(d, log.slice(0, -1), '5f0e9a')).not.toBe(lot);
    const swapped = [d.columns[1]!, d.columns[0]!, ...d.columns.slice(2)];
    expect(verdictLot({ ...d, columns: swapped }, log, '5f0e9a')).not.toBe(lot);
    // A finished hole's audit carries it.
    expect(unwrap(auditHole(d, rules, log, [], '5f0e9a')).lot).toBe(lot);
  });

  it('is the first 32 bits of the SHA-256 of the tag, the salt, the layout and the log, as fair-play.md says', () => {
    // The encoding, written again from the docs: strings as UTF-16 code units (two bytes each, big-endian), the
    // 35 column cards and the waste card (52: none) as one byte each.
    const units = (text: string) => Buffer.from(text, 'utf16le').swap16();
    const first32 = (bytes: Buffer) => createHash('sha256').update(bytes).digest().readUInt32BE(0);
    const d = deal(16);
    const log = perfectLog(d);
    for (const salt of ['', '5f0e9a', 'a3'.repeat(32)]) {
      const layout = Buffer.from([...d.columns.flat(), d.waste ?? 52]);
      const bytes = Buffer.concat([
        units(`golf-daily audit verdict lot v13\0${salt}\0`),
        layout,
        units(`\0${log}`),
      ]);
      expect(verdictLot(d, log, salt)).toBe(first32(bytes));
    }
    const lots = [0, 1, 0xffffffff, 0x12345678];
    const words = Buffer.alloc(4 * lots.length);
    lots.forEach((lot, i) => words.writeUInt32BE(lot, 4 * i));
    const k = first32(Buffer.concat([units('golf-daily audit verdict uniform v13\0'), words]));
    expect(verdictUniform(lots)).toBe((k + 1) / 2 ** 32);
  });

  it("draws a one-hole round's uniform from the salt: over salts, at most t with chance t, for a fixed log", () => {
    const d = deal(16);
    const log = perfectLog(d);
    const runs = 20_000;
    const rng = Xoshiro128.fromSeed(2027);
    const us = Array.from({ length: runs }, () => {
      const salt = Array.from({ length: 4 }, () => rng.next().toString(16).padStart(8, '0')).join('');
      return verdictUniform([verdictLot(d, log, salt)]);
    });
    expectUniform(us);
  });

  it("draws a round's uniform in (0, 1] that is at most t with chance t", () => {
    const runs = 20_000;
    const rng = Xoshiro128.fromSeed(2026);
    const us = Array.from({ length: runs }, () =>
      verdictUniform(Array.from({ length: 9 }, () => rng.next())),
    );
    expect(Math.min(...us)).toBeGreaterThan(0);
    expect(Math.max(...us)).toBeLessThanOrEqual(1);
    expectUniform(us);
    // Every hole's lot counts, and so does their order.
    const lots = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    expect(verdictUniform([...lots.slice(0, 8), 10])).not.toBe(verdictUniform(lots));
    expect(verdictUniform(lots.slice().reverse())).not.toBe(verdictUniform(lots));
    expect(verdictUniform([2 ** 32 - 1])).not.toBe(verdictUniform([2 ** 16 - 1]));
  });
});

describe('drawSamples', () => {
  it('property: never reads the order of the cards not yet drawn', { timeout: SLOW }, () => {
    // Two deals that differ only in the order of the stock beyond `drawn` give the same samples and outcomes: the
    // samples depend on what was shown, not on the real order.
    fc.assert(
      fc.property(...randomHole, (n, choices, perm) => {
        const d = deal(n);
        const log = randomLog(d, rules, choices);
        const steps = unwrap(auditSteps(d, rules, log));
        const cut = steps.findIndex((s) => s.pos.drawn >= 9 && s.moves.length >= 2);
        if (cut < 0) return;
        const drawn = steps[cut]!.pos.drawn;
        const segment = steps.filter((s, i) => i >= cut && s.pos.drawn === drawn && s.moves.length >= 2);
        // Reverse, or rotate, the undrawn part.
        const rest = d.stock.slice(drawn);
        const other = perm % 2 === 0 ? rest.slice().reverse() : [...rest.slice(1), rest[0]!];
        const shuffled: Deal = { ...d, stock: [...d.stock.slice(0, drawn), ...other] };
        // Conditions from earlier decisions too: the same in both, as the real outcomes would give them.
        const before = steps.slice(0, cut).filter((s) => s.moves.length >= 2 && s.pos.drawn >= drawn - 2);
        const conditions = before.map((step, k) => ({
          step,
          ...(k % 2 === 1 ? { ref: (step.taken + 1) % step.moves.length } : {}),
          lo: k % 3 === 0 ? 1 : 0,
          hi: AUDIT_LOSS_CAP,
        }));
        // What a caller reads of a sample set: the outcomes, and every move's values where it asks for them.
        const read = (deal: Deal) => {
          // Probes against the best move and against another legal move, alternately.
          const other = (step: AuditStep, i: number): AuditProbe =>
            i % 2 === 0 ? { step } : { step, ref: (step.taken + 1) % step.moves.length };
          const orders = new SegmentOrders(deal, rules, drawn);
          try {
            const set = drawSamples(orders, segment.map(other), conditions, 3, 4);
            const values = set.outcomes.map((_, k) =>
              segment.map((step, i) => (i % 2 === 0 ? set.valuesOf(k, step) : null)),
            );
            return { outcomes: set.outcomes, drawn: set.drawn, exact: set.exact, values };
          } finally {
            orders.release();
          }
        };
        const a = read(d);
        expect(a.drawn).toBeGreaterThanOrEqual(3);
        expect(read(shuffled)).toEqual(a);
      }),
      { numRuns: 12, seed: 8 },
    );
  });
});

describe('errors', () => {
  const d = deal(16);
  const log = perfectLog(d);

  it('codes every bad input, never throws', () => {
    expect(auditRound([d], rules, [log, log])).toMatchObject({ ok: false, error: { code: 'ERR_LENGTHS' } });
    expect(auditRound([], rules, [])).toMatchObject({ ok: false, error: { code: 'ERR_LENGTHS' } });
    expect(auditRound(Array(10).fill(d), rules, Array(10).fill(log))).toMatchObject({
      ok: false,
      error: { code: 'ERR_LENGTHS' },
    });
    const twice: Deal = { ...d, stock: [d.stock[1]!, ...d.stock.slice(1)] };
    expect(auditHole(twice, rules, log)).toMatchObject({ ok: false, error: { code: 'ERR_BOARD' } });
    expect(auditHole(d, PRESETS['turn-the-corner'], log)).toMatchObject({
      ok: false,
      error: { code: 'ERR_BOARD' },
    });
    expect(auditHole(d, rules, 'x')).toMatchObject({ ok: false, error: { code: 'ERR_ILLEGAL_MOVE', at: 0 } });
    expect(auditHole(d, rules, log.slice(0, -1))).toMatchObject({
      ok: false,
      error: { code: 'ERR_NOT_OVER' },
    });
    expect(auditHole(d, rules, log + 'd')).toMatchObject({
      ok: false,
      error: { code: 'ERR_ILLEGAL_MOVE', at: log.length },
    });
    // The hole and the move are named.
    const bad = auditRound([d, d], rules, [log, 'dd9']);
    expect(bad).toMatchObject({ ok: false, error: { code: 'ERR_ILLEGAL_MOVE', hole: 1, at: 2 } });
    if (!bad.ok) expect(bad.error.message).toMatch(/^hole 2: move 3: /);
  });

  it('property: any log string gets a result or a coded error', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (text) => {
        const r = auditHole(d, rules, text);
        if (!r.ok) expect(['ERR_ILLEGAL_MOVE', 'ERR_NOT_OVER']).toContain(r.error.code);
      }),
      { numRuns: 300, seed: 2 },
    );
  });

  /** A hole audit of the next version: otherwise fit to combine. */
  const h: HoleAudit = {
    version: AUDIT_VERSION + 1,
    decisions: 0,
    examined: 0,
    bets: 0,
    evidence: Array<number>(capitals).fill(1),
    prior: Array<number>(capitals).fill(1),
    telling: [],
    exact: true,
    lot: 7,
  };

  it('combines only holes audited by this version', () => {
    expect(combineAudit([h])).toMatchObject({ ok: false, error: { code: 'ERR_VERSION', hole: 0 } });
    // A version 12 hole: no lot, or one that is not 32 bits.
    const { lot: __, ...v12 } = { ...h, version: AUDIT_VERSION };
    expect(combineAudit([v12 as HoleAudit])).toMatchObject({ ok: false, error: { code: 'ERR_VERSION' } });
    for (const lot of [-1, 0.5, 2 ** 32, Number.NaN])
      expect(combineAudit([{ ...h, version: AUDIT_VERSION, lot }])).toMatchObject({
        ok: false,
        error: { code: 'ERR_VERSION' },
      });
    expect(combineAudit([{ ...h, version: AUDIT_VERSION }]).ok).toBe(true);
    // A version 8 hole: no prior.
    const { prior: _, ...v8 } = { ...h, version: AUDIT_VERSION };
    expect(combineAudit([v8 as HoleAudit])).toMatchObject({ ok: false, error: { code: 'ERR_VERSION' } });
    // Nor is a hole audited after one of them.
    expect(auditHole(d, rules, log, [v8 as HoleAudit])).toMatchObject({
      ok: false,
      error: { code: 'ERR_VERSION', hole: 0 },
    });
  });

  it('combines only stored data that is a hole audit: evidence of every capital, each a number from 0 up', () => {
    const negative = Array<number>(capitals).fill(1);
    negative[1] = -1;
    expect(combineAudit([{ ...h, version: AUDIT_VERSION, evidence: negative }])).toMatchObject({
      ok: false,
      error: { code: 'ERR_VERSION' },
    });
    // Evidence that is not a finite number (stored data gone wrong) would give the round a p-value of NaN.
    for (const bad of [Infinity, Number.NaN]) {
      const e = Array<number>(capitals).fill(1);
      e[3] = bad;
      expect(combineAudit([{ ...h, version: AUDIT_VERSION, evidence: e }])).toMatchObject({
        ok: false,
        error: { code: 'ERR_VERSION' },
      });
    }
    // A hole with another number of capitals (version 4 kept four).
    expect(combineAudit([{ ...h, version: AUDIT_VERSION, evidence: [...h.evidence, 1] }])).toMatchObject({
      ok: false,
      error: { code: 'ERR_VERSION' },
    });
    // A version 3 hole: one number.
    expect(
      combineAudit([{ ...h, version: AUDIT_VERSION, evidence: 2 } as unknown as HoleAudit]),
    ).toMatchObject({ ok: false, error: { code: 'ERR_VERSION' } });
    expect(combineAudit([])).toMatchObject({ ok: false, error: { code: 'ERR_LENGTHS' } });
    // Stored data that is not a hole audit at all.
    expect(combineAudit([null as unknown as HoleAudit])).toMatchObject({
      ok: false,
      error: { code: 'ERR_VERSION' },
    });
    expect(auditHole(d, rules, log, ['x' as unknown as HoleAudit])).toMatchObject({
      ok: false,
      error: { code: 'ERR_VERSION' },
    });
  });
});

describe('combineAudit', () => {
  /** A hole with the same evidence in every capital, or one per capital; `prior` as its ladders read it. */
  const hole = (
    evidence: number | number[],
    decisions = 10,
    prior = Array<number>(capitals).fill(1),
    lot = 0x5eed,
  ): HoleAudit => ({
    version: AUDIT_VERSION,
    decisions,
    examined: 5,
    bets: 2,
    evidence: typeof evidence === 'number' ? Array<number>(capitals).fill(evidence) : evidence,
    prior,
    telling: [],
    exact: true,
    lot,
  });
  /**
   * The round's verdict, and the evidence it weighed, read back from its p-value: `pValue = min(1, u / evidence)`
   * with `u` drawn from the holes' lots (null when the p-value is 1, which hides it).
   */
  const verdictOf = (holes: readonly HoleAudit[]) => {
    const r = unwrap(combineAudit(holes));
    const u = verdictUniform(holes.map((h) => h.lot));
    expect(r.flagged).toBe(r.pValue < AUDIT_ALPHA);
    return { ...r, u, evidence: r.pValue < 1 ? u / r.pValue : null };
  };
  /**
   * Each hole's prior set as a hole audited after the ones before it would have it: their product, at most the round
   * cap.
   */
  const inOrder = (holes: HoleAudit[]): HoleAudit[] => {
    const product = Array<number>(capitals).fill(1);
    return holes.map((h) => {
      const prior = product.map((v) => Math.min(AUDIT_ROUND_CAP, v));
      h.evidence.forEach((e, b) => (product[b]! *= e));
      return { ...h, prior };
    });
  };
  /** Evidence `x` in capital `i`, 1 elsewhere. */
  const only = (i: number, x: number): number[] =>
    Array.from({ length: capitals }, (_, k) => (k === i ? x : 1));

  it('multiplies the holes for each capital, and takes the weighted mean over the capitals', () => {
    expect(capitals).toBeGreaterThanOrEqual(2);
    const n = capitals;
    // A part's weight times its capital's; each set of weights sums to 1, the opening's below the rest's.
    expect(AUDIT_PARTS.reduce((sum, p) => sum + p.weight, 0)).toBeCloseTo(1, 15);
    expect(AUDIT_CAPITALS.reduce((sum, c) => sum + c.weight, 0)).toBeCloseTo(1, 15);
    const rest = AUDIT_CAPITALS.length;
    expect(weightOf(0)).toBeLessThan(weightOf(rest));
    const r = verdictOf(inOrder([hole(10), hole(50, 7)]));
    expect(r.evidence).toBeCloseTo(500, 6);
    expect(r.decisions).toBe(17);
    // One more hole with 3: 1,500 > 1,000, flagged whatever the lots.
    const f = verdictOf(inOrder([hole(10), hole(50), hole(3)]));
    expect(f.evidence).toBeCloseTo(1500, 6);
    expect(f.flagged).toBe(true);
    // 15 · 200 = 3,000 in the opening's first capital, the others 1: the weighted mean is below 1,000.
    const m = verdictOf(inOrder([hole(only(0, 15)), hole(only(0, 200))]));
    expect(m.evidence).toBeCloseTo(weightOf(0) * 3000 + 1 - weightOf(0), 6);
    // The same in a capital of the rest outside the switching ones (a threshold rule's): weighed as it is.
    const plain = rest + AUDIT_CAPITALS.length - 1;
    expect(AUDIT_SWITCH.part === 1 && !switching.includes(plain)).toBe(true);
    const r2 = verdictOf(inOrder([hole(only(plain, 15)), hole(only(plain, 200))]));
    expect(r2.evidence).toBeCloseTo(weightOf(plain) * 3000 + 1 - weightOf(plain), 6);
    // In the rest's first capital, which switches: the first hole pays its weights' mean of 15, 1 and 1; the second
    // the same over weights moved towards the first capital, most of the way (all but the share handed back).
    const first = switching[0]!;
    const own = weightOf(first) / heldWeight;
    const paid1 = own * 15 + (1 - own);
    const w2 = (1 - AUDIT_SWITCH.share) * ((own * 15) / paid1) + AUDIT_SWITCH.share * own;
    const paid2 = w2 * 200 + (1 - w2);
    const r3 = verdictOf(inOrder([hole(only(first, 15)), hole(only(first, 200))]));
    expect(r3.evidence).toBeCloseTo(heldWeight * paid1 * paid2 + 1 - heldWeight, 6);
    expect(heldWeight * paid1 * paid2 + 1 - heldWeight).toBeGreaterThan(1 / AUDIT_ALPHA);
    expect(r3.flagged).toBe(true);
    // Evidence spread over capitals does not add up across them: 60 in one, 100 in another.
    const s = verdictOf(inOrder([hole(only(0, 60)), hole(only(n - 1, 100))]));
    expect(s.evidence).toBeCloseTo(
      weightOf(0) * 60 + weightOf(n - 1) * 100 + 1 - weightOf(0) - weightOf(n - 1),
      6,
    );
    // Evidence at or below u gives a p-value of 1 (no evidence).
    const two = verdictOf(inOrder([hole(0.5), hole(4)]));
    expect(two.pValue).toBeCloseTo(Math.min(1, two.u / 2), 12);
    expect(verdictOf(inOrder([hole(0, 1, undefined, 1), hole(4)])).pValue).toBe(1);
  });

  it('flags a round with chance min(1, evidence / 1,000) over its lots, and never less often than version 12', () => {
    // The same evidence under 4,000 different lots (as different logs or salts give): the flags' share is the
    // chance; the p-value is never above version 12's 1 / evidence, nor below u / evidence.
    const runs = 4000;
    const rng = Xoshiro128.fromSeed(13);
    for (const [e, chance] of [
      [500, 0.5],
      [100, 0.1],
      [0.5, 0.0005],
      [1500, 1],
    ] as const) {
      let flagged = 0;
      for (let i = 0; i < runs; i++) {
        const r = unwrap(combineAudit([hole(e, 10, undefined, rng.next())]));
        if (r.flagged) flagged++;
        expect(r.pValue).toBeLessThanOrEqual(Math.min(1, 1 / e) + 1e-15);
      }
      const sd = Math.sqrt((chance * (1 - chance)) / runs);
      expect(Math.abs(flagged / runs - chance)).toBeLessThanOrEqual(4 * sd + 1 / runs);
    }
  });

  it('weighs evidence below 1 too: the p-value is u / evidence wherever u is below it', () => {
    // Lots whose u is below a two-thousandth, and one whose u is between 0.3 and 0.5.
    const lotWith = (ok: (u: number) => boolean): number => {
      for (let lot = 0; ; lot++) if (ok(verdictUniform([lot]))) return lot;
    };
    const tiny = lotWith((u) => u < 0.0004);
    const mid = lotWith((u) => u > 0.3 && u < 0.5);
    // Evidence 0.5 in every capital: flagged on the tiny lot (u / 0.5 < 0.001), as the randomized test must be once in
    // 2,000 lots; version 12's rule never flagged evidence below 1,000.
    const small = unwrap(combineAudit([hole(0.5, 10, undefined, tiny)]));
    expect(small.pValue).toBe(verdictUniform([tiny]) / 0.5);
    expect(small.flagged).toBe(true);
    const other = unwrap(combineAudit([hole(0.5, 10, undefined, mid)]));
    expect(other.pValue).toBe(verdictUniform([mid]) / 0.5);
    expect(other.flagged).toBe(false);
    // Evidence at or below u: no evidence, a p-value of 1.
    expect(unwrap(combineAudit([hole(0.25, 10, undefined, mid)])).pValue).toBe(1);
  });

  it('property: a round flagged stays flagged with more evidence in any hole, under the same lots', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 50, noNaN: true }), { minLength: 1, maxLength: 9 }),
        fc.array(fc.integer({ min: 0, max: 0xffffffff }), { minLength: 9, maxLength: 9 }),
        fc.nat(8),
        fc.double({ min: 1, max: 100, noNaN: true }),
        (es, lots, at, more) => {
          const holes = inOrder(es.map((e, h) => hole(e, 10, undefined, lots[h]!)));
          const h = at % es.length;
          const richer = inOrder(es.map((e, i) => hole(i === h ? e * more : e, 10, undefined, lots[i]!)));
          const a = unwrap(combineAudit(holes));
          const b = unwrap(combineAudit(richer));
          expect(b.pValue).toBeLessThanOrEqual(a.pValue);
          if (a.flagged) expect(b.flagged).toBe(true);
        },
      ),
      { numRuns: 300, seed: 13 },
    );
  });

  it('combines holes in play order only, each audited after the ones before it', () => {
    const spread = (xs: number[]) => Array.from({ length: capitals }, (_, k) => xs[k % xs.length]!);
    const holes = inOrder([hole(spread([3, 1, 2, 0.5, 7])), hole(0.2), hole(spread([40, 2, 1, 0.3, 9]))]);
    // The cap lets a round's evidence lift its later holes' ladders, but only so far (past the top rung).
    expect(AUDIT_ROUND_CAP).toBeGreaterThanOrEqual(
      Math.max(...AUDIT_PARTS.flatMap((p) => p.samples.map((x) => x.below)).filter(Number.isFinite)),
    );
    // The second hole read the first's evidence, the third the first's times 0.2.
    expect(holes[1]!.prior.slice(0, 5)).toEqual([3, 1, 2, 0.5, 7]);
    expect(holes[2]!.prior.slice(0, 5)).toEqual([3 * 0.2, 0.2, 2 * 0.2, 0.5 * 0.2, 7 * 0.2]);
    // Past the cap, the same.
    expect(inOrder([hole(1e4), hole(3)])[1]!.prior).toEqual(Array<number>(capitals).fill(AUDIT_ROUND_CAP));
    expect(unwrap(combineAudit(holes)).decisions).toBe(30);
    // Reversed, each hole's ladders would have read other holes than the ones now before it.
    expect(combineAudit(holes.slice().reverse())).toMatchObject({
      ok: false,
      error: { code: 'ERR_ORDER', hole: 0 },
    });
    // A hole audited as a round's first, put second.
    expect(combineAudit([holes[0]!, hole(0.2)])).toMatchObject({
      ok: false,
      error: { code: 'ERR_ORDER', hole: 1 },
    });
    // The same holes audited in the other order give the same figure, to the last bit (the fixed mixture's products
    // multiplied in sorted order), where the switching capitals agree within each hole: then each hole pays what they
    // show, whatever their weights.
    const agree = (xs: number[], x: number) => spread(xs).map((v, b) => (switching.includes(b) ? x : v));
    const a = inOrder([hole(agree([3, 1, 2, 0.5, 7], 5)), hole(0.2), hole(agree([40, 2, 1, 0.3, 9], 0.7))]);
    const b = inOrder([hole(agree([40, 2, 1, 0.3, 9], 0.7)), hole(0.2), hole(agree([3, 1, 2, 0.5, 7], 5))]);
    expect(unwrap(combineAudit(b)).pValue).toBe(unwrap(combineAudit(a)).pValue);
  });
});

describe('roundEvidence', () => {
  const one = [{ fromDraw: 0, untilDraw: 17, weight: 1, samples: AUDIT_PARTS[1]!.samples }];
  const two = [AUDIT_CAPITALS[0]!, AUDIT_CAPITALS[1]!].map((c) => ({ ...c, weight: 0.5 }));

  it('lets the weight move to the capital that does best, and back after a hole it sank', () => {
    const sw = { part: 0, capitals: [0, 1], share: 0.5 };
    const of = (holes: number[][], over: Partial<AuditSwitch> = {}) =>
      roundEvidence(holes, { ...sw, ...over }, one, two);
    // Hole 1 pays 0.5 · 4 + 0.5 · 0 = 2; the weights become half (1, 0) and half (0.5, 0.5): 0.75 and 0.25. Hole 2
    // pays 0.25 · 4 = 1. Each capital's product is 0, so a fixed mixture (share 0) gives nothing.
    const swap = [
      [4, 0],
      [0, 4],
    ];
    expect(of(swap)).toBeCloseTo(2, 15);
    expect(of(swap, { share: 0 })).toBe(0);
    // Without switching capitals, the weighted mean of the products.
    expect(
      of(
        [
          [4, 3],
          [5, 2],
        ],
        { capitals: [] },
      ),
    ).toBe(0.5 * 20 + 0.5 * 6);
    // A hole where every switching capital pays nothing ends their part of the round.
    expect(
      of([
        [0, 0],
        [9, 9],
      ]),
    ).toBe(0);
  });

  it('has expectation exactly 1 when every capital of every hole does, whatever the holes before it were', () => {
    // Three holes, three outcomes each, on the product's own settings. Each outcome gives every capital a value, and
    // each capital's mean over the outcomes is 1; the values depend on the holes before, as a player's strategy may.
    const p = [0.5, 0.3, 0.2];
    const valuesAfter = (path: number[]): number[][] => {
      const rng = Xoshiro128.fromSeed(path.reduce((h, o) => h * 7 + o + 1, 1));
      const raw = p.map(() => Array.from({ length: capitals }, () => (rng.below(1000) / 100) ** 2));
      return raw.map((row) => row.map((v, b) => v / p.reduce((sum, q, j) => sum + q * raw[j]![b]!, 0)));
    };
    const expectation = (combine: (holes: number[][]) => number): number => {
      let mean = 0;
      const walk = (path: number[], holes: number[][], prob: number) => {
        if (path.length === 3) {
          mean += prob * combine(holes);
          return;
        }
        const values = valuesAfter(path);
        p.forEach((q, o) => walk([...path, o], [...holes, values[o]!], prob * q));
      };
      walk([], [], 1);
      return mean;
    };
    expect(expectation((holes) => roundEvidence(holes))).toBeCloseTo(1, 12);
    expect(expectation((holes) => roundEvidence(holes, { ...AUDIT_SWITCH, share: 0.7 }))).toBeCloseTo(1, 12);
    // The enumeration can tell an unfair combination: weights that read the hole they weigh (here, all on its best
    // switching capital) are not fair.
    const peek = (holes: number[][]) =>
      holes.reduce((x, h) => x * Math.max(...switching.map((b) => h[b]!)), 1);
    expect(expectation(peek)).toBeGreaterThan(1.5);
  });

  it('property: never below the fixed mixture plus every switching capital held throughout, at its stay weight a hole', () => {
    const holes = fc.array(
      fc.array(fc.oneof(fc.constant(0), fc.double({ min: 1e-6, max: 50, noNaN: true })), {
        minLength: capitals,
        maxLength: capitals,
      }),
      {
        minLength: 1,
        maxLength: 9,
      },
    );
    fc.assert(
      fc.property(holes, (hs) => {
        const e = roundEvidence(hs);
        const product = (b: number) => hs.reduce((x, h) => x * h[b]!, 1);
        let fixed = 0;
        for (let b = 0; b < capitals; b++) if (!switching.includes(b)) fixed += weightOf(b) * product(b);
        // The sequences of capitals that never switch (docs/fair-play.md#the-verdict, the switch): capital `b`
        // stays from one hole to the next with weight `1 - share + share · π_b`, `π_b` its own share of the three.
        const stay = (b: number) => 1 - AUDIT_SWITCH.share + (AUDIT_SWITCH.share * weightOf(b)) / heldWeight;
        const staying = switching.reduce(
          (sum, b) => sum + weightOf(b) * stay(b) ** (hs.length - 1) * product(b),
          0,
        );
        expect(e).toBeGreaterThanOrEqual((fixed + staying) * (1 - 1e-12));
        expect(e).toBeLessThanOrEqual(hs.reduce((x, h) => x * Math.max(...h), 1) * (1 + 1e-12));
      }),
    );
  });
});

describe('golden: deal 16, perfect play, audit version 13', () => {
  const d = deal(16);
  const log = perfectLog(d);
  let once: ExaminedHole | undefined;
  /** The hole examined as a round's first, once for the tests below. */
  const examined = (): ExaminedHole => (once ??= unwrap(examineHole(d, rules, log)));

  // Deal 16's perfect line (4 strokes). The figures below were read off one run and checked by hand (versions 10
  // to 12 give every figure of version 9 for a round's first hole: no two decisions of one segment bet here, so
  // none is judged on fewer samples, the round cap only matters after a hole, and version 12 changes only how the
  // holes combine):
  // - decisions (positions with two or more legal moves) and examined (those with stock still unseen) are
  //   recounted here from the log;
  // - eight decisions bet. The first three capitals' factor is the mean of a bet on outcome 0 (below 1) and one on
  //   outcomes 0 and 1 (below 2), stake 0.95; the four threshold rules' is their one bet on outcome 0; a bet where
  //   every order succeeds, or none, is not placed (factor 1). Outcomes, real first, for the capitals (against the
  //   best move | against the planner's move | against the first legal move | the planner's rule at 2 and 3 strokes
  //   | first-fit's rule at 2 and 3; "-" where the player made the reference move, no bet). The first capital has
  //   samples of its own, the two references theirs, the four rules theirs:
  //   opening (before the 2nd draw, one sample): 7 "00 | 10 | - | 10 | 10 | - | -": the planner's move ties with
  //   the real stock, the sample has the move taken gain: 0.05 for "below 1", the mean 0.525; the planner's move
  //   does not lose 2 strokes with the real stock, so its rules fail there: 0.05 each; 9 "00 | - | 01 | - | - |
  //   11 | 11": 1.95 and 1, 1.475; no order succeeds first-fit's rules, no bet;
  //   the rest (4 samples while a group's capitals are below 30; fewer where the conditions reject more than 12
  //   orders can give): 12 "00000 | - | 01111 | - | - | 01111 | 01111": 1 | 0.05 + 0.95 · 5 = 4.8 and 1, 2.9 |
  //   4.8 for both of first-fit's rules; 17 "00222 | 01101 | 01101 | 11111 ×4": 2 of 5 succeed, 0.05 + 0.95 · 2.5
  //   = 2.425 | 2.425 and 1, 1.7125 | no rule bets; 18 "00100 | 0101 | 0101 | 11111 ×4": 1.2375 and 1, 1.11875 |
  //   1.95 and 1, 1.475; 19 "00100 | 00 | 00 | 11 ×4": 1.11875 | no bet; 20 "00022 | 0 | 0 | 01111 | 11111 | 01111
  //   | 11111": 3 of 5, 1.6333... | no sample accepted, no bet | 4.8 for the two-stroke rules; 21 "02122 | 0221 |
  //   0221 | 0 ×4": 4.8 and 2.425, 3.6125 | 3.85 and 1.95, 2.9 | no sample accepted;
  //   so the opening's capitals are 1, 0.525, 1.475, 0.05, 0.05, 1, 1 and the rest's 2.425 · 1.11875² · 1.6333... ·
  //   3.6125 = 17.908554 (as versions 6 and 7: the first capital's samples are version 6's), 1.7125 · 1.475 · 2.9 =
  //   7.325219 and 2.9 · 1.7125 · 1.475 · 2.9 = 21.243134 (as version 7: the references' samples are version 7's),
  //   4.8, 1, 4.8 · 4.8 = 23.04 and 4.8;
  // - three telling moves: the draws at moves 17, 20 and 21 with 2D and 2S playable (the blind best was 2S).
  it(
    'pins the hole audit: its counts and every bet (a silent change to verdicts fails here)',
    { timeout: SLOW },
    () => {
      expect(log).toBe('24333621d7d36d56dddddddd4d75dd35452767d62214d71');
      const steps = unwrap(auditSteps(d, rules, log));
      const choices = steps.filter((s) => s.moves.length >= 2);
      const { audit: a, decisions: traces } = examined();
      expect(a.version).toBe(13);
      expect(AUDIT_VERSION).toBe(13);
      // Version 13's hole audit is version 12's and its lot, the lot from the layout and log only.
      expect(a.lot).toBe(verdictLot(d, log));
      // A round's first hole: its ladders read nothing of earlier holes, as version 8's did.
      expect(a.prior).toEqual(Array<number>(14).fill(1));
      expect(a.decisions).toBe(choices.length);
      expect(a.examined).toBe(choices.filter((s) => s.pos.drawn < d.stock.length).length);
      expect([a.decisions, a.examined, a.bets, a.exact]).toEqual([34, 34, 8, true]);
      expect(traces.filter((t) => t.drawn < 2).every((t) => t.lossOutcomes.length === 2)).toBe(true);
      const betting = traces.filter((t) => t.factors.some((f) => f !== 1));
      expect(betting.map((t) => [t.at, t.outcomesBetOn.map((p) => p?.join('') ?? '-').join(' | ')])).toEqual([
        [7, '00 | 10 | - | 10 | 10 | - | -'],
        [9, '00 | - | 01 | - | - | 11 | 11'],
        [12, '00000 | - | 01111 | - | - | 01111 | 01111'],
        [17, '00222 | 01101 | 01101 | 11111 | 11111 | 11111 | 11111'],
        [18, '00100 | 0101 | 0101 | 11111 | 11111 | 11111 | 11111'],
        [19, '00100 | 00 | 00 | 11 | 11 | 11 | 11'],
        [20, '00022 | 0 | 0 | 01111 | 11111 | 01111 | 11111'],
        [21, '02122 | 0221 | 0221 | 0 | 0 | 0 | 0'],
      ]);
      expect(betting.map((t) => t.factors.map((f) => Number(f.toFixed(12))))).toEqual([
        [1, 0.525, 1, 0.05, 0.05, 1, 1],
        [1, 1, 1.475, 1, 1, 1, 1],
        [1, 1, 2.9, 1, 1, 4.8, 4.8],
        [2.425, 1.7125, 1.7125, 1, 1, 1, 1],
        [1.11875, 1.475, 1.475, 1, 1, 1, 1],
        [1.11875, 1, 1, 1, 1, 1, 1],
        [Number((0.05 + (0.95 * 5) / 3).toFixed(12)), 1, 1, 4.8, 1, 4.8, 1],
        [3.6125, 2.9, 2.9, 1, 1, 1, 1],
      ]);
    },
  );

  it('pins the hole evidence and telling decisions', { timeout: SLOW }, () => {
    const a = examined().audit;
    expect(a.evidence.map((e) => Number(e.toFixed(6)))).toEqual([
      1, 0.525, 1.475, 0.05, 0.05, 1, 1, 17.908554, 7.325219, 21.243134, 4.8, 1, 23.04, 4.8,
    ]);
    expect(a.telling.map((t) => [t.at, t.move])).toEqual([
      [17, 'd'],
      [20, 'd'],
      [21, 'd'],
    ]);
    expect(a.telling[0]!.reason).toEqual(DREW_OVER_2S);
    // Deterministic, to the last bit.
    expect(unwrap(auditHole(d, rules, log))).toEqual(a);
  });

  it(
    "reads the round's earlier holes: fewer orders after a hole that sank, more after one at the cap",
    { timeout: SLOW },
    () => {
      const { audit: a, decisions: traces } = examined();
      // The same hole after a hole whose capitals all fell to a millionth: its ladders read 17.9 (the most the first
      // capital reaches here) times a millionth, below a tenth, so every segment is examined with one order; above,
      // the rest's segments had four.
      const low: HoleAudit = { ...a, evidence: Array<number>(14).fill(1e-6) };
      const { audit: b, decisions: later } = unwrap(examineHole(d, rules, log, [low]));
      expect(b.prior).toEqual(Array<number>(14).fill(1e-6));
      expect(Math.max(...traces.map((t) => t.lossOutcomes.length))).toBe(5);
      expect(later.map((t) => t.lossOutcomes.length <= 2)).toEqual(later.map(() => true));
      expect(later.map((t) => t.at)).toEqual(traces.map((t) => t.at));
      expect(unwrap(combineAudit([low, b])).decisions).toBe(a.decisions * 2);
      expect(combineAudit([low, a])).toMatchObject({ ok: false, error: { code: 'ERR_ORDER', hole: 1 } });
      // After a hole whose capitals all reached the round cap, its ladders read the cap times the hole's own
      // capitals: from the rest's first segment on, eight orders where the group's capital stays above 30 / 100 (the
      // opening keeps its one). Version 10 capped the earlier holes at 1 and examined this hole as a round's first.
      const high: HoleAudit = { ...a, evidence: Array<number>(14).fill(1e4) };
      const { audit: c, decisions: climbed } = unwrap(examineHole(d, rules, log, [high]));
      expect(c.prior).toEqual(Array<number>(14).fill(AUDIT_ROUND_CAP));
      expect(climbed.filter((t) => t.drawn < 2).every((t) => t.lossOutcomes.length === 2)).toBe(true);
      expect(Math.max(...climbed.map((t) => t.lossOutcomes.length))).toBe(9);
      expect(climbed.map((t) => t.at)).toEqual(traces.map((t) => t.at));
      expect(unwrap(combineAudit([high, c])).decisions).toBe(a.decisions * 2);
      expect(combineAudit([c])).toMatchObject({ ok: false, error: { code: 'ERR_ORDER', hole: 0 } });
    },
  );
});

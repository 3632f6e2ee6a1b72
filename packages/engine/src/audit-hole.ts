/**
 * The audit of one finished hole. Every decision (a position with at least two legal moves) made while some stock card
 * is unseen is examined (docs/fair-play.md#decisions). The decisions made with the same stock cards drawn form a
 * segment; a segment's decisions are judged on the real stock and on orders of the unseen cards sampled from what
 * the player was shown (docs/fair-play.md#orders), and at each one the capitals bet on the real stock
 * (docs/fair-play.md#capitals-and-bets). The hole's evidence is each capital's product of its factors.
 *
 * Determinism: the orders come from a stream seeded by what was shown and the salt, sample counts follow the
 * capitals, solves are exact (past `AUDIT_MAX_NODES` an outcome counts as the cap and the hole says `exact: false`),
 * and every figure is built from integer strokes with `+ - * /` only: the same input gives the same audit anywhere.
 */
import { COURSE_HOLES, type Deal } from './deal.ts';
import { makeMove } from './game.ts';
import { planRun } from './hint.ts';
import { err, ok, type Result } from './result.ts';
import type { Rules } from './rules.ts';
import { DealSearch, TailCache } from './solve-fast.ts';
import { capitalFactor, judgeInTurn, type OutcomeRange } from './audit-bets.ts';
import { verdictLot } from './audit-lot.ts';
import { drawSamples, SegmentOrders, type AuditCondition, type SampleSet } from './audit-orders.ts';
import { outcomeOn, type AuditProbe } from './audit-outcomes.ts';
import {
  AUDIT_CAPITALS,
  AUDIT_DRAW_FACTOR,
  AUDIT_LOSS_CAP,
  AUDIT_MIN_FAILING,
  AUDIT_PARTS,
  AUDIT_REFERENCE_GAINS,
  AUDIT_ROUND_CAP,
  AUDIT_VERSION,
} from './audit-settings.ts';
import type { AuditBet, AuditCapital, AuditPart, AuditReference } from './audit-shapes.ts';
import { auditSteps, type AuditStep } from './audit-steps.ts';
import { mayBeTelling, tellingOf } from './audit-telling.ts';
import type { AuditError, HoleAudit, TellingDecision } from './audit-verdict.ts';

/** A hole's evidence and prior: one number for each part and each capital, part by part. */
export const EVIDENCE_SIZE = AUDIT_PARTS.length * AUDIT_CAPITALS.length;

/** One examined decision: what the audit saw there, and what each capital's bets made of it. */
export interface ExaminedDecision {
  /** The index of the move in the hole's log. */
  readonly at: number;
  /** Stock cards drawn when it was made: its segment. */
  readonly drawn: number;
  readonly step: AuditStep;
  /** Strokes the move taken lost against the best move: with the real stock first, then on every accepted sample. */
  readonly lossOutcomes: readonly number[];
  /** For each capital, the outcomes its bets were placed on (the real stock's first), null where it did not bet. */
  readonly outcomesBetOn: readonly (readonly number[] | null)[];
  /** The losses later samples of its part must give it, or null when its bets revealed nothing of the real stock. */
  readonly lossRange: OutcomeRange | null;
  /** Its factor for each capital, in turn. */
  readonly factors: readonly number[];
}

/** A hole's audit, with every decision it examined. */
export interface ExaminedHole {
  readonly audit: HoleAudit;
  readonly decisions: readonly ExaminedDecision[];
}

/** An examined decision while its segment is judged. */
interface Decision extends ExaminedDecision {
  lossOutcomes: number[];
  outcomesBetOn: (readonly number[] | null)[];
  lossRange: OutcomeRange | null;
  factors: number[];
}

/**
 * Capitals that share their samples, and so the conditions those must meet (apart, one group's conditions do not thin
 * another's samples): those against the best move, those against a reference move, and the threshold rules.
 */
interface CapitalGroup {
  /** Indices in `AUDIT_CAPITALS`. */
  readonly capitals: readonly number[];
  /** The top of its outcomes' scale: strokes lost, the graded gain on a reference move, or whether a rule allows it. */
  readonly outcomeCap: number;
  /** It judges the move taken against the best move at every decision: the telling decisions read that. */
  readonly againstBest: boolean;
}

const capitalsWhere = (keep: (c: AuditCapital) => boolean): number[] =>
  AUDIT_CAPITALS.flatMap((c, b) => (keep(c) ? [b] : []));

const CAPITAL_GROUPS: readonly CapitalGroup[] = [
  { capitals: capitalsWhere((c) => c.ref === undefined), outcomeCap: AUDIT_LOSS_CAP, againstBest: true },
  {
    capitals: capitalsWhere((c) => c.ref !== undefined && c.theta === undefined),
    outcomeCap: AUDIT_REFERENCE_GAINS + 1,
    againstBest: false,
  },
  { capitals: capitalsWhere((c) => c.theta !== undefined), outcomeCap: 1, againstBest: false },
].filter((group) => group.capitals.length > 0);

/** A part of the hole while it is examined: its capitals so far, and what later samples of each group must match. */
interface PartState {
  readonly part: AuditPart;
  /** Its index in `AUDIT_PARTS`. */
  readonly index: number;
  readonly capitals: number[];
  readonly conditions: Map<CapitalGroup, AuditCondition[]>;
}

/**
 * Audits one finished hole, given the audits of the round's holes before it, in play order (none for the first): their
 * evidence sets how many orders this hole's segments start with. `salt` goes into the seed of its sampled orders: the
 * API's is the day's audit salt, secret until the day closes. Returns the hole's audit and every decision it examined.
 */
export function examineHole(
  deal: Deal,
  rules: Rules,
  log: string,
  before: readonly HoleAudit[] = [],
  salt = '',
): Result<ExaminedHole, AuditError> {
  const refused = refuseEarlierHoles(before);
  if (refused !== null) return err(refused);
  const prior = roundPrior(before);
  const walked = auditSteps(deal, rules, log);
  if (!walked.ok) return walked;
  const steps = walked.value;
  const hole = new HoleExamination(deal, rules, salt, prior);
  const evidence: number[] = [];
  const decisions: ExaminedDecision[] = [];
  try {
    for (const [index, part] of AUDIT_PARTS.entries()) {
      const examined = hole.examinePart(steps, part, index);
      evidence.push(...examined.capitals);
      decisions.push(...examined.decisions);
    }
  } finally {
    hole.release();
  }
  const audit: HoleAudit = {
    version: AUDIT_VERSION,
    decisions: steps.filter((s) => s.moves.length >= 2).length,
    examined: decisions.length,
    bets: decisions.filter((d) => d.factors.some((f) => f !== 1)).length,
    evidence,
    prior,
    telling: hole.telling,
    exact: hole.exact,
    lot: verdictLot(deal, log, salt),
  };
  return ok({ audit, decisions });
}

/** Why the holes before this one cannot come before it, or null when they can. */
function refuseEarlierHoles(before: readonly HoleAudit[]): AuditError | null {
  if (before.length >= COURSE_HOLES)
    return {
      code: 'ERR_LENGTHS',
      message: `a round has at most ${COURSE_HOLES} holes, got ${before.length} before this one`,
    };
  const stale = before.findIndex((h) => !isHoleAudit(h));
  if (stale >= 0)
    return {
      code: 'ERR_VERSION',
      message: `hole ${stale + 1}, before this one, was audited by another audit version`,
      hole: stale,
    };
  return null;
}

/** Whether a stored hole audit is this version's, with a number of evidence and of prior for every capital. */
export function isHoleAudit(h: HoleAudit | null): boolean {
  const numbers = (a: unknown) =>
    Array.isArray(a) &&
    a.length === EVIDENCE_SIZE &&
    a.every((e) => typeof e === 'number' && Number.isFinite(e) && e >= 0);
  return (
    typeof h === 'object' &&
    h !== null &&
    h.version === AUDIT_VERSION &&
    numbers(h.evidence) &&
    numbers(h.prior) &&
    Number.isInteger(h.lot) &&
    h.lot >= 0 &&
    h.lot < 0x100000000
  );
}

/**
 * What a hole's sample counts read of the round's earlier holes (`HoleAudit.prior`): for each part and capital, the
 * product of their evidence, multiplied in play order, counted at most `AUDIT_ROUND_CAP`.
 */
export function roundPrior(before: readonly HoleAudit[]): number[] {
  const product = Array<number>(EVIDENCE_SIZE).fill(1);
  for (const h of before) for (let b = 0; b < EVIDENCE_SIZE; b++) product[b]! *= h.evidence[b]!;
  return product.map((v) => Math.min(AUDIT_ROUND_CAP, v));
}

/** The examined decisions of one part of the hole, by segment (stock cards drawn), each in log order. */
function segmentsOf(
  steps: readonly AuditStep[],
  part: AuditPart,
  stockLength: number,
): Map<number, Decision[]> {
  const segments = new Map<number, Decision[]>();
  steps.forEach((step, at) => {
    const drawn = step.pos.drawn;
    if (step.moves.length < 2 || drawn < part.fromDraw || drawn >= part.untilDraw || drawn >= stockLength)
      return;
    const decision: Decision = {
      at,
      drawn,
      step,
      lossOutcomes: [],
      outcomesBetOn: AUDIT_CAPITALS.map(() => null),
      lossRange: null,
      factors: AUDIT_CAPITALS.map(() => 1),
    };
    segments.set(drawn, [...(segments.get(drawn) ?? []), decision]);
  });
  return segments;
}

/** Places one capital's bets at a decision, on the outcomes it is judged on (the real stock's first). */
function placeCapitalBets(decision: Decision, capital: number, outcomes: readonly number[]): void {
  decision.outcomesBetOn[capital] = outcomes;
  decision.factors[capital] = capitalFactor(outcomes, AUDIT_CAPITALS[capital]!.bets, AUDIT_MIN_FAILING);
}

/** The probes of one segment for one group of capitals: what their bets look at, at each decision. */
interface SegmentProbes {
  /** Every probe of the segment, each with the bets placed on it. */
  readonly list: { readonly probe: AuditProbe; readonly bets: AuditBet[] }[];
  /** For each decision, in turn, which of them it uses. */
  readonly ofDecision: readonly DecisionProbes[];
}

/** Which probes of the segment one decision uses. */
interface DecisionProbes {
  /** The probe of each capital of the group that bets at the decision; absent where it does not bet. */
  readonly byCapital: ReadonlyMap<number, number>;
  /** The probe of the move taken against the best move, where the group looks at it. */
  readonly againstBest: number | undefined;
  /** Its capitals' probes, each once, in capital order. */
  readonly own: readonly number[];
}

/**
 * What each decision's capitals of `group` look at: the move taken against the best move, or against the move of a
 * reference policy where the player left it. Capitals that look at the same thing share one probe.
 */
function segmentProbes(decisions: readonly Decision[], group: CapitalGroup): SegmentProbes {
  const list: SegmentProbes['list'] = [];
  const ofDecision = decisions.map(({ step }): DecisionProbes => {
    const seen = new Map<string, number>();
    const probeOf = (ref: number | undefined, bets: readonly AuditBet[], theta?: number): number => {
      const key = `${ref}/${theta}`;
      let k = seen.get(key);
      if (k === undefined) {
        k = list.length;
        seen.set(key, k);
        const probe =
          ref === undefined
            ? { step }
            : theta === undefined
              ? { step, ref, gains: AUDIT_REFERENCE_GAINS }
              : { step, ref, theta };
        list.push({ probe, bets: [] });
      }
      list[k]!.bets.push(...bets);
      return k;
    };
    if (group.againstBest) probeOf(undefined, []);
    const byCapital = new Map<number, number>();
    for (const b of group.capitals) {
      const c = AUDIT_CAPITALS[b]!;
      if (c.ref === undefined) byCapital.set(b, probeOf(undefined, c.bets));
      else {
        const ref = referenceMove(step, c.ref);
        if (ref >= 0 && ref !== step.taken) byCapital.set(b, probeOf(ref, c.bets, c.theta));
      }
    }
    return { byCapital, againstBest: seen.get('undefined/undefined'), own: [...new Set(byCapital.values())] };
  });
  return { list, ofDecision };
}

/**
 * The index in `step.moves` of the move a blind reference policy makes at the step's position: the leftmost card that
 * fits (legal moves list the columns left to right, then the draw), or the planner's move (-1 would be no bet, but
 * the planner only ever plays a card that fits, or draws when none does).
 */
function referenceMove(step: AuditStep, ref: AuditReference): number {
  if (ref === 'first') return 0;
  const plan = makeMove(planRun(step.pos)!.move);
  return step.moves.findIndex((m) => makeMove(m) === plan);
}

/** One hole under examination: its searches, shared by every decision, and what it has found so far. */
class HoleExamination {
  /** False once some solve reached the node cap. */
  exact = true;
  readonly telling: TellingDecision[] = [];
  /** What every search of the hole proves near the end of the stock. */
  readonly #tails: TailCache;
  /** The real stock: one search for the whole hole. */
  readonly #real: DealSearch;

  constructor(
    readonly deal: Deal,
    readonly rules: Rules,
    readonly salt: string,
    readonly prior: readonly number[],
  ) {
    this.#tails = new TailCache(deal, rules);
    this.#real = new DealSearch(deal, rules, this.#tails);
  }

  release(): void {
    this.#real.release();
    this.#tails.release();
  }

  /** Examines one part of the hole, segment by segment: its capitals at the end, and its examined decisions. */
  examinePart(steps: readonly AuditStep[], part: AuditPart, index: number) {
    const state: PartState = {
      part,
      index,
      capitals: AUDIT_CAPITALS.map(() => 1),
      conditions: new Map(CAPITAL_GROUPS.map((group): [CapitalGroup, AuditCondition[]] => [group, []])),
    };
    const decisions: Decision[] = [];
    for (const [drawn, segment] of segmentsOf(steps, part, this.deal.stock.length)) {
      this.judgeSegment(drawn, segment, state);
      for (const decision of segment) decision.factors.forEach((f, b) => (state.capitals[b]! *= f));
      decisions.push(...segment);
    }
    return { capitals: state.capitals, decisions };
  }

  /**
   * Judges the decisions of one segment: each group of capitals in turn draws the segment's orders (the same ones:
   * their searches are shared until the segment is judged) and bets at each decision.
   */
  judgeSegment(drawn: number, segment: readonly Decision[], state: PartState): void {
    const orders = new SegmentOrders(this.deal, this.rules, drawn, this.#tails, this.salt);
    try {
      for (const group of CAPITAL_GROUPS) this.#judgeGroup(group, orders, segment, state);
    } finally {
      orders.release();
    }
  }

  /**
   * One group's bets at the decisions of a segment. The decisions share the segment's samples: each is judged on those
   * that agree with the real stock at the decisions before it (`judgeInTurn`); what its bets revealed of the real stock
   * becomes a condition on the part's later samples.
   */
  #judgeGroup(
    group: CapitalGroup,
    orders: SegmentOrders,
    segment: readonly Decision[],
    state: PartState,
  ): void {
    const probes = segmentProbes(segment, group);
    if (probes.list.length === 0) return;
    const conditions = state.conditions.get(group)!;
    const { onReal, set, judged } = this.#sampleGroup(group, probes, orders, state);
    segment.forEach((decision, j) => {
      const uses = probes.ofDecision[j]!;
      for (const [capital, k] of uses.byCapital) placeCapitalBets(decision, capital, judged.outcomes[k]!);
      for (const k of uses.own) {
        const range = judged.ranges[k];
        if (!range) continue;
        conditions.push({ ...probes.list[k]!.probe, ...range });
        if (probes.list[k]!.probe.ref === undefined) decision.lossRange = range;
      }
      if (uses.againstBest === undefined) return;
      decision.lossOutcomes = [onReal[uses.againstBest]!, ...set.outcomes.map((o) => o[uses.againstBest!]!)];
      this.#findTelling(decision, set, group.outcomeCap);
    });
  }

  /**
   * A group's probes on the real stock and on the segment's accepted samples, and the outcomes each probe's bets are
   * placed on (`judgeInTurn`). Past the node cap an outcome counts as the group's cap.
   */
  #sampleGroup(group: CapitalGroup, probes: SegmentProbes, orders: SegmentOrders, state: PartState) {
    const cap = group.outcomeCap;
    const found = probes.list.map(({ probe }) => outcomeOn(this.#real, probe, cap));
    if (found.includes(null)) this.exact = false;
    const n = this.#sampleCount(group, probes, state);
    const conditions = state.conditions.get(group)!;
    const list = probes.list.map(({ probe }) => probe);
    const set = drawSamples(orders, list, conditions, n, n * AUDIT_DRAW_FACTOR, cap);
    if (!set.exact) this.exact = false;
    const onReal = found.map((o) => o ?? cap);
    const bets = probes.list.map((p) => p.bets);
    const judged = judgeInTurn(
      onReal,
      set.outcomes,
      probes.ofDecision.map((d) => d.own),
      bets,
      cap,
    );
    return { onReal, set, judged };
  }

  /**
   * Orders to accept for a group in a segment: more once the group shows evidence. A rule on the capitals that bet in
   * this segment (one that does not, say where the player kept its reference move, has no use for them) times their
   * earlier holes' products, all known before these bets are placed.
   */
  #sampleCount(group: CapitalGroup, probes: SegmentProbes, state: PartState): number {
    const betting = group.capitals.filter((b) => probes.ofDecision.some((d) => d.byCapital.has(b)));
    const offset = state.index * AUDIT_CAPITALS.length;
    const evidence = Math.max(...betting.map((b) => state.capitals[b]! * this.prior[offset + b]!));
    return state.part.samples.find((x) => evidence < x.below)?.samples ?? 1;
  }

  /** Records the decision as telling if it is: best with the real stock, yet poor on the samples (not the verdict). */
  #findTelling(decision: Decision, set: SampleSet, cap: number): void {
    const [real, ...samples] = decision.lossOutcomes;
    if (real !== 0 || !mayBeTelling(samples, cap)) return;
    const blind: (readonly number[])[] = [];
    for (let k = 0; k < samples.length; k++) {
      const values = set.valuesOf(k, decision.step);
      if (values === null) this.exact = false;
      else blind.push(values);
    }
    const reason = tellingOf(decision.step, blind);
    const { step, at } = decision;
    if (reason !== null) this.telling.push({ at, move: makeMove(step.moves[step.taken]!), reason });
  }
}

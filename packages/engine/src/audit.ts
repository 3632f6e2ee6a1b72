/**
 * The integrity audit of a finished round (DESIGN §7, docs/fair-play.md), version 13.
 *
 * A player who knows the stock plays moves that do well with that stock; a player who does not can only play moves
 * that do well on average over the orders the unseen cards could be in. For an honest player the real order of the
 * unseen cards is one more uniformly random order given everything he was shown, so it does like any sampled one.
 *
 * - Every decision (a position with at least two legal moves) made while some stock card is unseen is examined, from
 *   the first move of the hole. Its *outcome* on a stock order is the strokes the move taken loses there against the
 *   best move, by the exact solver, counted up to `AUDIT_LOSS_CAP`.
 * - The decisions made between two draws (a *segment*) are judged on orders of the unseen cards drawn from a stream
 *   seeded by what was shown only. Orders must give every earlier probe (what a capital's bets looked at) of the
 *   hole's part and of the capital's group (the first capital; the two references; the four threshold rules) the
 *   outcome range the real stock revealed there (rejection). In the rest of the hole their number grows with the
 *   group's evidence (`AUDIT_SAMPLES`): its capitals in this hole times their products over the round's earlier
 *   holes, those counted at most `AUDIT_ROUND_CAP`; in the opening it is one (`AUDIT_OPENING_SAMPLES`). The
 *   segment's decisions share its orders and are judged in turn, each on the orders that still agree with the real
 *   stock at the segment's earlier decisions (`judgeSegment`): paid on all of them, two decisions whose outcomes go
 *   together would be paid twice on one draw of the real stock (versions 4 to 9 did).
 * - At each decision seven capitals bet on the real stock (`AUDIT_CAPITALS`). The first places the mean of a bet that
 *   the move taken was best and a bet that it lost fewer than two strokes: a deliberate one-stroke mistake costs only
 *   half a bet. Two judge the move taken against a blind reference policy's move (the planner's, the first legal
 *   move), only where the player left it: that it gained a stroke there, and that it did no worse. Four bet, at those
 *   same departures, that the reference move lost 2 (or 3) strokes or more there and the move taken was best. Each
 *   bet pays `n / s` of its stake when the real stock succeeds among `n` orders of which `s` succeed, and keeps
 *   `1 - stake` when it fails: expectation exactly 1 for an honest player, whatever his strategy.
 * - A hole has two parts with capitals of their own, the opening (before the 2nd draw) and the rest (`AUDIT_PARTS`):
 *   the rest's samples need not match the opening, whose matching costs a solve of the whole game.
 * - A capital's evidence is the product of its factors over the holes (independent decks); the round's evidence is
 *   the mean over the capitals weighted by their parts (the opening a tenth, the rest nine tenths) and their own
 *   weights, three of the rest's capitals sharing their weights from hole to hole (`AUDIT_SWITCH`, `roundEvidence`),
 *   `pValue = min(1, u / evidence)` with a uniform `u` drawn from the day's secret salt and the logs (version 13; the
 *   randomized Markov inequality), flagged below `AUDIT_ALPHA`. Proof in docs/fair-play.md.
 *
 * Determinism: sample orders come from xoshiro128** seeded by a hash of the shown cards, sample counts follow the
 * capitals, solves are exact (a node cap guards the CPU: past it an outcome counts as `AUDIT_LOSS_CAP`, and the hole
 * says `exact: false`), and every figure is built from integer strokes with `+ - * /` only. The same (deal, rules,
 * log, earlier holes' audits) gives the same result on any machine, whatever the clock says.
 */
import { makeCard } from './card.ts';
import { COURSE_HOLES, validateDeal, type Deal } from './deal.ts';
import {
  applyMove,
  exposed,
  isOver,
  legalMoves,
  makeMove,
  parseMove,
  startPosition,
  type Move,
  type Position,
} from './game.ts';
import { err, ok, type Result } from './result.ts';
import type { Rules } from './rules.ts';
import { DealSearch, TailCache } from './solve-fast.ts';
import {
  AUDIT_ALPHA,
  AUDIT_CAPITALS,
  AUDIT_PARTS,
  AUDIT_ROUND_CAP,
  AUDIT_SETTINGS,
  AUDIT_SWITCH,
  AUDIT_VERSION,
  type AuditBet,
  type AuditCapital,
  type AuditError,
  type AuditReference,
  type AuditMove,
  type AuditPart,
  type AuditSettings,
  type AuditStep,
  type AuditSwitch,
  type HoleAudit,
  type RoundAudit,
  TELLING_MARGIN,
  type TellingDecision,
  type TellingReason,
} from './audit-settings.ts';
import { planRun } from './hint.ts';
import {
  type AuditCondition,
  type AuditProbe,
  capitalFactor,
  drawSamples,
  SegmentOrders,
  judgeSegment,
  outcomeOn,
  verdictLot,
  verdictUniform,
} from './audit-samples.ts';

export * from './audit-settings.ts';
export * from './audit-samples.ts';

/** The steps of a whole finished hole, or why the log is not one. */
export function auditSteps(deal: Deal, rules: Rules, log: string): Result<AuditStep[], AuditError> {
  const valid = validateDeal(deal, rules);
  if (!valid.ok) return err({ code: 'ERR_BOARD', message: valid.error.message });
  const steps: AuditStep[] = [];
  let pos = startPosition(deal, rules);
  for (let i = 0; i < log.length; i++) {
    const move = parseMove(log[i]!);
    if (!move.ok)
      return err({ code: 'ERR_ILLEGAL_MOVE', message: `move ${i + 1}: ${move.error.message}`, at: i });
    const moves = legalMoves(pos);
    const next = applyMove(pos, move.value);
    if (!next.ok)
      return err({ code: 'ERR_ILLEGAL_MOVE', message: `move ${i + 1}: ${next.error.message}`, at: i });
    const taken = makeMove(move.value);
    steps.push({ pos, moves, taken: moves.findIndex((m) => makeMove(m) === taken) });
    pos = next.value;
  }
  if (!isOver(pos)) return err({ code: 'ERR_NOT_OVER', message: 'the log does not finish the hole' });
  return ok(steps);
}

/** One examined decision, for the bench and the tests. */
export interface AuditTrace {
  readonly at: number;
  readonly drawn: number;
  /** Outcomes against the best move: the real stock's, then the accepted samples'. */
  readonly outcomes: readonly number[];
  /** For each capital of the settings, the outcomes its bets were placed on (as `outcomes`), null where it did not bet. */
  readonly placed: readonly (readonly number[] | null)[];
  /** The outcomes later samples must give it (`lo..hi`), or null when its bets revealed nothing of the real stock. */
  readonly condition: { readonly lo: number; readonly hi: number } | null;
  /** Its factor for each capital of the settings, in turn. */
  readonly factors: readonly number[];
}

/**
 * Audits one finished hole of a round, given the audits of the round's holes before it, in play order (none for the
 * first): their evidence sets where this hole's ladders start (`AUDIT_ROUND_CAP`). `salt` goes into the seed of its
 * sampled orders (`OrderStream`): the API's is the day's audit salt, secret until the day closes. The result is plain
 * data (JSON round-trips it) for `combineAudit`.
 */
export function auditHole(
  deal: Deal,
  rules: Rules,
  log: string,
  before: readonly HoleAudit[] = [],
  salt = '',
): Result<HoleAudit, AuditError> {
  return auditHoleWith(deal, rules, log, AUDIT_SETTINGS, { before, salt });
}

/** `auditHole` with other settings; `trace` receives every examined decision. */
export function auditHoleWith(
  deal: Deal,
  rules: Rules,
  log: string,
  settings: AuditSettings,
  options: {
    readonly before?: readonly HoleAudit[];
    readonly trace?: (t: AuditTrace) => void;
    /** Mixed into the seed of every order stream (`OrderStream`); the daily course's is secret until it closes. */
    readonly salt?: string;
  } = {},
): Result<HoleAudit, AuditError> {
  const { before = [], trace, salt = '' } = options;
  const C = settings.capitals.length;
  const size = settings.parts.length * C;
  if (before.length >= COURSE_HOLES)
    return err({
      code: 'ERR_LENGTHS',
      message: `a round has at most ${COURSE_HOLES} holes, got ${before.length} before this one`,
    });
  const stale = before.findIndex((h) => !isHoleAudit(h, size));
  if (stale >= 0)
    return err({
      code: 'ERR_VERSION',
      message: `hole ${stale + 1}, before this one, was audited by another audit version`,
      hole: stale,
    });
  const prior = roundPrior(before, size, settings.roundCap);
  const walked = auditSteps(deal, rules, log);
  if (!walked.ok) return walked;
  const steps = walked.value;
  const stockLen = deal.stock.length;
  const decisions = steps.filter((s) => s.moves.length >= 2).length;
  const evidence: number[] = [];
  const telling: TellingDecision[] = [];
  let examined = 0;
  let bets = 0;
  let exact = true;
  // The capitals that share samples, and so conditions: those against the best move (the first group, which also
  // finds the telling decisions), those against a reference move, and those of the threshold rules. Apart, one
  // group's conditions do not thin another's samples.
  const groups = [
    settings.capitals.flatMap((c, b) => (c.ref === undefined ? [b] : [])),
    settings.capitals.flatMap((c, b) => (c.ref !== undefined && c.theta === undefined ? [b] : [])),
    settings.capitals.flatMap((c, b) => (c.theta !== undefined ? [b] : [])),
  ];
  // The real stock: one search for the whole hole, shared by every decision. Every search of the hole, the real
  // stock's and the samples', shares what it proves near the end of the stock.
  const tails = new TailCache(deal, rules);
  const real = new DealSearch(deal, rules, {}, tails);
  try {
    for (const [p, part] of settings.parts.entries()) {
      // The part's decisions, grouped by segment (stock cards drawn), in log order; capitals and conditions of its own.
      const segments = new Map<number, number[]>();
      steps.forEach((s, i) => {
        const drawn = s.pos.drawn;
        if (s.moves.length < 2 || drawn < part.fromDraw || drawn >= part.untilDraw || drawn >= stockLen)
          return;
        segments.set(drawn, [...(segments.get(drawn) ?? []), i]);
      });
      const capitals = settings.capitals.map(() => 1);
      const conditions = groups.map((): AuditCondition[] => []);
      for (const [drawn, list] of segments) {
        const decided = list.map((i) => steps[i]!);
        const factors = decided.map(() => settings.capitals.map(() => 1));
        const placed = decided.map(() => settings.capitals.map((): readonly number[] | null => null));
        const base: (readonly number[])[] = [];
        const condition: ({ lo: number; hi: number } | null)[] = decided.map(() => null);
        // The groups draw the same orders, in turn; their searches are shared until the segment is judged.
        const orders = new SegmentOrders(deal, rules, drawn, tails, salt);
        try {
          groups.forEach((group, g) => {
            if (group.length === 0) return;
            const { probes, users, probeOf } = groupProbes(decided, group, settings, g === 0);
            if (probes.length === 0) return;
            // The outcomes' scale: strokes lost against the best move, the graded gain on a reference move, or
            // whether a threshold rule allows the move taken.
            const cap = g === 0 ? settings.lossCap : g === 1 ? settings.referenceGains + 1 : 1;
            const realOutcomes = probes.map((probe) => outcomeOn(real, probe, cap));
            if (realOutcomes.includes(null)) exact = false;
            // More orders once the group shows evidence: a rule on the capitals that bet in this segment (a capital
            // that does not, say where the player kept its reference move, has no use for them) and their earlier
            // holes' products, all known before these bets are placed.
            const betting = group.filter((b) => probeOf.some((x) => x.of.has(b)));
            const capital = Math.max(...betting.map((b) => capitals[b]! * prior[p * C + b]!));
            const n = part.samples.find((x) => capital < x.below)?.samples ?? 1;
            const set = drawSamples(orders, probes, conditions[g]!, n, n * settings.drawFactor, cap);
            if (!set.exact) exact = false;
            // The segment's decisions share its samples: each is judged on those that agree with the real stock at
            // the decisions before it (`judgeSegment`).
            const onReal = probes.map((_, k) => realOutcomes[k] ?? cap);
            const probesOf = probeOf.map((x) => [...new Set(x.of.values())]);
            const judged = judgeSegment(onReal, set.outcomes, probesOf, users, cap);
            for (const [j, i] of list.entries()) {
              const step = decided[j]!;
              for (const [b, k] of probeOf[j]!.of) {
                const c = settings.capitals[b]!;
                const outcomes = judged.outcomes[k]!;
                placed[j]![b] = outcomes;
                factors[j]![b] = capitalFactor(outcomes, c.bets, settings.minFailing);
              }
              // What later samples of the part must match.
              for (const k of probesOf[j]!) {
                const range = judged.ranges[k];
                if (!range) continue;
                conditions[g]!.push({ ...probes[k]!, ...range });
                if (probes[k]!.ref === undefined) condition[j] = range;
              }
              const b0 = probeOf[j]!.base;
              if (b0 === undefined) continue;
              // The telling decisions (not the verdict) read every sample.
              base[j] = [onReal[b0]!, ...set.outcomes.map((o) => o[b0]!)];
              const samples = base[j]!.slice(1);
              if (base[j]![0] !== 0 || !mayBeTelling(samples, cap)) continue;
              const blind: (readonly number[])[] = [];
              for (let k = 0; k < samples.length; k++) {
                const v = set.valuesOf(k, step);
                if (v === null) exact = false;
                else blind.push(v);
              }
              const t = tellingOf(step, blind);
              if (t !== null) telling.push({ at: i, move: makeMove(step.moves[step.taken]!), reason: t });
            }
          });
        } finally {
          orders.release();
        }
        for (const [j, i] of list.entries()) {
          examined++;
          if (factors[j]!.some((f) => f !== 1)) bets++;
          factors[j]!.forEach((f, b) => (capitals[b]! *= f));
          trace?.({
            at: i,
            drawn,
            outcomes: base[j]!,
            placed: placed[j]!,
            condition: condition[j]!,
            factors: factors[j]!,
          });
        }
      }
      evidence.push(...capitals);
    }
  } finally {
    real.release();
    tails.release();
  }
  return ok({
    version: AUDIT_VERSION,
    decisions,
    examined,
    bets,
    evidence,
    prior,
    telling,
    exact,
    lot: verdictLot(deal, log, salt),
  });
}

/** Whether a stored hole audit is this version's, with `size` capitals of evidence and of prior. */
function isHoleAudit(h: HoleAudit | null, size: number): boolean {
  const numbers = (a: unknown) =>
    Array.isArray(a) &&
    a.length === size &&
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
 * What a hole's ladders read of the round's earlier holes (`HoleAudit.prior`): for each part and capital, the product
 * of their evidence, multiplied in play order, counted at most `cap`.
 */
function roundPrior(before: readonly HoleAudit[], size: number, cap: number): number[] {
  const product = Array<number>(size).fill(1);
  for (const h of before) for (let b = 0; b < size; b++) product[b]! *= h.evidence[b]!;
  return product.map((v) => Math.min(cap, v));
}

/**
 * What each decision's capitals of a group look at: the move taken against the best move (with `withBase`, always,
 * for the telling decisions too), or against a reference move the player left. `probeOf[j].of.get(b)`: capital b's
 * probe at decision j, absent where it does not bet; `probeOf[j].base`: the probe against the best move, if any.
 * `users[k]`: the bets placed on probe k.
 */
function groupProbes(
  decided: readonly AuditStep[],
  group: readonly number[],
  settings: AuditSettings,
  withBase: boolean,
) {
  const { capitals, referenceGains: gains } = settings;
  const probes: AuditProbe[] = [];
  const users: AuditBet[][] = [];
  const probeOf = decided.map((step) => {
    const at = new Map<string, number>();
    const probe = (ref: number | undefined, bets: readonly AuditBet[], theta?: number): number => {
      const key = `${ref}/${theta}`;
      let k = at.get(key);
      if (k === undefined) {
        k = probes.length;
        at.set(key, k);
        probes.push(
          ref === undefined ? { step } : theta === undefined ? { step, ref, gains } : { step, ref, theta },
        );
        users.push([]);
      }
      users[k]!.push(...bets);
      return k;
    };
    if (withBase) probe(undefined, []);
    const of = new Map<number, number>();
    for (const b of group) {
      const c = capitals[b]!;
      if (c.ref === undefined) of.set(b, probe(undefined, c.bets));
      else {
        const ref = referenceMove(step, c.ref);
        if (ref >= 0 && ref !== step.taken) of.set(b, probe(ref, c.bets, c.theta));
      }
    }
    return { of, base: at.get('undefined/undefined') };
  });
  return { probes, users, probeOf };
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

function auditMove(pos: Position, move: Move): AuditMove {
  return move.kind === 'draw'
    ? { kind: 'draw' }
    : { kind: 'play', column: move.column, card: makeCard(exposed(pos, move.column)!) };
}

/**
 * Whether a decision whose move was best with the real stock can be telling, from its outcomes on the samples
 * alone: the move taken loses at most its outcome against every other move on a sample, so unless some outcome
 * reached the cap (the loss may be more) its mean over the samples bounds the margin of `tellingOf`. Every move's
 * value on the samples is solved only where this holds.
 */
function mayBeTelling(samples: readonly number[], cap: number): boolean {
  let sum = 0;
  for (const o of samples) {
    if (o >= cap) return true;
    sum += o;
  }
  return samples.length > 0 && sum >= TELLING_MARGIN * samples.length;
}

/**
 * A telling decision: the move taken was best with the real stock (the caller checks), yet lost at least
 * `TELLING_MARGIN` strokes on average over the sampled orders (every move's values on each, `values`) against the
 * move that did best there.
 */
function tellingOf(step: AuditStep, values: readonly (readonly number[])[]): TellingReason | null {
  const n = values.length;
  if (n < 1) return null;
  const means = step.moves.map((_, m) => {
    let s = 0;
    for (const v of values) s += v[m]!;
    return s / n;
  });
  const best = Math.min(...means);
  const margin = means[step.taken]! - best;
  if (margin < TELLING_MARGIN) return null;
  const pos = step.pos;
  return {
    kind: 'regret',
    taken: auditMove(pos, step.moves[step.taken]!),
    playable: step.moves.flatMap((m) => (m.kind === 'play' ? [makeCard(exposed(pos, m.column)!)] : [])),
    blindBest: auditMove(pos, step.moves[means.indexOf(best)]!),
    strokes: Math.round(margin * 10) / 10,
    // Best with the real stock: it lost nothing there, and no sample ranks ahead of it.
    realStrokes: 0,
    rank: 1,
    of: n + 1,
  };
}

/**
 * The round's verdict from its holes' audits, in play order. Pure: the API can audit holes in separate CPU slices,
 * store each `HoleAudit`, and combine them at the end. Each hole must have been audited after the holes before it
 * here (`ERR_ORDER` otherwise): its ladders read their evidence.
 */
export function combineAudit(holes: readonly HoleAudit[]): Result<RoundAudit, AuditError> {
  if (holes.length < 1 || holes.length > COURSE_HOLES)
    return err({
      code: 'ERR_LENGTHS',
      message: `a round has 1 to ${COURSE_HOLES} holes, got ${holes.length}`,
    });
  const sizes = AUDIT_PARTS.length * AUDIT_CAPITALS.length;
  const bad = holes.findIndex((h) => !isHoleAudit(h, sizes));
  if (bad >= 0)
    return err({
      code: 'ERR_VERSION',
      message: `hole ${bad + 1} was audited by another audit version`,
      hole: bad,
    });
  const misplaced = holes.findIndex((h, i) => {
    const prior = roundPrior(holes.slice(0, i), sizes, AUDIT_ROUND_CAP);
    return prior.some((v, b) => v !== h.prior[b]);
  });
  if (misplaced >= 0)
    return err({
      code: 'ERR_ORDER',
      message: `hole ${misplaced + 1} was audited after other holes than the ones before it here`,
      hole: misplaced,
    });
  const evidence = roundEvidence(holes.map((h) => h.evidence));
  // The randomized Markov test: with u uniform and independent of the evidence, P(u / E <= a) = E[min(1, a E)] <= a.
  const u = verdictUniform(holes.map((h) => h.lot));
  const pValue = evidence <= u ? 1 : u / evidence;
  return ok({
    flagged: pValue < AUDIT_ALPHA,
    pValue,
    telling: holes.reduce((n, h) => n + h.telling.length, 0),
    decisions: holes.reduce((n, h) => n + h.decisions, 0),
    holes: holes.map((h) => ({ telling: h.telling })),
  });
}

/**
 * The round's evidence from its holes' evidence (`HoleAudit.evidence`, holes in play order). For each capital, each
 * hole's evidence keeps its expectation at most 1 given the holes before it (the decks are independent), so:
 * - outside `sw`, each capital's product over the holes is an e-value, weighed by its part's weight times its own
 *   (multiplied in sorted order: the same product, to the last bit, as version 8's, which combined holes in any order);
 * - the capitals of `sw` (version 12) together hold their weights' sum, spread over them hole by hole: hole `h` pays
 *   `Σ w_b · e_b`, whose expectation is at most 1 given the holes before it, since the weights `w` are fixed by those
 *   holes. After the hole, `w` follows what each capital gained (`w_b · e_b`, normalised), and a share `sw.share` of it
 *   goes back to the capitals' own weights. The product over the holes is an e-value ("fixed share"); `share` 0 gives
 *   back the plain products.
 *
 * A weighted mean of e-values whose weights sum to 1 is an e-value.
 */
export function roundEvidence(
  evidence: readonly (readonly number[])[],
  sw: AuditSwitch = AUDIT_SWITCH,
  parts: readonly AuditPart[] = AUDIT_PARTS,
  capitals: readonly AuditCapital[] = AUDIT_CAPITALS,
): number {
  const size = parts.length * capitals.length;
  const weight = (b: number) =>
    parts[Math.floor(b / capitals.length)]!.weight * capitals[b % capitals.length]!.weight;
  const switching = sw.capitals.map((c) => sw.part * capitals.length + c);
  let total = 0;
  for (let b = 0; b < size; b++) {
    if (switching.includes(b)) continue;
    let product = 1;
    for (const v of evidence.map((h) => h[b]!).sort((x, y) => x - y)) product *= v;
    total += weight(b) * product;
  }
  if (switching.length === 0) return total;
  const held = switching.reduce((sum, b) => sum + weight(b), 0);
  const own = switching.map((b) => weight(b) / held);
  let w = [...own];
  let product = 1;
  for (const h of evidence) {
    const gained = switching.map((b, i) => w[i]! * h[b]!);
    const paid = gained.reduce((a, x) => a + x, 0);
    product *= paid;
    // A hole that paid nothing leaves the round's product at 0: the weights no longer matter.
    if (paid === 0) break;
    w = gained.map((g, i) => (1 - sw.share) * (g / paid) + sw.share * own[i]!);
  }
  return total + held * product;
}

/** Audits a whole round: `combineAudit(holes.map(auditHole))`, holes in order with `salt`, the first bad one reported. */
export function auditRound(
  deals: readonly Deal[],
  rules: Rules,
  logs: readonly string[],
  salt = '',
): Result<RoundAudit, AuditError> {
  if (deals.length !== logs.length)
    return err({ code: 'ERR_LENGTHS', message: `${deals.length} boards but ${logs.length} logs` });
  if (deals.length < 1 || deals.length > COURSE_HOLES)
    return err({
      code: 'ERR_LENGTHS',
      message: `a round has 1 to ${COURSE_HOLES} holes, got ${deals.length}`,
    });
  // Check every log before the costly part, so bad input answers at once.
  for (let h = 0; h < deals.length; h++) {
    const s = auditSteps(deals[h]!, rules, logs[h]!);
    if (!s.ok) return err({ ...s.error, hole: h, message: `hole ${h + 1}: ${s.error.message}` });
  }
  const holes: HoleAudit[] = [];
  for (let h = 0; h < deals.length; h++) {
    const a = auditHole(deals[h]!, rules, logs[h]!, holes, salt);
    if (!a.ok) return err({ ...a.error, hole: h, message: `hole ${h + 1}: ${a.error.message}` });
    holes.push(a.value);
  }
  return combineAudit(holes);
}

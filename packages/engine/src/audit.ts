/**
 * The integrity audit of a finished round (DESIGN §7, docs/fair-play.md).
 *
 * A player who knows the stock plays moves that are best for that stock; a player who does not can only play
 * moves that are good on average over the orders the unseen cards could be in. At each examined decision the
 * audit asks how likely the move taken was to be best, given only what the player had been shown, and bets
 * that it is best for the real stock. The bets are fair for every honest player, whatever his strategy, so
 * the chance that an honest round's evidence reaches `1 / AUDIT_ALPHA` is at most `AUDIT_ALPHA`.
 *
 * Per examined decision (at least two legal moves; `AUDIT_FROM_DRAW <= drawn < AUDIT_UNTIL_DRAW` stock cards
 * drawn, so some are still unseen):
 * - `hit`: the move taken is best (fewest strokes, exact solver) with the real stock.
 * - Orders of the unseen cards are drawn, seeded by what was shown only (one set for all decisions between
 *   two draws), until `AUDIT_SAMPLES[drawn]` are *accepted*: played on them, every earlier bet of the hole has
 *   the hit it had with the real stock. For an honest player the accepted orders and the real stock are then
 *   independent draws from one law (uniform orders given everything the bets revealed). `A` orders are
 *   accepted; the move taken is best on `B` of them. A surprising hit (`B <= AUDIT_EXTEND_AT`) is judged on a
 *   second, larger set instead (a threshold on `B`, which keeps the choice fair: docs/fair-play.md).
 * - With `T = B + hit`, the real stock is the hit with probability exactly `T / (A + 1)` given `T` (the A + 1
 *   orders are exchangeable). The factor `hit · (A + 1) / T` (0 on a miss; 1 whatever happened when
 *   `T >= A`) therefore has expectation 1. A decision is a *bet*, which later samples must match, when
 *   `B < A`: decided by the samples, never by the real stock.
 * - The hole's evidence `E` is the product of its factors; a miss ends it at 0, and the hole is then
 *   examined no further. The hole's e-value is `AUDIT_WEIGHT · E + (1 - AUDIT_WEIGHT)`, so one miss costs a
 *   hole, not the round; the round's evidence is the product over its holes (independent decks).
 *   `pValue = min(1, 1 / evidence)`; a round is flagged when `pValue < AUDIT_ALPHA` (Markov's inequality).
 *
 * Determinism: sample orders come from xoshiro128** seeded by a hash of the shown cards, sample counts are
 * fixed, solves are exact (a node cap guards the CPU; a decision whose solve reaches it is skipped), and every
 * figure is built from integer counts with `+ - * /` only. The same (deal, rules, log) gives the same result
 * on any machine, whatever the clock says.
 */
import { makeCard, rankOf, type Card } from './card.ts';
import { COURSE_HOLES, validateDeal, type Deal } from './deal.ts';
import { applyMove, isOver, legalMoves, makeMove, parseMove, startPosition, type Move, type Position } from './game.ts';
import { err, ok, type CodedError, type Result } from './result.ts';
import { Xoshiro128 } from './rng.ts';
import type { Rules } from './rules.ts';
import { DealSearch } from './solve-fast.ts';

/** Bump when anything that changes a verdict changes; stored hole results of another version do not combine. */
export const AUDIT_VERSION = 3;
/** A round is flagged when its p-value is below this: an honest round is flagged at most once in 1,000. */
export const AUDIT_ALPHA = 0.001;
/**
 * Decisions are examined from `AUDIT_FROM_DRAW` to `AUDIT_UNTIL_DRAW - 1` stock cards drawn, that is from the
 * 2nd draw to the end of the stock. Earlier, a solve under one sampled order costs the most (almost the whole
 * stock is ahead). Version 1 stopped at the 12th draw; examining the rest multiplied a perfect-information
 * round's evidence by 1 to 4 (median about 1.5, 12 courses) for about the same CPU: the later solves are small,
 * and an honest hole has usually missed, and stopped, by then.
 */
export const AUDIT_FROM_DRAW = 2;
export const AUDIT_UNTIL_DRAW = 17;
/**
 * Sampled orders per examined segment (the decisions between two draws), by stock cards drawn. Version 2 took 5;
 * 8 multiplied a perfect-information round's evidence by about 30 to 300 (11 courses; the rounds it had left
 * unflagged went from p 0.0016-0.0034 to below 0.0001) for about 1.1x the CPU on honest rounds: after a surprising
 * hit most orders are rejected, and with 5 the later decisions of a hole were often no bet at all.
 */
export const AUDIT_SAMPLES: readonly number[] = Array.from({ length: 17 }, (_, d) => (d < 16 ? 8 : 0));
/**
 * The share of each hole's e-value that bets: `AUDIT_WEIGHT · E + (1 - AUDIT_WEIGHT)`. A scout who never
 * misses keeps 0.98 of his evidence per hole; a hole with a miss still counts 0.02, so one deliberate mistake
 * costs a cheater that hole's evidence, not the round's.
 */
export const AUDIT_WEIGHT = 0.98;
/**
 * A decision that looks surprising (at most `AUDIT_EXTEND_AT` hits among the first set's accepted samples,
 * at least 2 accepted) is bet on with a second, independent set `AUDIT_EXTEND_FACTOR` times larger (24 orders):
 * the factor is worth `(A + 1) / T` at most, so a move that is best in 1 order of 20 needs more than 8 samples.
 */
export const AUDIT_EXTEND_AT = 1;
export const AUDIT_EXTEND_FACTOR = 3;
/**
 * Orders that contradict an earlier bet are rejected; the first set keeps drawing until `AUDIT_SAMPLES[drawn]`
 * are accepted, or this many times that are drawn. After a surprising hit early in a hole most orders are
 * rejected, and without more draws the later decisions could not be judged at all.
 */
export const AUDIT_DRAW_FACTOR = 3;

/** The tunables, as one value: the public functions use `AUDIT_SETTINGS`; the bench can measure others. */
export interface AuditSettings {
  /** Decisions with `fromDraw <= drawn < untilDraw` stock cards drawn are examined. */
  readonly fromDraw: number;
  readonly untilDraw: number;
  readonly samples: readonly number[];
  readonly weight: number;
  /** A decision whose first sample set has at most this many hits gets a second set, `extendFactor` times larger. */
  readonly extendAt: number;
  readonly extendFactor: number;
  /** The first set draws up to this many times `samples[drawn]` orders to get that many accepted. */
  readonly drawFactor: number;
}

export const AUDIT_SETTINGS: AuditSettings = {
  fromDraw: AUDIT_FROM_DRAW,
  untilDraw: AUDIT_UNTIL_DRAW,
  samples: AUDIT_SAMPLES,
  weight: AUDIT_WEIGHT,
  extendAt: AUDIT_EXTEND_AT,
  extendFactor: AUDIT_EXTEND_FACTOR,
  drawFactor: AUDIT_DRAW_FACTOR,
};

/** A telling decision's move is worse than the blind best by at least this many strokes on average. */
export const TELLING_MARGIN = 0.5;
/** Positions per solve before the audit skips that decision: a CPU guard, far above any solve it makes. */
export const AUDIT_MAX_NODES = 2_000_000;

/** A decision shown to players as evidence: its index in the hole's log, its move, and why. */
export interface TellingDecision {
  readonly at: number;
  readonly move: string;
  readonly why: string;
}

/** One hole's audit: plain data, to store and later combine with the round's other holes. */
export interface HoleAudit {
  readonly version: number;
  /** Positions where the player chose between at least two legal moves. */
  readonly decisions: number;
  /** Decisions the audit compared (see `AUDIT_FROM_DRAW`). */
  readonly examined: number;
  /** Examined decisions that could pay (`B < A` in the first set): later orders must match their hits. */
  readonly bets: number;
  /** The hole's evidence: the product of its bets' factors (0 after a miss). */
  readonly evidence: number;
  readonly telling: readonly TellingDecision[];
  /** False when some solve reached `AUDIT_MAX_NODES` (that decision was then no bet). */
  readonly exact: boolean;
}

/** A round's verdict. */
export interface RoundAudit {
  readonly flagged: boolean;
  /** The chance that an honest round shows at least this much evidence, at most. */
  readonly pValue: number;
  /** Telling decisions in the round. */
  readonly telling: number;
  /** Decisions in the round (positions with a choice of at least two legal moves). */
  readonly decisions: number;
  readonly holes: readonly { readonly telling: readonly TellingDecision[] }[];
}

export type AuditErrorCode = 'ERR_LENGTHS' | 'ERR_BOARD' | 'ERR_ILLEGAL_MOVE' | 'ERR_NOT_OVER' | 'ERR_VERSION';
/** `hole` is the 0-based hole, `at` the 0-based index of the move in its log, where they apply. */
export type AuditError = CodedError<AuditErrorCode> & { readonly hole?: number; readonly at?: number };

/** One move of a hole's log, with the position before it. */
export interface AuditStep {
  readonly pos: Position;
  readonly moves: readonly Move[];
  /** Index of the move taken in `moves`. */
  readonly taken: number;
}

/** The steps of a whole finished hole, or why the log is not one. */
export function auditSteps(deal: Deal, rules: Rules, log: string): Result<AuditStep[], AuditError> {
  const valid = validateDeal(deal, rules);
  if (!valid.ok) return err({ code: 'ERR_BOARD', message: valid.error.message });
  const steps: AuditStep[] = [];
  let pos = startPosition(deal, rules);
  for (let i = 0; i < log.length; i++) {
    const move = parseMove(log[i]!);
    if (!move.ok) return err({ code: 'ERR_ILLEGAL_MOVE', message: `move ${i + 1}: ${move.error.message}`, at: i });
    const moves = legalMoves(pos);
    const next = applyMove(pos, move.value);
    if (!next.ok) return err({ code: 'ERR_ILLEGAL_MOVE', message: `move ${i + 1}: ${next.error.message}`, at: i });
    const taken = makeMove(move.value);
    steps.push({ pos, moves, taken: moves.findIndex((m) => makeMove(m) === taken) });
    pos = next.value;
  }
  if (!isOver(pos)) return err({ code: 'ERR_NOT_OVER', message: 'the log does not finish the hole' });
  return ok(steps);
}

/** The search-board child of a position after a move: heights, cards drawn, waste rank. */
function childOf(stock: readonly Card[], pos: Position, move: Move): { heights: number[]; drawn: number; top: number } {
  const heights = pos.heights.slice();
  if (move.kind === 'draw') return { heights, drawn: pos.drawn + 1, top: rankOf(stock[pos.drawn]!) };
  const c = move.column - 1;
  const card = pos.deal.columns[c]![heights[c]! - 1]!;
  heights[c]!--;
  return { heights, drawn: pos.drawn, top: rankOf(card) };
}

/** Fewest strokes after each legal move of `step`, on the deal `search` was built for; null past the cap. */
function optionValues(search: DealSearch, stock: readonly Card[], step: AuditStep): number[] | null {
  const values: number[] = [];
  for (const move of step.moves) {
    const c = childOf(stock, step.pos, move);
    const a = search.withBudget({ maxNodes: AUDIT_MAX_NODES }, () =>
      search.optimumStrokes(c.heights, c.drawn, c.top, undefined, false),
    );
    if (!a.exact) return null;
    values.push(a.value);
  }
  return values;
}

const isHit = (values: readonly number[], taken: number): boolean => values[taken] === Math.min(...values);

/**
 * Whether the move taken is best, without the other moves' values: the position's optimum, then the taken
 * move's with that optimum as its floor (a move never improves it), equal exactly when the move is best.
 * Cheaper than `optionValues`, and the same answer. Null when a solve reached the cap.
 */
function takenIsBest(search: DealSearch, stock: readonly Card[], step: AuditStep): boolean | null {
  const pos = step.pos;
  search.maxNodes = search.nodes + AUDIT_MAX_NODES;
  const whole = search.optimumStrokes(pos.heights, pos.drawn, pos.top === null ? -1 : rankOf(pos.top), undefined, false);
  if (!whole.exact) {
    search.maxNodes = Infinity;
    return null;
  }
  const c = childOf(stock, pos, step.moves[step.taken]!);
  search.maxNodes = search.nodes + AUDIT_MAX_NODES;
  const taken = search.optimumStrokes(c.heights, c.drawn, c.top, whole.value, false);
  search.maxNodes = Infinity;
  return taken.exact ? taken.value === whole.value : null;
}

/** 32-bit FNV-1a over small non-negative integers (two bytes each). */
function hashInts(values: readonly number[]): number {
  let h = 0x811c9dc5;
  for (const v of values) {
    h = Math.imul(h ^ (v & 0xff), 0x01000193);
    h = Math.imul(h ^ ((v >>> 8) & 0xff), 0x01000193);
  }
  return h >>> 0;
}

/** An earlier bet of the hole: a sample is accepted only if it gives this decision the same hit. */
export interface AuditCondition {
  readonly step: AuditStep;
  readonly hit: boolean;
}

/** Sampled orders for the decisions of one segment. */
export interface SampleSet {
  /** Per sample, per decision: whether the move taken is best (null when a solve reached the cap). */
  readonly hits: readonly (readonly (boolean | null)[])[];
  /** With `full`: for the first `n` samples, per decision, fewest strokes after each legal move (blind means). */
  readonly values: readonly (readonly (readonly number[] | null)[])[] | null;
  /** Per sample: whether it gives every earlier bet (of earlier segments) the hit it had. */
  readonly matches: readonly boolean[];
}

/**
 * Draws orders of the unseen cards for the decisions of one segment (all made with `drawn` stock cards drawn)
 * until `n` of them match the earlier bets, or `cap` are drawn, and finds on each whether each decision's
 * move is best (with `full`, every legal move's value too on the first `n` drawn). `shown` is read as the player saw it: the cards
 * beyond `drawn` only as a set (sorted before shuffling), so their real order cannot leak in. `stage` picks
 * an independent stream for a second set of the same segment.
 */
export function drawSamples(
  shown: Deal,
  rules: Rules,
  drawn: number,
  decisions: readonly AuditStep[],
  conditions: readonly AuditCondition[],
  n: number,
  stage: number,
  cap: number = n,
  full = true,
): SampleSet {
  const revealed = shown.stock.slice(0, drawn);
  const unseen = shown.stock.slice(drawn).sort((a, b) => a - b);
  const seed: number[] = [];
  for (const col of shown.columns) seed.push(...col);
  seed.push(shown.waste ?? 52, ...revealed, 53, ...unseen, 54, stage);
  const rng = Xoshiro128.fromSeed(hashInts(seed));
  const hits: (boolean | null)[][] = [];
  const values: (number[] | null)[][] = [];
  const matches: boolean[] = [];
  // Until `n` orders are accepted (or `cap` are drawn): stopping on the count of accepted orders leaves them
  // independent draws from the law they are accepted from, so the bets stay fair.
  let accepted = 0;
  for (let k = 0; k < cap && accepted < n; k++) {
    const order = unseen.slice();
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      const t = order[i]!;
      order[i] = order[j]!;
      order[j] = t;
    }
    const stock = [...revealed, ...order];
    const search = new DealSearch({ columns: shown.columns, waste: shown.waste, stock }, rules);
    // Every move's value (for the blind means) on the first `n` orders drawn only; whether the move taken is
    // best, which is all the bets need, on the rest.
    if (full && k < n) {
      const v = decisions.map((d) => optionValues(search, stock, d));
      values.push(v);
      hits.push(v.map((x, i) => (x === null ? null : isHit(x, decisions[i]!.taken))));
    } else hits.push(decisions.map((d) => takenIsBest(search, stock, d)));
    let match = true;
    for (const c of conditions) {
      if (takenIsBest(search, stock, c.step) !== c.hit) {
        match = false;
        break;
      }
    }
    matches.push(match);
    if (match) accepted++;
    search.release();
  }
  return { hits, values: full ? values : null, matches };
}

/** Accepted samples (per `mask`) and those on which decision `i`'s move is best; null past the cap. */
function countHits(set: SampleSet, mask: readonly boolean[], i: number): { a: number; b: number } | null {
  let a = 0;
  let b = 0;
  for (let k = 0; k < mask.length; k++) {
    const h = set.hits[k]![i]!;
    if (h === null) return null;
    if (!mask[k]) continue;
    a++;
    if (h) b++;
  }
  return { a, b };
}

/** Drops from `mask` the samples that give decision `i` another hit than the real stock's. */
function keepMatching(set: SampleSet, mask: boolean[], i: number, hit: boolean): void {
  for (let k = 0; k < mask.length; k++) if (mask[k] && set.hits[k]![i] !== hit) mask[k] = false;
}

/**
 * The factor of one decision: `hit · (A + 1) / T` with `T = B + hit`, or 1 when `T >= A` (no bet). Whether it
 * bets depends on `T` only, which is what keeps its expectation at 1 (at most 1 when `T = 0`) for an honest
 * player: given `T`, the real stock is the hit with probability `T / (A + 1)`.
 */
export function betFactor(accepted: number, hits: number, hit: boolean): number {
  const t = hits + (hit ? 1 : 0);
  if (t >= accepted) return 1;
  return hit ? (accepted + 1) / t : 0;
}

/** Mean fewest strokes after each legal move of decision `i` over every sample of `set`: the blind expectation. */
function blindMeans(set: SampleSet, i: number, moves: number): number[] {
  const sums = new Array<number>(moves).fill(0);
  let n = 0;
  for (const row of set.values ?? []) {
    const v = row[i];
    if (v === null || v === undefined) continue;
    v.forEach((x, m) => (sums[m]! += x));
    n++;
  }
  return sums.map((x) => x / Math.max(1, n));
}

/** The hole as the player saw it at `drawn` cards drawn: the unseen cards sorted, not in their real order. */
function hideStock(deal: Deal, drawn: number): Deal {
  return { ...deal, stock: [...deal.stock.slice(0, drawn), ...deal.stock.slice(drawn).sort((a, b) => a - b)] };
}

/** One examined decision, for the bench and the tests. */
export interface AuditTrace {
  readonly at: number;
  readonly drawn: number;
  readonly accepted: number;
  readonly hits: number;
  readonly hit: boolean;
  readonly bet: boolean;
  /** Fewest strokes after each legal move with the real stock. */
  readonly real: readonly number[];
  /** Mean fewest strokes after each legal move over the sampled orders. */
  readonly blind: readonly number[];
}

/** Audits one finished hole. The result is plain data (JSON round-trips it) for `combineAudit`. */
export function auditHole(deal: Deal, rules: Rules, log: string): Result<HoleAudit, AuditError> {
  return auditHoleWith(deal, rules, log, AUDIT_SETTINGS);
}

/** `auditHole` with other settings; `trace` receives every examined decision. */
export function auditHoleWith(
  deal: Deal,
  rules: Rules,
  log: string,
  settings: AuditSettings,
  trace?: (t: AuditTrace) => void,
): Result<HoleAudit, AuditError> {
  const walked = auditSteps(deal, rules, log);
  if (!walked.ok) return walked;
  const steps = walked.value;
  const stockLen = deal.stock.length;
  let decisions = 0;
  // Decisions in the audit's window, grouped by segment (stock cards drawn), in log order.
  const segments = new Map<number, number[]>();
  steps.forEach((s, i) => {
    if (s.moves.length < 2) return;
    decisions++;
    const drawn = s.pos.drawn;
    if (drawn < settings.fromDraw || drawn >= settings.untilDraw || drawn >= stockLen) return;
    if ((settings.samples[drawn] ?? 0) === 0) return;
    const list = segments.get(drawn) ?? [];
    list.push(i);
    segments.set(drawn, list);
  });

  let evidence = 1;
  const conditions: AuditCondition[] = [];
  const telling: TellingDecision[] = [];
  let examined = 0;
  let bets = 0;
  let exact = true;
  // The real stock's search: one table for the whole hole.
  const real = new DealSearch(deal, rules);
  try {
    for (const [drawn, list] of segments) {
      // After a miss nothing can be won back: stop (a rule that looks only at the past keeps the bound).
      if (evidence === 0) break;
      const decided = list.map((i) => steps[i]!);
      const realValues = decided.map((step) => optionValues(real, deal.stock, step));
      const shown = hideStock(deal, drawn);
      const n = settings.samples[drawn]!;
      // Bets of earlier segments; this segment's own bets filter the samples as they come (`keepMatching`).
      const earlier = conditions.slice();
      const first = drawSamples(shown, rules, drawn, decided, earlier, n, 1, n * settings.drawFactor);
      const firstMask = first.matches.slice();
      // The second, larger set is drawn only for a decision the first set found surprising.
      let second: { set: SampleSet; mask: boolean[] } | null = null;
      const segmentBets: { j: number; hit: boolean }[] = [];
      for (const [j, i] of list.entries()) {
        examined++;
        const step = steps[i]!;
        const rv = realValues[j];
        const c1 = countHits(first, firstMask, j);
        // A solve that reached the cap: the decision is no bet (documented; never seen in calibration).
        if (rv === null || rv === undefined || c1 === null) {
          exact = false;
          continue;
        }
        const hit = isHit(rv, step.taken);
        let counts: { a: number; b: number } | null = c1;
        // Stage 2 when the first set's hits are at most `settings.extendAt`: a threshold on B, the rule that
        // keeps the choice between the two sets fair (docs/fair-play.md). Not for a miss: the first set then
        // already pays 0 (A >= 2 > T), which can only be less than the second set would pay.
        if (hit && c1.a >= 2 && c1.b <= settings.extendAt) {
          if (second === null) {
            const m = n * settings.extendFactor;
            const set = drawSamples(shown, rules, drawn, decided, earlier, m, 2, m, false);
            const mask = set.matches.slice();
            for (const e of segmentBets) keepMatching(set, mask, e.j, e.hit);
            second = { set, mask };
          }
          counts = countHits(second.set, second.mask, j);
          if (counts === null) {
            exact = false;
            continue;
          }
        }
        const { a, b } = counts;
        evidence *= betFactor(a, b, hit);
        // Whether later orders must match this decision's hit is decided by the first set alone (`B < A`), not
        // by the real stock: had it depended on the hit (a bet only when `T < A`), going on without matching
        // would itself tell something about the real stock that the later orders do not respect.
        const bet = c1.b < c1.a;
        if (bet) {
          bets++;
          conditions.push({ step, hit });
          segmentBets.push({ j, hit });
          keepMatching(first, firstMask, j, hit);
          if (second !== null) keepMatching(second.set, second.mask, j, hit);
        }
        const blind = blindMeans(first, j, step.moves.length);
        trace?.({ at: i, drawn, accepted: a, hits: b, hit, bet, real: rv, blind });
        // After a miss nothing can be won back in this hole.
        if (evidence === 0) break;
        if (!hit) continue;
        const best = Math.min(...blind);
        const margin = blind[step.taken]! - best;
        if (margin >= TELLING_MARGIN) {
          const better = step.moves[blind.indexOf(best)]!;
          telling.push({ at: i, move: makeMove(step.moves[step.taken]!), why: explain(step, better, margin) });
        }
      }
    }
  } finally {
    real.release();
  }
  return ok({ version: AUDIT_VERSION, decisions, examined, bets, evidence, telling, exact });
}

const exposedCard = (pos: Position, column: number): Card => pos.deal.columns[column - 1]![pos.heights[column - 1]! - 1]!;

function describe(pos: Position, move: Move): string {
  return move.kind === 'draw' ? 'drawing' : `playing ${makeCard(exposedCard(pos, move.column))} (column ${move.column})`;
}

/** Plain words for a telling decision. */
function explain(step: AuditStep, better: Move, margin: number): string {
  const pos = step.pos;
  const taken = step.moves[step.taken]!;
  const playable = step.moves.flatMap((m) => (m.kind === 'play' ? [makeCard(exposedCard(pos, m.column))] : []));
  const head =
    taken.kind === 'draw'
      ? `Drew with ${playable.join(', ')} playable`
      : `Played ${makeCard(exposedCard(pos, taken.column))} from column ${taken.column}`;
  const best = taken.kind === 'draw' ? 'the draw was best' : 'this play was best';
  return `${head}: without knowing the stock, ${describe(pos, better)} was better by ${margin.toFixed(1)} strokes on average; with the stock known, ${best}.`;
}

/**
 * The round's verdict from its holes' audits (in any order; stored results combine as they are). Pure: the
 * API can audit holes in separate CPU slices, store each `HoleAudit`, and combine them at the end.
 */
export function combineAudit(holes: readonly HoleAudit[]): Result<RoundAudit, AuditError> {
  return combineAuditWith(holes, AUDIT_SETTINGS);
}

/** `combineAudit` for holes audited with other settings. */
export function combineAuditWith(holes: readonly HoleAudit[], settings: AuditSettings): Result<RoundAudit, AuditError> {
  if (holes.length < 1 || holes.length > COURSE_HOLES)
    return err({ code: 'ERR_LENGTHS', message: `a round has 1 to ${COURSE_HOLES} holes, got ${holes.length}` });
  const bad = holes.findIndex((h) => h.version !== AUDIT_VERSION || !(h.evidence >= 0));
  if (bad >= 0)
    return err({ code: 'ERR_VERSION', message: `hole ${bad + 1} was audited by another audit version`, hole: bad });
  // Each hole's e-value keeps its expectation at most 1 given the holes before it (the decks are
  // independent), so their product is an e-value for the round.
  // Multiplied in sorted order: the same product, to the last bit, whatever order the holes come in.
  let evidence = 1;
  const values = holes.map((h) => settings.weight * h.evidence + (1 - settings.weight)).sort((a, b) => a - b);
  for (const v of values) evidence *= v;
  const pValue = evidence <= 1 ? 1 : 1 / evidence;
  return ok({
    flagged: pValue < AUDIT_ALPHA,
    pValue,
    telling: holes.reduce((n, h) => n + h.telling.length, 0),
    decisions: holes.reduce((n, h) => n + h.decisions, 0),
    holes: holes.map((h) => ({ telling: h.telling })),
  });
}

/** Audits a whole round: `combineAudit(holes.map(auditHole))`, holes in order, the first bad one reported. */
export function auditRound(
  deals: readonly Deal[],
  rules: Rules,
  logs: readonly string[],
): Result<RoundAudit, AuditError> {
  if (deals.length !== logs.length)
    return err({ code: 'ERR_LENGTHS', message: `${deals.length} boards but ${logs.length} logs` });
  if (deals.length < 1 || deals.length > COURSE_HOLES)
    return err({ code: 'ERR_LENGTHS', message: `a round has 1 to ${COURSE_HOLES} holes, got ${deals.length}` });
  // Check every log before the costly part, so bad input answers at once.
  for (let h = 0; h < deals.length; h++) {
    const s = auditSteps(deals[h]!, rules, logs[h]!);
    if (!s.ok) return err({ ...s.error, hole: h, message: `hole ${h + 1}: ${s.error.message}` });
  }
  const holes: HoleAudit[] = [];
  for (let h = 0; h < deals.length; h++) {
    const a = auditHole(deals[h]!, rules, logs[h]!);
    if (!a.ok) return err({ ...a.error, hole: h, message: `hole ${h + 1}: ${a.error.message}` });
    holes.push(a.value);
  }
  return combineAudit(holes);
}

/**
 * A decision's outcome on one order of the stock: what the move taken loses, against the best move or a reference
 * move, by the exact solver (docs/fair-play.md#the-statistic).
 */
import { rankOf } from './card.ts';
import { type Move, type Position } from './game.ts';
import { type DealSearch } from './solve-fast.ts';
import { AUDIT_LOSS_CAP, AUDIT_MAX_NODES } from './audit-settings.ts';
import { type AuditStep } from './audit-steps.ts';

/** The search-board child of a position after a move, on the stock `search` was built for. */
function childOf(
  search: DealSearch,
  pos: Position,
  move: Move,
): { heights: number[]; drawn: number; top: number } {
  const heights = pos.heights.slice();
  if (move.kind === 'draw') return { heights, drawn: pos.drawn + 1, top: search.stockRank[pos.drawn]! };
  const c = move.column - 1;
  const card = pos.deal.columns[c]![heights[c]! - 1]!;
  heights[c]!--;
  return { heights, drawn: pos.drawn, top: rankOf(card) };
}

const topOf = (pos: Position): number => (pos.top === null ? -1 : rankOf(pos.top));

/**
 * Fewest strokes after each legal move of `step`, on the stock `search` was built for; null when a solve reaches
 * `AUDIT_MAX_NODES`. The position's optimum first, which is then every child's floor (a move never improves it):
 * the children's searches start at that bound and mostly meet it at once.
 */
export function optionValues(search: DealSearch, step: AuditStep): number[] | null {
  const pos = step.pos;
  const whole = search.withBudget({ maxNodes: AUDIT_MAX_NODES }, () =>
    search.optimumStrokes(pos.heights, pos.drawn, topOf(pos), undefined, false),
  );
  if (!whole.exact) return null;
  const values: number[] = [];
  for (const move of step.moves) {
    const c = childOf(search, pos, move);
    const a = search.withBudget({ maxNodes: AUDIT_MAX_NODES }, () =>
      search.optimumStrokes(c.heights, c.drawn, c.top, whole.value, false),
    );
    if (!a.exact) return null;
    values.push(a.value);
  }
  return values;
}

/**
 * What a bet looks at, at one decision: the move taken against the best move (`ref` absent), or against the move
 * `ref` (an index in `step.moves`) that a blind reference policy would have played there.
 */
export interface AuditProbe {
  readonly step: AuditStep;
  readonly ref?: number | undefined;
  /** Against a reference move: the gain in strokes that is outcome 0 (1 when absent; see `outcomeOn`). */
  readonly gains?: number | undefined;
  /**
   * With `ref`, a threshold rule instead: outcome 0 when the rule "the reference move, unless it loses `theta` strokes
   * or more against the best move, then a best move" allows the move taken, else 1.
   */
  readonly theta?: number | undefined;
}

/**
 * A probe's outcome on the stock `search` was built for, at most `cap`. Against the best move: the strokes the move
 * taken loses, searched without every move's value (the optimum, then the move taken only as far as `cap` strokes
 * above it). Against a reference move: 0 when the move taken gains `gains` strokes or more on it, one more for each
 * stroke less, `gains` on a tie and `gains + 1` when it loses (the reference move searched only as far as it
 * needs). With a threshold rule (`theta`): 0 when the rule allows the move taken, else 1. Each is a number from 0 up,
 * so the same bets and conditions serve all. Null past the node cap; the callers then count it as `cap`. The real
 * stock's search starts warm and the samples' cold, so the cap does not fall alike on them: the bound is proven for
 * exact holes only (docs/fair-play.md#proof).
 */
export function outcomeOn(search: DealSearch, probe: AuditProbe, cap = AUDIT_LOSS_CAP): number | null {
  const { step, ref, gains = 1 } = probe;
  const pos = step.pos;

  const whole = search.withBudget({ maxNodes: AUDIT_MAX_NODES }, () =>
    search.optimumStrokes(pos.heights, pos.drawn, topOf(pos), undefined, false),
  );
  if (!whole.exact) return null;
  if (probe.theta !== undefined && ref !== undefined) {
    // The reference move only up to `theta` strokes above the optimum; the move taken only up to one.
    const r = childOf(search, pos, step.moves[ref]!);
    const rv = search.withBudget({ maxNodes: AUDIT_MAX_NODES }, () =>
      search.optimumStrokes(r.heights, r.drawn, r.top, whole.value, false, whole.value + probe.theta!),
    );
    if (!rv.exact && rv.atLeast !== true) return null;
    const refLoses = rv.value >= whole.value + probe.theta;
    if (ref === step.taken) return refLoses ? 1 : 0;
    if (!refLoses) return 1;
    const t = childOf(search, pos, step.moves[step.taken]!);
    const tv = search.withBudget({ maxNodes: AUDIT_MAX_NODES }, () =>
      search.optimumStrokes(t.heights, t.drawn, t.top, whole.value, false, whole.value + 1),
    );
    if (!tv.exact && tv.atLeast !== true) return null;
    return tv.exact && tv.value === whole.value ? 0 : 1;
  }
  const c = childOf(search, pos, step.moves[step.taken]!);
  if (ref === undefined) {
    const a = search.withBudget({ maxNodes: AUDIT_MAX_NODES }, () =>
      search.optimumStrokes(c.heights, c.drawn, c.top, whole.value, false, whole.value + cap),
    );
    if (!a.exact && a.atLeast !== true) return null;
    return Math.min(cap, a.value - whole.value);
  }
  const taken = search.withBudget({ maxNodes: AUDIT_MAX_NODES }, () =>
    search.optimumStrokes(c.heights, c.drawn, c.top, whole.value, false),
  );
  if (!taken.exact) return null;
  // The reference move only needs to be known up to `gains` strokes above the move taken (outcome 0 from there).
  const r = childOf(search, pos, step.moves[ref]!);
  const other = search.withBudget({ maxNodes: AUDIT_MAX_NODES }, () =>
    search.optimumStrokes(r.heights, r.drawn, r.top, whole.value, false, taken.value + gains),
  );
  if (other.atLeast === true) return 0;
  if (!other.exact) return null;
  return Math.max(0, Math.min(cap, taken.value - other.value + gains));
}

/**
 * The telling decisions: moves best with the real stock that the sampled orders say a blind player would not make
 * (docs/fair-play.md#the-verdict).
 */
import { makeCard } from './card.ts';
import { exposed, type Move, type Position } from './game.ts';
import { TELLING_MARGIN } from './audit-settings.ts';
import { type AuditStep } from './audit-steps.ts';
import { type AuditMove, type TellingReason } from './audit-verdict.ts';

/** A move as a telling decision names it. */
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
export function mayBeTelling(samples: readonly number[], cap: number): boolean {
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
export function tellingOf(step: AuditStep, values: readonly (readonly number[])[]): TellingReason | null {
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

/** A finished hole's log, walked move by move: the audit's input (docs/fair-play.md#decisions). */
import { validateDeal, type Deal } from './deal.ts';
import {
  applyMove,
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
import { type AuditError } from './audit-verdict.ts';

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

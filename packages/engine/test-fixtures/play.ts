/** Helpers the engine's tests share for playing games through the public rules API. */
import type { Deal } from '../src/deal.ts';
import { applyMove, legalMoves, makeMove, startPosition } from '../src/game.ts';
import type { Rules } from '../src/rules.ts';

/** The value of an ok result; any error fails the test with its content. */
export const unwrap = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!r.ok) throw new Error(`unexpected error ${JSON.stringify(r.error)}`);
  return r.value;
};

/** A random legal game of `choices.length` moves at most (choice % number of legal moves), as a log. */
export function randomLog(d: Deal, rules: Rules, choices: readonly number[]): string {
  let pos = startPosition(d, rules);
  let log = '';
  for (const c of choices) {
    const moves = legalMoves(pos);
    if (moves.length === 0) break;
    const m = moves[c % moves.length]!;
    pos = unwrap(applyMove(pos, m));
    log += makeMove(m);
  }
  return log;
}

/** A deterministic honest player who never looks at the stock: always the first legal move (plays before draws). */
export function firstMoveLog(d: Deal, rules: Rules): string {
  let pos = startPosition(d, rules);
  let log = '';
  for (;;) {
    const m = legalMoves(pos)[0];
    if (m === undefined) return log;
    pos = unwrap(applyMove(pos, m));
    log += makeMove(m);
  }
}

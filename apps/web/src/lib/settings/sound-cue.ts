import { cardsLeft, isCleared, type Position } from '@golf/engine';
import type { Sound } from './sound.ts';

/**
 * The sound a table makes when its position moves from `before` to `after`: one move forward on the same
 * hole is a play or a draw, and the play that empties the board is the hole cleared. An undo, a jump of
 * several moves (a replay's seek) or a new hole is silent.
 */
export function soundCue(before: Position, after: Position): Sound | null {
  if (before.deal.columns !== after.deal.columns || after.moves !== before.moves + 1) return null;
  if (after.drawn === before.drawn + 1) return 'draw';
  if (cardsLeft(after) === cardsLeft(before) - 1) return isCleared(after) ? 'cleared' : 'play';
  return null;
}

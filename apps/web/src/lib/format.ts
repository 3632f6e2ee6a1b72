/**
 * The words and numbers the pages show, in one place: what a page says about a game is written here once, and
 * every page uses it. Pure functions of engine values.
 */
import { applyMove, exposed, type Move, type Position } from '@golf/engine';
import { cardName } from './components/cards.ts';

/**
 * Why a move is refused, in words for the player, or null when it is legal. The reason is the engine's (the code
 * `applyMove` refuses it with, checked in the engine's order); only the words are the page's.
 */
export function refusalText(pos: Position, move: Move): string | null {
  const r = applyMove(pos, move);
  if (r.ok) return null;
  const column = move.kind === 'play' ? move.column : 0;
  switch (r.error.code) {
    case 'ERR_HOLE_OVER':
      return 'The hole is over.';
    case 'ERR_STOCK_EMPTY':
      return 'The stock is empty.';
    case 'ERR_COLUMN_EMPTY':
      return `Column ${column} is empty.`;
    case 'ERR_NOT_ADJACENT': {
      const card = exposed(pos, column);
      const onto = pos.top === null ? 'the empty waste' : cardName(pos.top);
      return `${card === null ? 'That card' : cardName(card)} does not fit on ${onto}.`;
    }
    case 'ERR_BAD_MOVE':
      return `There is no column ${column}.`;
  }
}

import { makeCard, rankOf, type Card } from './card.ts';
import { BOARD_CARDS, COLUMNS, COLUMN_HEIGHT, type Deal } from './deal.ts';
import { err, ok, type CodedError, type Result } from './result.ts';
import { fits, rankFits, type Rules } from './rules.ts';

/** Play the exposed card of column 1..7, or draw the next stock card. */
export type Move = { readonly kind: 'play'; readonly column: number } | { readonly kind: 'draw' };

export const DRAW: Move = Object.freeze({ kind: 'draw' });
export const play = (column: number): Move => ({ kind: 'play', column });

/**
 * A position in a hole: plain immutable data. Everything else (exposed cards, score, legal moves) derives
 * from it. `heights[c]` is how many cards column c+1 still holds; `drawn` how many stock cards were drawn.
 */
export interface Position {
  readonly deal: Deal;
  readonly rules: Rules;
  readonly heights: readonly number[];
  readonly drawn: number;
  readonly top: Card | null;
  /** Column plays since the last draw (the current run, for points scoring). */
  readonly run: number;
  /** Run points so far (the points scoring, `playPoints`). */
  readonly points: number;
  /** Moves made so far. */
  readonly moves: number;
}

export type MoveErrorCode =
  'ERR_BAD_MOVE' | 'ERR_HOLE_OVER' | 'ERR_COLUMN_EMPTY' | 'ERR_NOT_ADJACENT' | 'ERR_STOCK_EMPTY';
export type MoveError = CodedError<MoveErrorCode>;

export const RUN_CARD_POINTS = 10;
export const EMPTY_COLUMN_BONUS = 100;
export const CLEAR_BONUS = 500;

/**
 * The points a column play scores: the n-th card of a run (`run` = n, this card included) scores 10n, +100
 * more when it empties its column, +500 more when it clears the board. `applyMove`, `replay` and the solvers
 * all score a play with this.
 */
export function playPoints(run: number, emptiesColumn: boolean, clears: boolean): number {
  return RUN_CARD_POINTS * run + (emptiesColumn ? EMPTY_COLUMN_BONUS : 0) + (clears ? CLEAR_BONUS : 0);
}

/** The position before the first move. */
export function startPosition(deal: Deal, rules: Rules): Position {
  return {
    deal,
    rules,
    heights: Array.from({ length: COLUMNS }, () => COLUMN_HEIGHT),
    drawn: 0,
    top: deal.waste,
    run: 0,
    points: 0,
    moves: 0,
  };
}

/** The exposed card of column 1..7, or null when it is empty. */
export function exposed(pos: Position, column: number): Card | null {
  const h = pos.heights[column - 1] ?? 0;
  return h > 0 ? pos.deal.columns[column - 1]![h - 1]! : null;
}

export const cardsLeft = (pos: Position): number => pos.heights.reduce((a, b) => a + b, 0);
export const stockLeft = (pos: Position): number => pos.deal.stock.length - pos.drawn;
export const isCleared = (pos: Position): boolean => cardsLeft(pos) === 0;

/** Whether column 1..7 can be played now (the hole is not over and its exposed card fits). */
export function canPlay(pos: Position, column: number): boolean {
  const card = exposed(pos, column);
  return card !== null && !isCleared(pos) && fits(pos.rules, pos.top, card);
}

/** Columns whose exposed card fits the waste. */
export function playableColumns(pos: Position): number[] {
  if (isCleared(pos)) return [];
  const out: number[] = [];
  for (let c = 1; c <= COLUMNS; c++) if (canPlay(pos, c)) out.push(c);
  return out;
}

/** Over when the board is cleared, or when the stock is empty and no exposed card fits. */
export const isOver = (pos: Position): boolean =>
  isCleared(pos) || (stockLeft(pos) === 0 && playableColumns(pos).length === 0);

/** Every legal move: plays in column order, then the draw. Empty once the hole is over. */
export function legalMoves(pos: Position): Move[] {
  if (isOver(pos)) return [];
  const moves: Move[] = playableColumns(pos).map(play);
  if (stockLeft(pos) > 0) moves.push(DRAW);
  return moves;
}

const moveError = (code: MoveErrorCode, message: string): { ok: false; error: MoveError } =>
  err({ code, message });

/** Applies one move; never mutates `pos`. */
export function applyMove(pos: Position, move: Move): Result<Position, MoveError> {
  if (move.kind === 'play' && !(Number.isInteger(move.column) && move.column >= 1 && move.column <= COLUMNS))
    return moveError('ERR_BAD_MOVE', `no column ${String(move.column)}; columns are 1 to ${COLUMNS}`);
  if (move.kind !== 'play' && move.kind !== 'draw') return moveError('ERR_BAD_MOVE', 'unknown move');
  if (isOver(pos)) return moveError('ERR_HOLE_OVER', 'the hole is over');
  if (move.kind === 'draw') {
    const card = pos.deal.stock[pos.drawn];
    if (card === undefined) return moveError('ERR_STOCK_EMPTY', 'the stock is empty');
    return ok({ ...pos, drawn: pos.drawn + 1, top: card, run: 0, moves: pos.moves + 1 });
  }
  const card = exposed(pos, move.column);
  if (card === null) return moveError('ERR_COLUMN_EMPTY', `column ${move.column} is empty`);
  if (!fits(pos.rules, pos.top, card))
    return moveError(
      'ERR_NOT_ADJACENT',
      `${makeCard(card)} does not fit on ${pos.top === null ? 'the empty waste' : makeCard(pos.top)}`,
    );
  const heights = pos.heights.slice();
  heights[move.column - 1]! -= 1;
  const run = pos.run + 1;
  const points = pos.points + playPoints(run, heights[move.column - 1] === 0, heights.every((h) => h === 0));
  return ok({ ...pos, heights, top: card, run, points, moves: pos.moves + 1 });
}

/** A log character: `1`..`7` plays that column, `d` draws. */
export function parseMove(ch: string): Result<Move, MoveError> {
  if (ch === 'd') return ok(DRAW);
  if (ch.length === 1 && ch >= '1' && ch <= '7') return ok(play(ch.charCodeAt(0) - 48));
  return moveError('ERR_BAD_MOVE', `"${ch}" is not a move; moves are 1-7 (play a column) and d (draw)`);
}

export const makeMove = (move: Move): string => (move.kind === 'draw' ? 'd' : String(move.column));

/** An error at a 0-based move index of a log. */
export type LogError = MoveError & { readonly at: number };

export const MAX_LOG_LENGTH = BOARD_CARDS + 17;

/** The text of a log (any length): `1`..`7` and `d` only. Validators use it; {@link parseLog} says where it fails. */
export const LOG_PATTERN = /^[1-7d]*$/;

/** How many draws a log holds. */
export function countDraws(log: string): number {
  let n = 0;
  for (let i = 0; i < log.length; i++) if (log.charCodeAt(i) === 100) n++;
  return n;
}

/** The prefix of `log` that ends with its k-th draw: '' for k = 0, the whole log when it has fewer draws. */
export function logThroughDraw(log: string, k: number): string {
  if (k <= 0) return '';
  let seen = 0;
  for (let i = 0; i < log.length; i++)
    if (log.charCodeAt(i) === 100 && ++seen === k) return log.slice(0, i + 1);
  return log;
}

export function parseLog(log: string): Result<Move[], LogError> {
  const moves: Move[] = [];
  for (let i = 0; i < log.length; i++) {
    const m = parseMove(log[i]!);
    if (!m.ok) return err({ ...m.error, at: i });
    moves.push(m.value);
  }
  return ok(moves);
}

export const makeLog = (moves: readonly Move[]): string => moves.map(makeMove).join('');

/** `FIT_TABLES[k][(topRank + 1) * 13 + rank]` is 1 when `rank` may go on `topRank` (-1 = empty waste). */
const FIT_TABLES: Uint8Array[] = [];

function fitTableOf(rules: Rules): Uint8Array {
  const k = (rules.wrap ? 1 : 0) | (rules.queenOnKing ? 2 : 0);
  let table = FIT_TABLES[k];
  if (table === undefined) {
    table = new Uint8Array(14 * 13);
    for (let top = -1; top < 13; top++)
      for (let r = 0; r < 13; r++) table[(top + 1) * 13 + r] = rankFits(rules, top, r) ? 1 : 0;
    FIT_TABLES[k] = table;
  }
  return table;
}

const badCharError = (log: string, at: number): LogError => ({
  code: 'ERR_BAD_MOVE',
  message: `"${log[at]}" is not a move; moves are 1-7 (play a column) and d (draw)`,
  at,
});

/**
 * Replays a log from the start of a hole. This is the single source of truth for a score: the API and the
 * web both call it. The first move that cannot be made is reported with its 0-based index `at`.
 * A tight loop over integers (no allocation per move, a precomputed fit table): this is the server's hot path.
 * Checks per move, in order: an unknown character, the hole already over, then the move itself.
 */
export function replay(deal: Deal, rules: Rules, log: string): Result<Position, LogError> {
  const cols = deal.columns;
  const stock = deal.stock;
  const stockLen = stock.length;
  const fit = fitTableOf(rules);
  const h = [
    COLUMN_HEIGHT,
    COLUMN_HEIGHT,
    COLUMN_HEIGHT,
    COLUMN_HEIGHT,
    COLUMN_HEIGHT,
    COLUMN_HEIGHT,
    COLUMN_HEIGHT,
  ];
  let left = BOARD_CARDS;
  let drawn = 0;
  let top: Card | null = deal.waste;
  let row = top === null ? 0 : (rankOf(top) + 1) * 13; // the fit-table row of the waste top
  let run = 0;
  let points = 0;
  const n = log.length;
  for (let i = 0; i < n; i++) {
    const code = log.charCodeAt(i);
    if (code !== 100 && (code < 49 || code > 55)) return err(badCharError(log, i));
    if (left === 0) return err({ code: 'ERR_HOLE_OVER', message: 'the hole is over', at: i });
    if (drawn === stockLen) {
      let stuck = true;
      for (let c = 0; c < COLUMNS; c++) {
        const hc = h[c]!;
        if (hc > 0 && fit[row + rankOf(cols[c]![hc - 1]!)] === 1) {
          stuck = false;
          break;
        }
      }
      if (stuck) return err({ code: 'ERR_HOLE_OVER', message: 'the hole is over', at: i });
    }
    if (code === 100) {
      if (drawn === stockLen) return err({ code: 'ERR_STOCK_EMPTY', message: 'the stock is empty', at: i });
      top = stock[drawn++]!;
      row = (rankOf(top) + 1) * 13;
      run = 0;
      continue;
    }
    const c = code - 49;
    const hc = h[c]!;
    if (hc === 0) return err({ code: 'ERR_COLUMN_EMPTY', message: `column ${c + 1} is empty`, at: i });
    const card = cols[c]![hc - 1]!;
    const r = rankOf(card);
    if (fit[row + r] !== 1) {
      const on = top === null ? 'the empty waste' : makeCard(top);
      return err({ code: 'ERR_NOT_ADJACENT', message: `${makeCard(card)} does not fit on ${on}`, at: i });
    }
    h[c] = hc - 1;
    left--;
    top = card;
    row = (r + 1) * 13;
    run++;
    points += playPoints(run, hc === 1, left === 0);
  }
  return ok({ deal, rules, heights: h, drawn, top, run, points, moves: n });
}

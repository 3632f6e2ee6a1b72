/**
 * An independent reference implementation of the Golf rules and of the `golf replay` answer, written from
 * the README's rules and command-line sections without looking at the engine's code paths: cards are objects
 * with string ranks, the preset is switched on by name, the simulator moves card objects between arrays, and
 * board text is parsed by its own code. Tests compare the engine (and the CLI) with it on thousands of
 * generated cases.
 * It must not import anything from `../src`.
 */

export type PresetKey = 'classic' | 'queen-on-king' | 'wrap' | 'turn-the-corner';
export const PRESET_KEYS: readonly PresetKey[] = ['classic', 'queen-on-king', 'wrap', 'turn-the-corner'];

export interface RefCard {
  readonly rank: string; // one of RANK_ORDER
  readonly suit: string; // C D H S
}
export interface RefDeal {
  readonly columns: RefCard[][]; // first-dealt first, exposed last
  readonly waste: RefCard | null;
  readonly stock: RefCard[]; // draw order
}

export const RANK_ORDER = 'A23456789TJQK';
export const SUIT_ORDER = 'CDHS';

export const isFreeOpening = (p: PresetKey): boolean => p === 'turn-the-corner';
export const stockCount = (p: PresetKey): number => (isFreeOpening(p) ? 17 : 16);

export const cardText = (c: RefCard): string => c.rank + c.suit;

/** Every card of a deck, in rank-major order (a different order from the engine's, on purpose). */
export function allCards(): RefCard[] {
  const out: RefCard[] = [];
  for (const rank of RANK_ORDER) for (const suit of SUIT_ORDER) out.push({ rank, suit });
  return out;
}

/** Whether `card` may go on the waste top `top` (null: empty waste) under preset `p`. */
export function refFits(p: PresetKey, top: RefCard | null, card: RefCard): boolean {
  if (top === null) return true;
  const a = RANK_ORDER.indexOf(top.rank);
  const b = RANK_ORDER.indexOf(card.rank);
  switch (p) {
    case 'classic':
      // One up or down, no wrap, nothing on a King.
      return top.rank !== 'K' && Math.abs(a - b) === 1;
    case 'queen-on-king':
      if (top.rank === 'K') return card.rank === 'Q';
      return Math.abs(a - b) === 1;
    case 'wrap':
    case 'turn-the-corner':
      return (a + 1) % 13 === b || (b + 1) % 13 === a;
  }
}

export interface RefState {
  readonly columns: RefCard[][];
  readonly stock: RefCard[];
  readonly waste: RefCard[];
  run: number;
  points: number;
}

export function refStart(deal: RefDeal): RefState {
  return {
    columns: deal.columns.map((c) => [...c]),
    stock: [...deal.stock],
    waste: deal.waste === null ? [] : [deal.waste],
    run: 0,
    points: 0,
  };
}

const topOf = (s: RefState): RefCard | null => s.waste[s.waste.length - 1] ?? null;
const boardCount = (s: RefState): number => s.columns.reduce((n, c) => n + c.length, 0);

export function refPlayable(p: PresetKey, s: RefState): number[] {
  const out: number[] = [];
  s.columns.forEach((col, i) => {
    const front = col[col.length - 1];
    if (front !== undefined && refFits(p, topOf(s), front)) out.push(i + 1);
  });
  return out;
}

export function refOver(p: PresetKey, s: RefState): boolean {
  if (boardCount(s) === 0) return true;
  return s.stock.length === 0 && refPlayable(p, s).length === 0;
}

/** Legal move characters in a position ('1'..'7', 'd'). */
export function refLegal(p: PresetKey, s: RefState): string[] {
  if (refOver(p, s)) return [];
  const out = refPlayable(p, s).map(String);
  if (s.stock.length > 0) out.push('d');
  return out;
}

export type RefOutcome = { ok: true; state: RefState } | { ok: false; at: number; code: string };

/** Plays one character in place; returns an error code or null. */
export function refStep(p: PresetKey, s: RefState, ch: string): string | null {
  if (!'1234567d'.includes(ch) || ch.length !== 1) return 'ERR_BAD_MOVE';
  if (refOver(p, s)) return 'ERR_HOLE_OVER';
  if (ch === 'd') {
    const card = s.stock.shift();
    if (card === undefined) return 'ERR_STOCK_EMPTY';
    s.waste.push(card);
    s.run = 0;
    return null;
  }
  const col = s.columns[Number(ch) - 1]!;
  const front = col[col.length - 1];
  if (front === undefined) return 'ERR_COLUMN_EMPTY';
  if (!refFits(p, topOf(s), front)) return 'ERR_NOT_ADJACENT';
  col.pop();
  s.waste.push(front);
  s.run += 1;
  s.points += 10 * s.run;
  if (col.length === 0) s.points += 100;
  if (boardCount(s) === 0) s.points += 500;
  return null;
}

export function refReplay(p: PresetKey, deal: RefDeal, log: string): RefOutcome {
  const s = refStart(deal);
  for (let i = 0; i < log.length; i++) {
    const code = refStep(p, s, log.charAt(i));
    if (code !== null) return { ok: false, at: i, code };
  }
  return { ok: true, state: s };
}

export function refScore(p: PresetKey, s: RefState) {
  const left = boardCount(s);
  return {
    over: refOver(p, s),
    cleared: left === 0,
    cardsLeft: left,
    stockLeft: s.stock.length,
    strokes: left > 0 ? left : -s.stock.length + 0,
    points: s.points,
  };
}

// ---- board text -------------------------------------------------------------------------------------------

function refParseCard(token: string): RefCard | null {
  const m = /^(10|[A2-9TJQKatjqk])([CDHScdhs])$/.exec(token);
  if (m === null) return null;
  return { rank: m[1] === '10' ? 'T' : m[1]!.toUpperCase(), suit: m[2]!.toUpperCase() };
}

/** Parses board text; returns null for any bad board. */
export function refParseBoard(p: PresetKey, text: string): RefDeal | null {
  let waste: RefCard | null | undefined;
  let stock: RefCard[] | undefined;
  const columns: RefCard[][] = [];
  for (const rawLine of text.split('\n')) {
    const line = rawLine.replace(/\r$/, '').trim();
    if (line.length === 0) continue;
    const lower = line.toLowerCase();
    const cardsOf = (rest: string): RefCard[] | null => {
      const cards: RefCard[] = [];
      for (const t of rest.split(/\s+/)) {
        if (t === '') continue;
        const c = refParseCard(t);
        if (c === null) return null;
        cards.push(c);
      }
      return cards;
    };
    if (lower.startsWith('foundations:') || lower.startsWith('foundation:')) {
      if (waste !== undefined) return null;
      const rest = line.slice(line.indexOf(':') + 1).trim();
      if (rest === '-' || rest === '') waste = null;
      else {
        const cards = cardsOf(rest);
        if (cards === null || cards.length !== 1) return null;
        waste = cards[0]!;
      }
    } else if (lower.startsWith('talon:')) {
      if (stock !== undefined) return null;
      const cards = cardsOf(line.slice(6));
      if (cards === null) return null;
      stock = cards;
    } else {
      const cards = cardsOf(line.startsWith(':') ? line.slice(1) : line);
      if (cards === null) return null;
      columns.push(cards);
    }
  }
  if (waste === undefined || stock === undefined) return null;
  if (columns.length !== 7 || columns.some((c) => c.length !== 5)) return null;
  if (isFreeOpening(p) ? waste !== null : waste === null) return null;
  if (stock.length !== stockCount(p)) return null;
  const seen = new Set<string>();
  for (const c of [...columns.flat(), ...stock, ...(waste === null ? [] : [waste])]) seen.add(cardText(c));
  if (seen.size !== 52) return null;
  return { columns, waste, stock };
}

export interface BoardStyle {
  readonly talonFirst?: boolean;
  readonly ten?: boolean; // write 10 for T
  readonly lower?: boolean;
  readonly colonPrefix?: boolean[]; // per column: write a leading ": "
  readonly crlf?: boolean;
  readonly blankLines?: boolean;
}

export function refMakeBoard(deal: RefDeal, style: BoardStyle = {}): string {
  const t = (c: RefCard) => {
    let s = cardText(c);
    if (style.ten === true && c.rank === 'T') s = '10' + c.suit;
    return style.lower === true ? s.toLowerCase() : s;
  };
  const f = `Foundations: ${deal.waste === null ? '-' : t(deal.waste)}`;
  const talon = `Talon: ${deal.stock.map(t).join(' ')}`;
  const cols = deal.columns.map((c, i) => (style.colonPrefix?.[i] === true ? ': ' : '') + c.map(t).join(' '));
  const lines = style.talonFirst === true ? [talon, f, ...cols] : [f, talon, ...cols];
  const all = style.blankLines === true ? ['', ...lines.slice(0, 2), '', ...lines.slice(2), ''] : lines;
  return all.join(style.crlf === true ? '\r\n' : '\n') + (style.crlf === true ? '\r\n' : '\n');
}

/** Deals a 52-card sequence as the README says: d[i] to column i % 7, then waste (dealt opening), stock. */
export function refDealOf(p: PresetKey, deck: readonly RefCard[]): RefDeal {
  const columns: RefCard[][] = [[], [], [], [], [], [], []];
  for (let i = 0; i < 35; i++) columns[i % 7]!.push(deck[i]!);
  return isFreeOpening(p)
    ? { columns, waste: null, stock: deck.slice(35) }
    : { columns, waste: deck[35]!, stock: deck.slice(36) };
}

// ---- the `golf replay` answer --------------------------------------------------------------------------------

export type RefAnswer =
  | {
      ok: true;
      over: boolean;
      cleared: boolean;
      cardsLeft: number;
      stockLeft: number;
      strokes: number;
      points: number;
    }
  | { ok: false; at: number; code: string }
  | { ok: false; code: 'ERR_INPUT' };

/** The board and log of a `golf replay` input line: a JSON object with both as strings, else null (ERR_INPUT). */
export function refReplayInput(line: string): { board: string; log: string } | null {
  let input: unknown;
  try {
    input = JSON.parse(line);
  } catch {
    return null;
  }
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return null;
  const { board, log } = input as { board?: unknown; log?: unknown };
  return typeof board === 'string' && typeof log === 'string' ? { board, log } : null;
}

/** The answer to one input line of `golf replay --rules p`, without the message. */
export function refAnswer(p: PresetKey, line: string): RefAnswer {
  const input = refReplayInput(line);
  if (input === null) return { ok: false, code: 'ERR_INPUT' };
  const { board, log } = input;
  const deal = refParseBoard(p, board);
  if (deal === null) return { ok: false, code: 'ERR_INPUT' };
  const out = refReplay(p, deal, log);
  if (!out.ok) return { ok: false, at: out.at, code: out.code };
  return { ok: true, ...refScore(p, out.state) };
}

// ---- a naive winning-line search --------------------------------------------------------------------------

/** Depth-first search for a clearing line, visiting at most `budget` positions; null when none was found. */
export function refFindWin(p: PresetKey, deal: RefDeal, budget = 20_000): string | null {
  const seen = new Set<string>();
  let visits = 0;
  const walk = (s: RefState, log: string): string | null => {
    if (boardCount(s) === 0) return log;
    if (++visits > budget) return null;
    const top = topOf(s);
    const key = `${s.columns.map((c) => c.length).join('')}/${s.stock.length}/${top === null ? '-' : top.rank}`;
    if (seen.has(key)) return null;
    seen.add(key);
    for (const ch of refLegal(p, s)) {
      const next: RefState = {
        columns: s.columns.map((c) => [...c]),
        stock: [...s.stock],
        waste: [...s.waste],
        run: s.run,
        points: s.points,
      };
      refStep(p, next, ch);
      const found = walk(next, log + ch);
      if (found !== null) return found;
    }
    return null;
  };
  return walk(refStart(deal), '');
}

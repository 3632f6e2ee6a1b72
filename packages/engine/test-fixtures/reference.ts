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

// ---- a seeded generator of cases ----------------------------------------------------------------------------

/** mulberry32: a small seeded PRNG for generating test cases (not the engine's generator). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface RefCase {
  readonly preset: PresetKey;
  readonly kind: string;
  readonly line: string;
}

/**
 * `count` JSON input lines for `golf replay`, with the preset each is meant for: random legal play (prefixes
 * and whole games), injected illegal moves, moves after the hole is over, unknown characters, winning lines,
 * bad boards, and lines that are not JSON or lack a field.
 */
export function generateCases(
  seed: number,
  count: number,
  presets: readonly PresetKey[] = PRESET_KEYS,
): RefCase[] {
  const rnd = mulberry32(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const shuffled = (): RefCard[] => {
    const d = allCards();
    for (let i = d.length - 1; i > 0; i--) {
      const j = int(i + 1);
      [d[i], d[j]] = [d[j]!, d[i]!];
    }
    return d;
  };
  const style = (): BoardStyle => ({
    talonFirst: rnd() < 0.3,
    ten: rnd() < 0.2,
    lower: rnd() < 0.2,
    colonPrefix: Array.from({ length: 7 }, () => rnd() < 0.15),
    crlf: rnd() < 0.15,
    blankLines: rnd() < 0.1,
  });
  /** Random legal moves from the start, favouring plays, for up to `steps` moves. */
  const legalPlay = (p: PresetKey, deal: RefDeal, steps: number): string => {
    const s = refStart(deal);
    let log = '';
    for (let i = 0; i < steps; i++) {
      const legal = refLegal(p, s);
      if (legal.length === 0) break;
      const plays = legal.filter((m) => m !== 'd');
      const ch = plays.length > 0 && rnd() < 0.8 ? pick(plays) : pick(legal);
      refStep(p, s, ch);
      log += ch;
    }
    return log;
  };
  const JUNK = ['0', '8', '9', 'D', 'x', ' ', '-', 'é', '\n', '\t', '1d'.toUpperCase(), '🂡'];
  const out: RefCase[] = [];
  for (let n = 0; n < count; n++) {
    const preset = pick(presets);
    const deal = refDealOf(preset, shuffled());
    const board = refMakeBoard(deal, style());
    const roll = rnd();
    let kind: string;
    let line: string;
    const json = (log: string, b = board) => JSON.stringify({ board: b, log });
    if (roll < 0.3) {
      kind = 'legal prefix';
      line = json(legalPlay(preset, deal, int(60)));
    } else if (roll < 0.45) {
      kind = 'whole game + extra move';
      const log = legalPlay(preset, deal, 60);
      line = json(
        log +
          (rnd() < 0.7 ? pick(['1', '2', '3', '4', '5', '6', '7', 'd']) : pick(JUNK)) +
          (rnd() < 0.5 ? 'd' : ''),
      );
    } else if (roll < 0.65) {
      kind = 'legal prefix + random move + tail';
      const log = legalPlay(preset, deal, int(50));
      const tail = Array.from({ length: int(6) }, () => pick([...'1234567d'])).join('');
      line = json(log + pick([...'1234567d']) + tail);
    } else if (roll < 0.69) {
      kind = 'draw from an empty stock';
      // Draw-heavy legal play until the stock is empty, then a few plays, then one more draw.
      const st = refStart(deal);
      let log = '';
      while (st.stock.length > 0 && !refOver(preset, st)) {
        const legal = refLegal(preset, st);
        const ch = rnd() < 0.75 ? 'd' : pick(legal);
        refStep(preset, st, ch);
        log += ch;
      }
      for (let k = int(3); k > 0 && refLegal(preset, st).length > 0; k--) {
        const ch = pick(refLegal(preset, st));
        refStep(preset, st, ch);
        log += ch;
      }
      line = json(log + 'd');
    } else if (roll < 0.74) {
      kind = 'unknown character';
      const log = legalPlay(preset, deal, int(50));
      const at = int(log.length + 1);
      line = json(log.slice(0, at) + pick(JUNK) + log.slice(at));
    } else if (roll < 0.8) {
      kind = 'random characters';
      line = json(Array.from({ length: int(60) }, () => pick([...'1234567dd'])).join(''));
    } else if (roll < 0.85) {
      kind = 'winning line';
      const win = preset === 'classic' ? null : refFindWin(preset, deal, 5000);
      line = json((win ?? legalPlay(preset, deal, 60)) + (rnd() < 0.3 ? pick([...'1234567d']) : ''));
    } else if (roll < 0.95) {
      kind = 'bad board';
      line = json(legalPlay(preset, deal, int(10)), badBoard(preset, deal, board, rnd, int));
    } else {
      kind = 'bad input';
      line = pick([
        'not json',
        '{"board": 1, "log": ""}',
        JSON.stringify({ board }),
        JSON.stringify({ log: '' }),
        JSON.stringify([board, '']),
        'null',
        '42',
        '"text"',
        JSON.stringify({ board, log: 7 }),
        JSON.stringify({ board, log: '1' }).slice(0, -1),
        '{}',
      ]);
    }
    out.push({ preset, kind, line });
  }
  return out;
}

function badBoard(
  p: PresetKey,
  deal: RefDeal,
  board: string,
  rnd: () => number,
  int: (n: number) => number,
): string {
  const lines = board
    .replace(/\r/g, '')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const colStart = lines.findIndex((l) => !/^(foundations|talon):/i.test(l));
  const anyCard = () => cardText(allCards()[int(52)]!);
  const kind = int(10);
  switch (kind) {
    case 0: {
      // Wrong count: drop one token from a random line's card list.
      const i = int(lines.length);
      const toks = lines[i]!.split(' ');
      if (toks.length > 1) toks.splice(1 + int(toks.length - 1), 1);
      lines[i] = toks.join(' ');
      return lines.join('\n');
    }
    case 1: {
      // A duplicate: overwrite a column card with another card of the board.
      const i = colStart + int(7);
      const toks = lines[i]!.split(' ');
      toks[toks.length - 1] = cardText(deal.columns[(i - colStart + 1) % 7]![0]!);
      lines[i] = toks.join(' ');
      return lines.join('\n');
    }
    case 2: {
      // An unknown card.
      const i = colStart + int(7);
      lines[i] = lines[i]!.replace(/\S+$/, ['1S', 'ZZ', 'KX', '11H', '0D', 'T', 'KS,'][int(7)]!);
      return lines.join('\n');
    }
    case 3: {
      // The stock size of the other opening: the waste card moves into the talon or out of it.
      const other: PresetKey = isFreeOpening(p) ? 'classic' : 'turn-the-corner';
      const all = [...deal.columns.flat(), ...(deal.waste ? [deal.waste] : []), ...deal.stock];
      const cols = deal.columns.flat();
      const rest = all.filter((c) => !cols.includes(c));
      return refMakeBoard(refDealOf(other, [...reorderToColumns(deal), ...rest]));
    }
    case 4:
      // Six columns.
      return lines.filter((_, i) => i !== colStart + int(7)).join('\n');
    case 5: {
      // Eight columns: split one column line in two.
      const i = colStart + int(7);
      const toks = lines[i]!.replace(/^:\s*/, '').split(' ');
      lines.splice(i, 1, toks.slice(0, 2).join(' '), toks.slice(2).join(' '));
      return lines.join('\n');
    }
    case 6: {
      // Columns of 4 and 6 (52 cards, still all distinct).
      const i = colStart + int(6);
      const a = lines[i]!.replace(/^:\s*/, '').split(' ');
      const b = lines[i + 1]!.replace(/^:\s*/, '').split(' ');
      b.unshift(a.pop()!);
      lines[i] = a.join(' ');
      lines[i + 1] = b.join(' ');
      return lines.join('\n');
    }
    case 7: {
      // A missing header line.
      const drop = int(2);
      return lines.filter((_, i) => i !== drop).join('\n');
    }
    case 8:
      // An extra card (53).
      return lines.map((l) => (/^talon:/i.test(l) ? `${l} ${anyCard()}` : l)).join('\n');
    default:
      // A stock card moved onto a column (a column of six, a short talon).
      return lines
        .map((l, i) =>
          /^talon:/i.test(l)
            ? l.replace(/\s+\S+$/, '')
            : i === colStart + 3
              ? `${l} ${cardText(deal.stock[deal.stock.length - 1]!)}`
              : l,
        )
        .join('\n');
  }
}

/** The 35 column cards back in deal order (d[0..34]). */
function reorderToColumns(deal: RefDeal): RefCard[] {
  const out: RefCard[] = [];
  for (let i = 0; i < 35; i++) out.push(deal.columns[i % 7]![Math.floor(i / 7)]!);
  return out;
}

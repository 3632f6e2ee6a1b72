/**
 * A seeded generator of `golf replay` input lines for the reference (reference.ts) and the engine or CLI to
 * answer alike. Like the reference, it imports nothing from `../src`.
 */
import {
  allCards,
  cardText,
  isFreeOpening,
  PRESET_KEYS,
  refDealOf,
  refFindWin,
  refLegal,
  refMakeBoard,
  refOver,
  refStart,
  refStep,
  type BoardStyle,
  type PresetKey,
  type RefCard,
  type RefDeal,
} from './reference.ts';

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

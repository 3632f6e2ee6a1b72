import { makeCard, parseCard, type Card } from './card.ts';
import { COLUMNS, validateDeal, type Deal } from './deal.ts';
import { err, ok, type CodedError, type Result } from './result.ts';
import type { Rules } from './rules.ts';

/**
 * The board text of black-hole-solver's Golf mode:
 *
 *   Foundations: 2H            (the waste card; `-` for the free opening's empty waste)
 *   Talon: 4S 2C ...           (the stock in draw order, first card = next drawn)
 *   JS QC JD QS 8H             (seven column lines, first-dealt card first, exposed card last)
 *
 * Parsing accepts the two header lines in either order, `10` for `T`, lower case, a leading `:` on column
 * lines (as black-hole-solver prints them), blank lines and CRLF. Output is always in the order above.
 */
export type BoardError = CodedError<'ERR_BOARD'>;

const bad = (message: string): { ok: false; error: BoardError } => err({ code: 'ERR_BOARD', message });

function parseCards(text: string, where: string): Result<Card[], BoardError> {
  const cards: Card[] = [];
  for (const token of text.split(/\s+/).filter((t) => t.length > 0)) {
    const c = parseCard(token);
    if (!c.ok) return bad(`${where}: ${c.error.message}`);
    cards.push(c.value);
  }
  return ok(cards);
}

export function parseBoard(text: string, rules: Rules): Result<Deal, BoardError> {
  if (typeof text !== 'string') return bad('the board must be text');
  let foundation: string | undefined;
  let talon: string | undefined;
  const columns: Card[][] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    const header = /^(foundations?|talon)\s*:(.*)$/i.exec(line);
    if (header) {
      const isTalon = header[1]!.toLowerCase() === 'talon';
      if ((isTalon ? talon : foundation) !== undefined)
        return bad(`two ${isTalon ? 'Talon' : 'Foundations'} lines`);
      if (isTalon) talon = header[2]!;
      else foundation = header[2]!;
      continue;
    }
    const cards = parseCards(line.replace(/^:/, ''), `column ${columns.length + 1}`);
    if (!cards.ok) return cards;
    columns.push(cards.value);
  }
  if (foundation === undefined) return bad('missing the "Foundations:" line');
  if (talon === undefined) return bad('missing the "Talon:" line');
  if (columns.length !== COLUMNS) return bad(`expected ${COLUMNS} column lines, got ${columns.length}`);

  const f = foundation.trim();
  let waste: Card | null = null;
  if (f !== '-' && f !== '') {
    const fc = parseCards(f, 'Foundations');
    if (!fc.ok) return fc;
    if (fc.value.length !== 1) return bad(`the foundation holds one card, got ${fc.value.length}`);
    waste = fc.value[0]!;
  }
  const stock = parseCards(talon, 'Talon');
  if (!stock.ok) return stock;
  const deal: Deal = { columns, waste, stock: stock.value };
  const valid = validateDeal(deal, rules);
  return valid.ok ? valid : bad(valid.error.message);
}

export function makeBoard(deal: Deal): string {
  const lines = [
    `Foundations: ${deal.waste === null ? '-' : makeCard(deal.waste)}`,
    `Talon: ${deal.stock.map(makeCard).join(' ')}`.trimEnd(),
    ...deal.columns.map((col) => col.map(makeCard).join(' ')),
  ];
  return lines.join('\n') + '\n';
}

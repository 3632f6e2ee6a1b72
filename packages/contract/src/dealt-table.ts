/**
 * Today's first hole as the first HTML response draws it: the cards of its public layout (face up for everyone,
 * never a stock card), written into the Today page's table by the Worker, so a newcomer sees the course in the
 * page's first paint, before any script has run.
 *
 * The prerendered page's table, before its cards are known, marks its places (`data-dealt` in
 * apps/web/src/lib/components/Table.svelte): each column's `1`…`7`, the stock's `stock` and `count`, the waste's
 * `waste`. `dealtTable` fills them with the same card markup the app's `Card` component draws (its classes, scoped
 * by `CARD_SCOPE`), placed by the Table's own styles; the app, once it has started, draws the table itself in their
 * place. A device that already has a player (who may have moved on today) hides them (`data-player` on `<html>`,
 * set by the page's head script) until the app knows the player's round.
 */
import {
  canPlay,
  COLUMNS,
  makeCard,
  parseCard,
  parsePreset,
  rankOf,
  standInDeal,
  startPosition,
  suitOf,
  type Card,
} from '@golf/engine';
import { CARD_SCOPE, isRedSuit, RANK_TEXT, SUIT_KEYS, SUIT_SYMBOL } from './card-face.ts';

/** The public layout of a hole, as `GET /api/daily` gives it. */
export interface DealtHole {
  readonly columns: readonly (readonly string[])[];
  /** The opening waste card, or `-`. */
  readonly waste: string;
  readonly stockSize: number;
}

/** A face-up card, as the `Card` component draws it unlabelled (a covered card shows its top corner only). */
export function cardFaceHtml(card: Card, look: { dim?: boolean; playable?: boolean } = {}): string {
  const s = CARD_SCOPE;
  const classes = [
    'card',
    'face',
    isRedSuit(suitOf(card)) && 'red',
    look.playable && 'playable',
    look.dim && 'dim',
    s,
  ];
  const corner = (low: boolean) =>
    `<span class="corner${low ? ' low' : ''} ${s}" aria-hidden="true"><span class="rank">${
      RANK_TEXT[rankOf(card)]
    }</span><span class="suit">${SUIT_SYMBOL[suitOf(card)]}</span></span>`;
  const rest = look.dim
    ? ''
    : `<span class="pip ${s}" aria-hidden="true">${SUIT_SYMBOL[suitOf(card)]}</span>${corner(true)}`;
  const attributes = `class="${classes.filter(Boolean).join(' ')}" data-suit="${SUIT_KEYS[suitOf(card)]}"`;
  return `<div ${attributes} data-card="${makeCard(card)}">${corner(false)}${rest}</div>`;
}

const cardBackHtml = (): string => `<div class="card back ${CARD_SCOPE}"></div>`;

/** A marked place of the page's table: its tag, attributes, mark and (replaced) content. */
const PLACE = /<(div|span)(\s[^>]*?\sdata-dealt="(\w+)"[^>]*)>[^<]*<\/\1>/g;

/**
 * The page with `hole`'s cards in its table's marked places, under `rules` (a preset's name: which exposed cards
 * can be played first). The page as it was if the hole is not a deal of those rules or the page has no marked
 * places.
 */
export function dealtTable(html: string, hole: DealtHole, rules: string): string {
  const preset = parsePreset(rules);
  if (!preset.ok || hole.columns.length !== COLUMNS) return html;
  const columns: Card[][] = [];
  for (const texts of hole.columns) {
    const cards = texts.map(parseCard);
    if (!cards.every((c) => c.ok)) return html;
    columns.push(cards.map((c) => c.value));
  }
  const waste = hole.waste === '-' ? null : parseCard(hole.waste);
  if (waste !== null && !waste.ok) return html;
  const deal = standInDeal({ columns, waste: waste?.value ?? null }, [], hole.stockSize);
  if (!deal.ok) return html;
  const position = startPosition(deal.value, preset.value);

  const content = (mark: string): string | null => {
    if (mark === 'stock')
      return hole.stockSize === 0
        ? ''
        : (hole.stockSize > 1 ? `<span class="dealt-under">${cardBackHtml()}</span>` : '') + cardBackHtml();
    if (mark === 'count') return String(hole.stockSize);
    if (mark === 'waste')
      return waste === null ? '' : `<div class="dealt">${cardFaceHtml(waste.value)}</div>`;
    const column = Number(mark);
    const cards = columns[column - 1];
    if (!Number.isInteger(column) || cards === undefined) return null;
    return cards
      .map(
        (card, i) =>
          `<div class="dealt">${cardFaceHtml(
            card,
            i === cards.length - 1 ? { playable: canPlay(position, column) } : { dim: true },
          )}</div>`,
      )
      .join('');
  };
  return html.replace(PLACE, (place: string, tag: string, attributes: string, mark: string) => {
    const inner = content(mark);
    return inner === null ? place : `<${tag}${attributes}>${inner}</${tag}>`;
  });
}

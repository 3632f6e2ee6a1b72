/**
 * The words and numbers the pages show, in one place: cards, moves, scores, dates and labels are written here
 * once, and every page uses them. Pure functions of engine and contract values (dates are shown in UTC, the
 * course's day; times in the player's zone).
 */
import type { AuditProgress, AuditVerdict } from '@golf/api';
import { opensAt, type NameStandIn, type ReportReason } from '@golf/contract';
import {
  AUDIT_ALPHA,
  COURSE_HOLES,
  MATCH_PAR,
  applyMove,
  exposed,
  holeWord,
  makeCard,
  parseCard,
  parseMove,
  rankOf,
  replay,
  suitOf,
  type Card,
  type Deal,
  type HoleScore,
  type Move,
  type Position,
  type PresetName,
  type Rules,
  type Scoring,
} from '@golf/engine';
import type { ApiFailure } from './api.ts';
import type { AuditMove, TellingReason } from '@golf/engine';
import type { BestPoints, PostMortem } from './game/analysis.ts';
import type { Mode } from './game/practice.svelte.ts';

// ---- labels: one per value, on every page

export const PRESET_LABEL: Readonly<Record<PresetName, string>> = {
  classic: 'Classic',
  'queen-on-king': 'Queen on King',
  wrap: 'Wrap (Ace–King)',
  'turn-the-corner': 'Turn the corner',
};

export const SCORING_LABEL: Readonly<Record<Scoring, string>> = {
  strokes: 'Strokes',
  points: 'Run points',
  won: 'Won / lost',
};

export const MODE_LABEL: Readonly<Record<Mode, string>> = { single: 'Single deal', match: 'Nine holes' };

// ---- cards

const RANK_TEXT = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
const RANK_NAME = [
  'Ace',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Jack',
  'Queen',
  'King',
] as const;
// Engine suit order: C D H S.
const SUIT_SYMBOL = ['♣', '♦', '♥', '♠'] as const;
const SUIT_NAME = ['clubs', 'diamonds', 'hearts', 'spades'] as const;

/** What a card face shows: "10", "♦". */
export const rankText = (card: Card): string => RANK_TEXT[rankOf(card)]!;
export const suitSymbol = (card: Card): string => SUIT_SYMBOL[suitOf(card)]!;
export const isRed = (card: Card): boolean => suitOf(card) === 1 || suitOf(card) === 2;
/** "Ten of diamonds" (what a screen reader says). */
export const cardName = (card: Card): string => `${RANK_NAME[rankOf(card)]!} of ${SUIT_NAME[suitOf(card)]!}`;
/** "10♦" (short, in a sentence). */
export const cardText = (card: Card): string => `${rankText(card)}${suitSymbol(card)}`;
/** The engine's text form, "TD". */
export const cardCode = (card: Card): string => makeCard(card);

// ---- moves

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

/** A log character as a page aims at it: 'draw' or the column it plays (null for anything else). */
export function moveTarget(ch: string | undefined): 'draw' | number | null {
  const move = ch === undefined ? null : parseMove(ch);
  if (!move?.ok) return null;
  return move.value.kind === 'draw' ? 'draw' : move.value.column;
}

/** A log character in a hint's words: "draw" or "column 3" (`short`: "col 3"). */
export function moveWords(ch: string, short = false): string {
  const target = moveTarget(ch);
  return target === 'draw' || target === null ? 'draw' : `${short ? 'col' : 'column'} ${target}`;
}

/** Move `at` (0-based) of a log in words: "a draw", "7♥ from column 3" ("the end" past the log). */
export function moveText(deal: Deal, rules: Rules, log: string, at: number): string {
  const target = moveTarget(log[at]);
  if (target === null) return 'the end';
  if (target === 'draw') return 'a draw';
  const before = replay(deal, rules, log.slice(0, at));
  const card = before.ok ? exposed(before.value, target) : null;
  return card === null ? `column ${target}` : `${cardText(card)} from column ${target}`;
}

// ---- numbers and scores

/** A number with a real minus sign: "−3". */
export const signed = (n: number): string => (n < 0 ? `\u2212${-n}` : String(n));

/** "1 stroke", "4 strokes", "−2 strokes". */
export const strokesText = (n: number): string => `${signed(n)} ${Math.abs(n) === 1 ? 'stroke' : 'strokes'}`;

/** A median of strokes: a whole number or one ending in .5 (signed like strokes); a dash for an empty field. */
export const medianText = (median: number | null): string => (median === null ? '\u2014' : signed(median));

/** `E` (even), `+3`, `−4`: a total against par the golf way. */
export function toParText(total: number, par: number = MATCH_PAR): string {
  const d = total - par;
  return d === 0 ? 'E' : d > 0 ? `+${d}` : signed(d);
}

/** "level par", "3 over par", "2 under par". */
export function toParWords(total: number, par: number = MATCH_PAR): string {
  const d = total - par;
  return d === 0 ? 'level par' : d > 0 ? `${d} over par` : `${-d} under par`;
}

/** A finished hole's result in a scoring, as a heading: "Cleared! −3 strokes (…)", "Hole over: 120 points, …". */
export function holeHeadline(score: HoleScore, scoring: Scoring): string {
  const strokes = `${strokesText(score.strokes)} (${holeWord(score.strokes)})`;
  if (score.cleared)
    return scoring === 'strokes'
      ? `Cleared! ${strokes}`
      : scoring === 'points'
        ? `Cleared! ${score.points} points`
        : 'Cleared! You win the hole.';
  return scoring === 'strokes'
    ? `Hole over: ${strokes}`
    : scoring === 'points'
      ? `Hole over: ${score.points} points, ${score.cardsLeft} cards left`
      : `Not cleared: ${score.cardsLeft} cards left`;
}

/** A hole in play, in a scoring: "12 strokes", "140 points", "won", "9 to clear". */
export function holeSoFar(score: HoleScore, scoring: Scoring): string {
  if (scoring === 'strokes') return `${score.strokes} strokes`;
  if (scoring === 'points') return `${score.points} points`;
  return score.cleared ? 'won' : `${score.cardsLeft} to clear`;
}

/** A complete nine-hole match, in a scoring. */
export function matchSummary(holes: readonly HoleScore[], scoring: Scoring): string {
  if (scoring === 'points')
    return `Match complete: ${holes.reduce((a, h) => a + h.points, 0)} points in nine holes.`;
  if (scoring === 'won')
    return `Match complete: ${holes.filter((h) => h.cleared).length} of ${COURSE_HOLES} holes cleared.`;
  const total = holes.reduce((a, h) => a + h.strokes, 0);
  return `Match complete: ${total} strokes, ${toParWords(total)} (par ${MATCH_PAR}).`;
}

/**
 * What the solver says of a finished hole the player scored `strokes` on. `slip(at)` names the move at which the
 * best reachable result got worse ("7♥ from column 3").
 */
export function postMortemText(pm: PostMortem, strokes: number, slip: (at: number) => string): string {
  const best = pm.bestStrokes;
  if (pm.verdict.kind === 'cleared')
    return best < strokes
      ? `Perfect play clears it with ${-best} stock ${best === -1 ? 'card' : 'cards'} to spare (${strokesText(best)}).`
      : 'That is the best anyone could do with this deal.';
  if (pm.verdict.kind === 'unwinnable')
    return `No one could have cleared this deal, even seeing the stock. Best possible: ${strokesText(best)}.`;
  const could = pm.winnable ? 'This deal could be cleared' : `Best possible was ${strokesText(best)}`;
  return `${could}: it slipped away at move ${pm.verdict.at + 1} (${slip(pm.verdict.at)}).`;
}

/** The most run points perfect play scores, against the player's. */
export const bestPointsText = (best: BestPoints, points: number): string =>
  `Perfect play scores ${best.exact ? '' : 'at least '}${best.points} points here; you scored ${points}.`;

// ---- the fair-play audit

/** A count with thousands separators: "1,000". */
export const countText = (n: number): string => n.toLocaleString('en');

/** `n` (at least 1) cut down to two significant figures: 8,333,333 → 8,300,000. */
function floorTwoFigures(n: number): number {
  const digits = Math.floor(n).toString().length;
  const unit = digits <= 2 ? 1 : 10 ** (digits - 2);
  return Math.floor(n / unit) * unit;
}

/**
 * The N of "once in N rounds" for a chance `p`, in words: "1,000", "8.3 million", "a trillion" (and more). Cut
 * down, never rounded up, so "at most once in N" and "less than once in N" stay true.
 */
export function onceInText(p: number): string {
  const n = p > 0 ? 1 / p : Infinity;
  if (n >= 1e12) return 'a trillion';
  if (n >= 1e9) return `${floorTwoFigures(n / 1e7) / 100} billion`;
  if (n >= 1e6) return `${floorTwoFigures(n / 1e4) / 100} million`;
  return countText(floorTwoFigures(Math.max(1, n)));
}

/** The audit's line: under review below a p-value an honest round gets at most once in this many rounds. */
export const REVIEW_ODDS = onceInText(AUDIT_ALPHA);

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** A p-value as people write it: "0.25", "0.0042", "1.2 × 10⁻⁷" (two significant figures). */
export function pValueText(p: number): string {
  if (p >= 0.001) return String(Number(p.toPrecision(2)));
  const [mantissa, exponent] = p.toExponential(1).split('e') as [string, string];
  const power = exponent.replace('-', '⁻').replace(/\d/g, (d) => SUPERSCRIPT[Number(d)]!);
  return `${mantissa.replace(/\.0$/, '')} × 10${power}`;
}

/** A round's verdict in plain words: under review or clean, and how rare its p-value is for an honest round. */
export function verdictText(v: AuditVerdict): string {
  if (v.flagged)
    return `Under review: an honest round gets a p-value this low at most once in ${onceInText(v.pValue)} rounds (the line is once in ${REVIEW_ODDS}).`;
  if (v.pValue >= 1) return 'Clean: no evidence of knowing the stock.';
  return `Clean: an honest round gets a p-value this low up to once in ${onceInText(v.pValue)} rounds; a round is put under review below once in ${REVIEW_ODDS}.`;
}

const auditMoveText = (m: AuditMove): string =>
  m.kind === 'draw' ? 'drawing' : `playing ${withCardText(m.card)} (column ${m.column})`;

/**
 * A telling move's reason (the engine's, as data) in plain words: "Drew with 2♦, 2♠ playable: without knowing the
 * stock, playing 2♠ (column 6) lost 4.5 strokes less on average; with the stock known, the draw was best: the real
 * stock ranks 1st of 5 orders for it."
 */
export function tellingReasonText(r: TellingReason): string {
  const head =
    r.taken.kind === 'draw'
      ? `Drew with ${r.playable.map(withCardText).join(', ')} playable`
      : `Played ${withCardText(r.taken.card)} from column ${r.taken.column}`;
  const best = r.taken.kind === 'draw' ? 'the draw' : 'this play';
  const real =
    r.realStrokes === 0
      ? `${best} was best`
      : `${best} lost only ${r.realStrokes} ${r.realStrokes === 1 ? 'stroke' : 'strokes'}`;
  return `${head}: without knowing the stock, ${auditMoveText(r.blindBest)} lost ${r.strokes.toFixed(1)} strokes less on average; with the stock known, ${real}: the real stock ranks ${ordinalText(r.rank)} of ${countText(r.of)} orders for it.`;
}

/** 1st, 2nd, 3rd, 4th, 11th, 21st. */
function ordinalText(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${countText(n)}${suffix}`;
}

/** "3 telling moves in 212 decisions". */
export const tellingText = (telling: number, decisions: number): string =>
  `${countText(telling)} telling ${telling === 1 ? 'move' : 'moves'} in ${countText(decisions)} ${decisions === 1 ? 'decision' : 'decisions'}`;

/** A closed day's audit: "Fair-play audit: 812 of 1,000 rounds checked" (null: not started). */
export function auditProgressText(p: AuditProgress | null): string {
  if (p === null) return 'Fair-play audit: not started yet.';
  const rounds = `${countText(p.rounds)} ${p.rounds === 1 ? 'round' : 'rounds'}`;
  const flagged = `${countText(p.flagged)} under review`;
  return p.complete
    ? `Fair-play audit complete: ${rounds} checked, ${flagged}.`
    : `Fair-play audit: ${countText(p.audited)} of ${rounds} checked, ${flagged} so far.`;
}

/** Card codes in a sentence as a player reads them: "Drew with 7C playable" → "Drew with 7♣ playable". */
export const withCardText = (text: string): string =>
  text.replace(/\b[A2-9TJQK][CDHS]\b/g, (code) => {
    const c = parseCard(code);
    return c.ok ? cardText(c.value) : code;
  });

// ---- dates and times

const dayText = (date: string, options: Intl.DateTimeFormatOptions): string =>
  opensAt(date).toLocaleDateString(undefined, { ...options, timeZone: 'UTC' });

/** A course's day in full: "Monday, 30 November 2026" (in the reader's language; without the year on request). */
export const longDate = (date: string, { year = true }: { year?: boolean } = {}): string =>
  dayText(date, { weekday: 'long', day: 'numeric', month: 'long', ...(year ? { year: 'numeric' } : {}) });

/** A course's day in a list: "Mon, 30 Nov 2026". */
export const mediumDate = (date: string): string =>
  dayText(date, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });

/** A course's day in short: weekday "Mon" and day "30 Nov". */
export const shortDate = (date: string): { weekday: string; day: string } => ({
  weekday: dayText(date, { weekday: 'short' }),
  day: dayText(date, { day: 'numeric', month: 'short' }),
});

/** A time of day in the reader's zone: "01:00". */
export const localTime = (at: Date): string =>
  at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/** A time within the week in the reader's zone: "Tue 01:00". */
export const localDayTime = (at: Date): string =>
  at.toLocaleString(undefined, { hour: '2-digit', minute: '2-digit', weekday: 'short' });

/** An instant in the reader's words and time zone: "Sat, 5 Dec 2026, 14:03". */
export const instantText = (iso: string): string =>
  new Date(iso).toLocaleString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** `5:03:09` for a span in milliseconds (hours may exceed 24; never negative). */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  return `${hh}:${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}`;
}

// ---- names

/** What a name form shows when the API refuses the name itself (never which word: the API does not say). */
export const NAME_REFUSED_TEXT = 'This name is not allowed. Please choose another one.';

/** What a rename form shows when the new name is the name that was hidden. */
export const NAME_HIDDEN_AGAIN_TEXT = 'This name was hidden. Please choose another one.';

/** A failed create or rename in the name form's words: the page's text for a code it knows, else the API's message. */
export const nameFailureText = (failure: ApiFailure): string =>
  failure.code === 'ERR_NAME_REFUSED'
    ? NAME_REFUSED_TEXT
    : failure.code === 'ERR_NAME_HIDDEN'
      ? NAME_HIDDEN_AGAIN_TEXT
      : failure.message;

/** The title a stand-in name carries where it is shown (the API's `standIn`). */
export function standInTitle(standIn: NameStandIn): string | undefined {
  if (standIn === 'hidden') return 'name hidden';
  if (standIn === 'deleted') return 'player deleted';
  return undefined;
}

/** Why a name may be reported, in the report dialog's words. */
export const REPORT_REASON_TEXT: Readonly<Record<ReportReason, string>> = {
  offensive: 'Offensive (a slur, an insult, something obscene)',
  impersonation: 'Pretends to be someone else',
  other: 'Something else',
};

/** A failed report in the dialog's words. */
export function reportFailureText(failure: ApiFailure): string {
  switch (failure.code) {
    case 'ERR_NAME_HIDDEN':
      return 'This name is already hidden; the moderators have it.';
    case 'ERR_FORBIDDEN':
      return 'You cannot report your own name (or your own league): rename it instead.';
    case 'ERR_RATE_LIMITED':
      return 'Too many reports for now. Please try again later.';
    case 'ERR_NOT_FOUND':
      return 'This name has changed or is gone; nothing was reported.';
    case 'ERR_UNAUTHORIZED':
      return 'Play a round (or sign in) to report names.';
    case 'ERR_NETWORK':
      return 'Cannot reach the server. Please try again.';
    default:
      return failure.message;
  }
}

/**
 * The words and numbers the pages show, in one place: cards, moves, scores, dates and labels are written here
 * once, and every page uses them. Pure functions of engine and contract values (dates are shown in UTC, the
 * course's day; times in the player's zone), in the locale in effect: the words are the message catalogue's
 * (`m`, docs/i18n.md), the numbers and dates `Intl`'s (./i18n/intl.ts).
 */
import type { AuditProgress, AuditVerdict } from '@golf/api';
import { opensAt } from '@golf/contract';
import { isRedSuit, RANK_TEXT, SUIT_SYMBOL } from '@golf/contract/card-face';
import {
  AUDIT_ALPHA,
  COURSE_HOLES,
  MATCH_PAR,
  PAR_PER_HOLE,
  applyMove,
  exposed,
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
import type { ApiFailure, FailureCode } from './api.ts';
import { m } from './i18n/index.ts';
import {
  compactText,
  countText,
  dateText,
  decimalText,
  listText,
  ordinalText,
  significantText,
} from './i18n/intl.ts';
import type { AuditMove, TellingReason } from '@golf/engine';
import type { BestPoints, PostMortem } from './game/analysis.ts';
import type { Mode } from './game/practice.svelte.ts';

// ---- labels: one per value, on every page

const PRESET_MESSAGE: Readonly<Record<PresetName, () => string>> = {
  classic: m.preset_classic,
  'queen-on-king': m.preset_queen_on_king,
  wrap: m.preset_wrap,
  'turn-the-corner': m.preset_turn_the_corner,
};
/** A preset's name: "Classic", "Queen on King". */
export const presetLabel = (preset: PresetName): string => PRESET_MESSAGE[preset]();

const SCORING_MESSAGE: Readonly<Record<Scoring, () => string>> = {
  strokes: m.scoring_strokes,
  points: m.scoring_points,
  won: m.scoring_won,
};
/** A scoring's name: "Strokes", "Run points", "Won / lost". */
export const scoringLabel = (scoring: Scoring): string => SCORING_MESSAGE[scoring]();

/** A practice mode's name: "Single deal", "Nine holes". */
export const modeLabel = (mode: Mode): string => (mode === 'single' ? m.mode_single() : m.mode_match());

// ---- cards

const RANK_NAME = [
  m.rank_ace,
  m.rank_two,
  m.rank_three,
  m.rank_four,
  m.rank_five,
  m.rank_six,
  m.rank_seven,
  m.rank_eight,
  m.rank_nine,
  m.rank_ten,
  m.rank_jack,
  m.rank_queen,
  m.rank_king,
] as const;
const CARD_NAME = [m.card_clubs, m.card_diamonds, m.card_hearts, m.card_spades] as const;

/** What a card face shows: "10", "♦". */
export const rankText = (card: Card): string => RANK_TEXT[rankOf(card)]!;
export const suitSymbol = (card: Card): string => SUIT_SYMBOL[suitOf(card)]!;
export const isRed = (card: Card): boolean => isRedSuit(suitOf(card));
/** "Ten of diamonds" (what a screen reader says). */
export const cardName = (card: Card): string =>
  CARD_NAME[suitOf(card)]!({ rank: RANK_NAME[rankOf(card)]!() });
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
      return m.refuse_hole_over();
    case 'ERR_STOCK_EMPTY':
      return m.refuse_stock_empty();
    case 'ERR_COLUMN_EMPTY':
      return m.refuse_column_empty({ column });
    case 'ERR_NOT_ADJACENT': {
      const card = exposed(pos, column);
      const onto = pos.top === null ? m.refuse_empty_waste() : cardName(pos.top);
      return m.refuse_not_adjacent({ card: card === null ? m.refuse_that_card() : cardName(card), onto });
    }
    case 'ERR_BAD_MOVE':
      return m.refuse_bad_move({ column });
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
  if (target === 'draw' || target === null) return m.move_draw();
  return short ? m.move_col_short({ column: target }) : m.move_column({ column: target });
}

/** Move `at` (0-based) of a log in words: "a draw", "7♥ from column 3" ("the end" past the log). */
export function moveText(deal: Deal, rules: Rules, log: string, at: number): string {
  const target = moveTarget(log[at]);
  if (target === null) return m.move_the_end();
  if (target === 'draw') return m.move_a_draw();
  const before = replay(deal, rules, log.slice(0, at));
  const card = before.ok ? exposed(before.value, target) : null;
  return card === null
    ? m.move_column({ column: target })
    : m.move_card_from_column({ card: cardText(card), column: target });
}

// ---- numbers and scores

/** A number with a real minus sign: "−3". */
export const signed = (n: number): string => (n < 0 ? `\u2212${-n}` : String(n));

/** "1 stroke", "4 strokes", "−2 strokes". */
export const strokesText = (n: number): string => m.strokes_count({ count: Math.abs(n), n: signed(n) });

/** "1 point", "140 points". */
export const pointsText = (n: number): string => m.points_count({ count: n, n: countText(n) });

/** "1 card left", "9 cards left". */
export const cardsLeftText = (n: number): string => m.cards_left({ count: n, n: countText(n) });

/** "3 rounds". */
export const roundsText = (n: number): string => m.rounds_count({ count: n, n: countText(n) });

/** A hole's strokes against its par in golf's words: "birdie", "par", "double bogey", "+5". */
export function holeWord(strokes: number): string {
  const d = strokes - PAR_PER_HOLE;
  if (d <= -4) return m.hole_word_condor();
  if (d === -3) return m.hole_word_albatross();
  if (d === -2) return m.hole_word_eagle();
  if (d === -1) return m.hole_word_birdie();
  if (d === 0) return m.hole_word_par();
  if (d === 1) return m.hole_word_bogey();
  if (d === 2) return m.hole_word_double_bogey();
  if (d === 3) return m.hole_word_triple_bogey();
  return `+${d}`;
}

/** A median of strokes: a whole number or one ending in .5 (signed like strokes); a dash for an empty field. */
export const medianText = (median: number | null): string => (median === null ? '\u2014' : signed(median));

/** `E` (even), `+3`, `−4`: a total against par the golf way. */
export function toParText(total: number, par: number = MATCH_PAR): string {
  const d = total - par;
  return d === 0 ? m.even_par_short() : d > 0 ? `+${d}` : signed(d);
}

/** "level par", "3 over par", "2 under par". */
export function toParWords(total: number, par: number = MATCH_PAR): string {
  const d = total - par;
  return d === 0 ? m.level_par() : d > 0 ? m.over_par({ n: d }) : m.under_par({ n: -d });
}

/** A finished hole's result in a scoring, as a heading: "Cleared! −3 strokes (…)", "Hole over: 120 points, …". */
export function holeHeadline(score: HoleScore, scoring: Scoring): string {
  const strokes = { strokes: strokesText(score.strokes), word: holeWord(score.strokes) };
  if (score.cleared)
    return scoring === 'strokes'
      ? m.headline_cleared_strokes(strokes)
      : scoring === 'points'
        ? m.headline_cleared_points({ points: pointsText(score.points) })
        : m.headline_cleared_won();
  const left = cardsLeftText(score.cardsLeft);
  return scoring === 'strokes'
    ? m.headline_over_strokes(strokes)
    : scoring === 'points'
      ? m.headline_over_points({ points: pointsText(score.points), left })
      : m.headline_not_cleared({ left });
}

/** A hole in play, in a scoring: "12 strokes", "140 points", "won", "9 to clear". */
export function holeSoFar(score: HoleScore, scoring: Scoring): string {
  if (scoring === 'strokes') return strokesText(score.strokes);
  if (scoring === 'points') return pointsText(score.points);
  return score.cleared ? m.so_far_won() : m.so_far_to_clear({ n: score.cardsLeft });
}

/** A complete nine-hole match, in a scoring. */
export function matchSummary(holes: readonly HoleScore[], scoring: Scoring): string {
  if (scoring === 'points')
    return m.match_points({ points: pointsText(holes.reduce((a, h) => a + h.points, 0)) });
  if (scoring === 'won')
    return m.match_won({ cleared: holes.filter((h) => h.cleared).length, holes: COURSE_HOLES });
  const total = holes.reduce((a, h) => a + h.strokes, 0);
  return m.match_strokes({ strokes: strokesText(total), toPar: toParWords(total), par: MATCH_PAR });
}

/**
 * What the solver says of a finished hole the player scored `strokes` on. `slip(at)` names the move at which the
 * best reachable result got worse ("7♥ from column 3").
 */
export function postMortemText(pm: PostMortem, strokes: number, slip: (at: number) => string): string {
  const best = pm.bestStrokes;
  if (pm.verdict.kind === 'cleared')
    return best < strokes
      ? m.pm_clears_with_spare({ count: -best, n: -best, strokes: strokesText(best) })
      : m.pm_best_anyone();
  if (pm.verdict.kind === 'unwinnable') return m.pm_unwinnable({ strokes: strokesText(best) });
  const could = pm.winnable ? m.pm_could_clear() : m.pm_best_was({ strokes: strokesText(best) });
  return m.pm_slipped({ could, move: pm.verdict.at + 1, slip: slip(pm.verdict.at) });
}

/** The most run points perfect play scores, against the player's. */
export const bestPointsText = (best: BestPoints, points: number): string =>
  (best.exact ? m.best_points : m.best_points_at_least)({ points: best.points, yours: points });

// ---- the fair-play audit

export { countText };

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
  if (n >= 1e12) return m.once_in_trillion();
  if (n >= 1e6) return compactText(floorTwoFigures(n));
  return countText(floorTwoFigures(Math.max(1, n)));
}

/** The audit's line: under review below a p-value an honest round gets at most once in this many rounds. */
export const reviewOdds = (): string => onceInText(AUDIT_ALPHA);

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** A p-value as people write it: "0.25", "0.0042", "1.2 × 10⁻⁷" (two significant figures). */
export function pValueText(p: number): string {
  if (p >= 0.001) return significantText(p, 2);
  const [mantissa, exponent] = p.toExponential(1).split('e') as [string, string];
  const power = exponent.replace('-', '⁻').replace(/\d/g, (d) => SUPERSCRIPT[Number(d)]!);
  return `${significantText(Number(mantissa), 2)} × 10${power}`;
}

/** A round's verdict in plain words: under review or clean, and how rare its p-value is for an honest round. */
export function verdictText(v: AuditVerdict): string {
  const odds = { odds: onceInText(v.pValue), line: reviewOdds() };
  if (v.flagged) return m.verdict_flagged(odds);
  if (v.pValue >= 1) return m.verdict_clean_none();
  return m.verdict_clean(odds);
}

const auditMoveText = (a: AuditMove): string =>
  a.kind === 'draw'
    ? m.audit_move_draw()
    : m.audit_move_play({ card: withCardText(a.card), column: a.column });

/**
 * A telling move's reason (the engine's, as data) in plain words: "Drew with 2♦, 2♠ playable: without knowing the
 * stock, playing 2♠ (column 6) lost 4.5 strokes less on average; with the stock known, the draw was best: the real
 * stock ranks 1st of 5 orders for it."
 */
export function tellingReasonText(r: TellingReason): string {
  const head =
    r.taken.kind === 'draw'
      ? m.telling_drew({ cards: listText(r.playable.map(withCardText)) })
      : m.telling_played({ card: withCardText(r.taken.card), column: r.taken.column });
  const best = r.taken.kind === 'draw' ? m.telling_the_draw() : m.telling_this_play();
  const real =
    r.realStrokes === 0
      ? m.telling_was_best({ best })
      : m.telling_lost_only({ best, count: r.realStrokes, n: countText(r.realStrokes) });
  return m.telling_reason({
    head,
    blind: auditMoveText(r.blindBest),
    strokes: decimalText(r.strokes, 1),
    real,
    rank: ordinalText(r.rank),
    of: countText(r.of),
  });
}

/** "3 telling moves in 212 decisions". */
export const tellingText = (telling: number, decisions: number): string =>
  m.telling_count({
    moves: m.telling_moves({ count: telling, n: countText(telling) }),
    decisions: m.decisions({ count: decisions, n: countText(decisions) }),
  });

/** A closed day's audit: "Fair-play audit: 812 of 1,000 rounds checked" (null: not started). */
export function auditProgressText(p: AuditProgress | null): string {
  if (p === null) return m.audit_not_started();
  const rounds = roundsText(p.rounds);
  const flagged = countText(p.flagged);
  return p.complete
    ? m.audit_complete({ rounds, flagged })
    : m.audit_progress({ audited: countText(p.audited), rounds, flagged });
}

/** Card codes in a sentence as a player reads them: "Drew with 7C playable" → "Drew with 7♣ playable". */
export const withCardText = (text: string): string =>
  text.replace(/\b[A2-9TJQK][CDHS]\b/g, (code) => {
    const c = parseCard(code);
    return c.ok ? cardText(c.value) : code;
  });

// ---- dates and times

const dayText = (date: string, options: Intl.DateTimeFormatOptions): string =>
  dateText(opensAt(date), { ...options, timeZone: 'UTC' });

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
export const localTime = (at: Date): string => dateText(at, { hour: '2-digit', minute: '2-digit' });

/** A time within the week in the reader's zone: "Tue 01:00". */
export const localDayTime = (at: Date): string =>
  dateText(at, { hour: '2-digit', minute: '2-digit', weekday: 'short' });

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
export const nameRefusedText = (): string => m.name_refused();

/** A failed create or rename in the name form's words (a name hidden again says so). */
export const nameFailureText = (failure: ApiFailure): string =>
  failure.code === 'ERR_NAME_HIDDEN' ? m.name_hidden_again() : errorText(failure);

// ---- errors

/**
 * Every failure code in the player's words: the API's codes (the contract's `ERROR_STATUS`) and the client's own.
 * The API's English `message` is for developers and logs; a page shows this.
 */
const ERROR_MESSAGE: Readonly<Record<FailureCode, () => string>> = {
  ERR_VALIDATION: m.err_validation,
  ERR_NAME_REFUSED: m.name_refused,
  ERR_NAME_HIDDEN: m.err_name_hidden,
  ERR_NOT_MODERATOR: m.err_not_moderator,
  ERR_UNAUTHORIZED: m.err_unauthorized,
  ERR_FORBIDDEN: m.err_forbidden,
  ERR_NOT_FOUND: m.err_not_found,
  ERR_FUTURE_DATE: m.err_future_date,
  ERR_NO_ATTEMPT: m.err_no_attempt,
  ERR_DAY_CLOSED: m.err_day_closed,
  ERR_DAY_OPEN: m.err_day_open,
  ERR_HOLE_ORDER: m.err_hole_order,
  ERR_HISTORY_REWRITTEN: m.err_history_rewritten,
  ERR_NOT_DRAWN: m.err_not_drawn,
  ERR_HOLE_NOT_OVER: m.err_hole_not_over,
  ERR_ALREADY_FINISHED: m.err_already_finished,
  ERR_CONFLICT: m.err_conflict,
  ERR_LEAGUE_FULL: m.err_league_full,
  ERR_TOO_MANY_LEAGUES: m.err_too_many_leagues,
  ERR_METHOD_NOT_ALLOWED: m.err_method_not_allowed,
  ERR_TOO_MANY: m.err_too_many,
  ERR_BODY_TOO_LARGE: m.err_body_too_large,
  ERR_ILLEGAL_MOVE: m.err_illegal_move,
  ERR_RATE_LIMITED: m.err_rate_limited,
  ERR_INTERNAL: m.err_internal,
  ERR_UPSTREAM: m.err_upstream,
  ERR_UNAVAILABLE: m.err_unavailable,
  ERR_NETWORK: m.err_network,
  ERR_BAD_RESPONSE: m.err_bad_response,
  ERR_PASSKEY: m.err_passkey,
  ERR_PUSH: m.err_push,
};

/** A failure in the player's language (from its code; the API's own message never reaches the page). */
export const errorText = (failure: Pick<ApiFailure, 'code'> | ApiFailure): string =>
  (ERROR_MESSAGE[failure.code] ?? m.err_bad_response)();

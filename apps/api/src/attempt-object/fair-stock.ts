import type { ErrorCode } from '@golf/contract';
import {
  COURSE_HOLES,
  countDraws,
  dealFromDeck,
  logThroughDraw,
  makeCard,
  PRESETS,
  replay,
  scoreOf,
  shownDeal,
  type Card,
  type Deal,
  type Position,
  type PresetName,
  type Result,
} from '@golf/engine';
import type { RoundFinishRecord, RoundStartRecord } from '../ports/rounds.ts';
import type { AttemptHoleView, AttemptView, DrawView, HoleResultView } from '../views.ts';

export type { AttemptHoleView, AttemptView, DrawView, HoleResultView };

/**
 * One ranked attempt and the fair-stock rules (docs/api.md, "The fair-stock protocol"; docs/fair-play.md). Pure
 * and synchronous over an {@link AttemptStore}: its Durable Object runs it on SQLite storage, one request at a
 * time, so every check-then-write is a plain transaction and concurrent requests still make exactly one history.
 *
 * Nothing here evaluates a submitted log against a card the player has not been shown. The recorded prefix and
 * the number of new draws are checked first, from the recorded state alone; the log is then replayed on
 * `shownDeal(deal, drawn)`, where every undrawn stock position holds a stand-in. So the answer, the storage calls
 * and the work done for any log are the same whatever order the undrawn cards are in; only an accepted draw's
 * answer names the card it reveals.
 */

export interface HoleState {
  readonly hole: number;
  /** The full deck in deal order (the stock is in it: never sent before it is drawn). */
  readonly deck: readonly Card[];
  /** The log recorded at the last draw, or the verified final log once finished. */
  readonly log: string;
  readonly drawn: number;
  readonly drawTimes: readonly number[];
  readonly strokes: number | null;
  readonly finishedAt: number | null;
}

export interface AttemptState {
  readonly date: string;
  readonly playerId: string;
  readonly rules: PresetName;
  readonly startedAt: number;
  /**
   * The client address's hash, until the started row has taken it to the ledger (or the player was deleted):
   * then null.
   */
  readonly addressHash: string | null;
  /** The hole being played (1..9), 10 when finished. */
  readonly hole: number;
  readonly holes: readonly HoleState[];
  /** Which ledger rows (D1) are written. */
  readonly synced: { readonly started: boolean; readonly finished: boolean };
}

/** Synchronous storage of one attempt: what the object's SQLite and the in-memory test double both provide. */
export interface AttemptStore {
  read(): AttemptState | null;
  create(state: AttemptState): void;
  /** One more draw on `hole`: its log becomes `log`, drawn + 1, and the draw time is kept. */
  recordDraw(hole: number, log: string, now: number): void;
  /** Finishes `hole` with its final log and strokes; the attempt moves to the next hole (10 after the ninth). */
  recordFinish(hole: number, log: string, strokes: number, now: number): void;
  markSynced(row: 'started' | 'finished'): void;
  /** Forgets the client address's hash (the ledger has it, or the player was deleted); writes nothing if no attempt. */
  forgetAddress(): void;
}

/** A refusal, as the API answers it (a 4xx with this code). */
export interface AttemptFailure {
  readonly code: ErrorCode;
  readonly message: string;
  readonly at?: number;
}

export type Outcome<T> = Result<T, AttemptFailure>;

const fail = (code: ErrorCode, message: string, at?: number): { ok: false; error: AttemptFailure } => ({
  ok: false,
  error: at === undefined ? { code, message } : { code, message, at },
});
const done = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

export interface StartInput {
  readonly date: string;
  readonly playerId: string;
  readonly rules: PresetName;
  /** The nine decks of the day's course, in deal order. */
  readonly decks: readonly (readonly Card[])[];
  readonly addressHash: string;
  readonly now: number;
}

const dealOf = (state: AttemptState, hole: HoleState): Deal => dealFromDeck(hole.deck, PRESETS[state.rules]);

const totalOf = (state: AttemptState, through = COURSE_HOLES): number =>
  state.holes.slice(0, through).reduce((sum, h) => sum + (h.strokes ?? 0), 0);

export function attemptView(state: AttemptState): AttemptView {
  const finished = state.hole > COURSE_HOLES;
  const anyDone = state.holes.some((h) => h.strokes !== null);
  return {
    date: state.date,
    hole: finished ? null : state.hole,
    finished,
    total: anyDone ? totalOf(state) : null,
    holes: state.holes.map((h) => ({
      hole: h.hole,
      log: h.log,
      drawn: dealOf(state, h).stock.slice(0, h.drawn).map(makeCard),
      strokes: h.strokes,
    })),
  };
}

/** The attempt, created on the first call (one per player per day, never restarted). */
export function start(store: AttemptStore, input: StartInput): AttemptState {
  const existing = store.read();
  if (existing) return existing;
  store.create({
    date: input.date,
    playerId: input.playerId,
    rules: input.rules,
    startedAt: input.now,
    addressHash: input.addressHash,
    hole: 1,
    holes: input.decks.map((deck, i) => ({
      hole: i + 1,
      deck,
      log: '',
      drawn: 0,
      drawTimes: [],
      strokes: null,
      finishedAt: null,
    })),
    synced: { started: false, finished: false },
  });
  return store.read()!;
}

function loaded(store: AttemptStore): Outcome<AttemptState> {
  const state = store.read();
  if (!state) return fail('ERR_NO_ATTEMPT', 'no attempt today; start it with POST /api/daily/{date}/attempt');
  return done(state);
}

/** The hole must be the one being played. Uses the recorded state only. */
function playable(state: AttemptState, hole: number): Outcome<HoleState> {
  if (state.hole > COURSE_HOLES) return fail('ERR_ALREADY_FINISHED', 'the attempt is finished');
  if (hole < state.hole) return fail('ERR_ALREADY_FINISHED', `hole ${hole} is finished`);
  if (hole > state.hole)
    return fail('ERR_HOLE_ORDER', `hole ${state.hole} is being played, not hole ${hole}`);
  return done(state.holes[hole - 1]!);
}

/**
 * The checks a draw and a hole finish share, in order: the hole (finished, out of order), the recorded prefix
 * (ERR_HISTORY_REWRITTEN) and the number of draws (`tooMany` says why they are wrong, ERR_NOT_DRAWN), all from the
 * recorded state alone; then the replay on the shown deal (ERR_ILLEGAL_MOVE with the index of the move).
 */
function checkedReplay(
  state: AttemptState,
  hole: number,
  log: string,
  tooMany: (drawn: number) => string | null,
): Outcome<Position> {
  const current = playable(state, hole);
  if (!current.ok) return current;
  const recorded = current.value;
  if (!log.startsWith(recorded.log))
    return fail(
      'ERR_HISTORY_REWRITTEN',
      `the log must extend the one recorded at your last draw: "${recorded.log}"`,
    );
  const refusal = tooMany(recorded.drawn);
  if (refusal !== null) return fail('ERR_NOT_DRAWN', refusal);
  const replayed = replay(shownDeal(dealOf(state, recorded), recorded.drawn), PRESETS[state.rules], log);
  return replayed.ok ? replayed : fail('ERR_ILLEGAL_MOVE', replayed.error.message, replayed.error.at);
}

/**
 * One draw. `log` is the hole's whole log ending in exactly one new `d`: it must extend the log recorded at the
 * previous draw and replay legally with the cards shown so far. The answer is the next stock card. The log
 * recorded at an earlier draw of an unfinished hole (a retry) answers that draw's card again.
 *
 * Checks, in order: an earlier draw's log (retry); the hole (finished, out of order); the recorded prefix
 * (ERR_HISTORY_REWRITTEN); the number of new draws (ERR_NOT_DRAWN); then the replay on the shown deal
 * (ERR_ILLEGAL_MOVE, with the index of the move).
 */
export function draw(store: AttemptStore, hole: number, log: string, now: number): Outcome<DrawView> {
  const state = loaded(store);
  if (!state.ok) return state;
  const recorded = state.value.holes[hole - 1]!;
  const k = countDraws(log);
  const deal = dealOf(state.value, recorded);
  const answer = (n: number): DrawView => ({
    hole,
    card: makeCard(deal.stock[n - 1]!),
    stockLeft: deal.stock.length - n,
  });
  if (recorded.strokes === null && k >= 1 && k <= recorded.drawn && logThroughDraw(recorded.log, k) === log)
    return done(answer(k));
  const replayed = checkedReplay(state.value, hole, log, (drawn) =>
    k === drawn + 1 ? null : 'draw one card per request: the log holds a draw that was never requested',
  );
  if (!replayed.ok) return replayed;
  store.recordDraw(hole, log, now);
  return done(answer(k));
}

/**
 * Finishes the hole being played. The log must extend the recorded draw log, hold no draw that was not
 * answered, replay legally and leave the hole over. The same log sent again for a finished hole answers the
 * same result; any other log for it is refused. Checked in the order of {@link draw}, then ERR_HOLE_NOT_OVER.
 */
export function finish(store: AttemptStore, hole: number, log: string, now: number): Outcome<HoleResultView> {
  const state = loaded(store);
  if (!state.ok) return state;
  const recorded = state.value.holes[hole - 1]!;
  const result = (s: AttemptState, strokes: number): HoleResultView => ({
    hole,
    strokes,
    total: totalOf(s, hole),
    finished: hole === COURSE_HOLES,
  });
  if (recorded.strokes !== null && recorded.log === log) return done(result(state.value, recorded.strokes));
  const replayed = checkedReplay(state.value, hole, log, (drawn) =>
    countDraws(log) <= drawn ? null : `the log draws more cards than the ${drawn} you drew`,
  );
  if (!replayed.ok) return replayed;
  const score = scoreOf(replayed.value);
  if (!score.over)
    return fail('ERR_HOLE_NOT_OVER', `hole ${hole} is not over: a card can still be played or drawn`);
  store.recordFinish(hole, log, score.strokes, now);
  return done(result(store.read()!, score.strokes));
}

/** The ledger rows this attempt still owes D1, in the order they must be written (started before finished). */
export function pendingRows(state: AttemptState): {
  started: RoundStartRecord | null;
  finished: RoundFinishRecord | null;
} {
  const started = state.synced.started
    ? null
    : {
        date: state.date,
        playerId: state.playerId,
        startedAt: state.startedAt,
        addressHash: state.addressHash,
      };
  return { started, finished: state.synced.finished ? null : finishedRow(state) };
}

/** The ledger's finished row of an attempt, null until its last hole is finished. */
export function finishedRow(state: AttemptState): RoundFinishRecord | null {
  if (state.hole <= COURSE_HOLES) return null;
  return {
    date: state.date,
    playerId: state.playerId,
    finishedAt: state.holes[COURSE_HOLES - 1]!.finishedAt!,
    total: totalOf(state),
    strokes: state.holes.map((h) => h.strokes!),
    logs: state.holes.map((h) => h.log),
    holeTimes: state.holes.map((h) => h.finishedAt!),
    drawTimes: state.holes.map((h) => h.drawTimes),
  };
}

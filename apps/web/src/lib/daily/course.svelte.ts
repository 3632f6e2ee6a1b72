/**
 * The daily session: one ranked attempt at today's nine holes, through the API's fair-stock protocol.
 *
 * - The hole on the table is the shared `Hole` (log-based; undo replays a prefix) with `lockDraws` and a
 *   drawer that asks the API for each card.
 * - Column plays are local. A draw POSTs the hole's whole log ending in `d`; the answer is the card. On a
 *   network failure or a 5xx the same request is sent again with backoff (the server answers a repeated draw
 *   with the same card, so a draw is never lost or doubled); `busy` stays true meanwhile.
 * - Undo goes back to the last draw, never across it.
 * - When a hole is over its final log is POSTed; the hole then waits for `next()`.
 * - Resume rebuilds the position from `GET /attempt` (the recorded logs and drawn cards) plus the column plays
 *   since the last draw, autosaved on this device.
 * - A round not started yet (`DailyCourse.unstarted`: a newcomer, or a player with no attempt today) shows hole 1
 *   at once; its first move starts it (`begin`: the player is created if need be, then the attempt). Column plays
 *   go on meanwhile; a draw or a hole's finish waits for it.
 * The client never knows the stock: it plays the engine's `standInDeal`. The rules are the course's own (`rules`).
 */
import type { AttemptView, CourseView } from '@golf/api';
import {
  COURSE_HOLES,
  isOver,
  parseCard,
  parsePreset,
  planRun,
  replay,
  scoreOf,
  standInDeal,
  stockLeft,
  type Card,
  type Deal,
  type HoleScore,
  type Layout,
  type Position,
  type Rules,
} from '@golf/engine';
import { withRetry, type ApiFailure, type ApiResult, type GolfApi, type RetryOptions } from '../api.ts';
import { Hole } from '../game/hole.svelte.ts';
import { Persisted, type KeyValueStore } from '../persisted.svelte.ts';
import { layoutOf, parseCards } from './deal.ts';

export interface HoleRecord {
  readonly log: string;
  readonly drawn: readonly Card[];
  /** Null until the hole is over and recorded. */
  readonly strokes: number | null;
}

export type Phase = 'playing' | 'hole-done' | 'finished';

export interface DailyOptions {
  readonly api: GolfApi;
  /** Where the column plays since the last draw are autosaved (the browser's store by default). */
  readonly store?: KeyValueStore;
  /** Part of the autosave key, so two players on one device never share a save. */
  readonly playerId?: string;
  readonly retry?: RetryOptions;
  /**
   * For a round not started yet: starts it on the first move (creating the player when there is none) and answers
   * the attempt and whose it is. Not retried by itself (creating a player twice makes a stray player): a failure
   * stays in `failure` until `retry()` or the next move.
   */
  readonly begin?: () => Promise<ApiResult<Begun>>;
}

/** What starting a round answers: the attempt (fresh, or one another device started) and the player's id. */
export interface Begun {
  readonly attempt: AttemptView;
  readonly playerId: string;
}

/**
 * Starting a round: the moves on the table kept (`kept`), or replaced by an attempt another device had moved on
 * (`replaced`), or why it could not start.
 */
type StartOutcome = 'kept' | 'replaced' | ApiFailure;

interface SavedHole {
  readonly hole: number;
  readonly log: string;
}

function parseSavedHole(v: unknown): SavedHole | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const { hole, log } = v as Record<string, unknown>;
  return typeof hole === 'number' && typeof log === 'string' ? { hole, log } : undefined;
}

/** The server sent something that does not make sense (a course or card that does not parse). */
const badResponse = (message: string): ApiFailure => ({ status: 0, code: 'ERR_BAD_RESPONSE', message });

export class DailyCourse {
  readonly course: CourseView;
  readonly date: string;
  /** The course's rule set, from its `rules` field. */
  readonly rules: Rules;
  /** The hole on the table. */
  readonly table: Hole;

  /** One record per hole, 1..9 at index 0..8. */
  holes = $state.raw<readonly HoleRecord[]>([]);
  /** The hole on the table, 1..9. */
  hole = $state(1);
  phase = $state<Phase>('playing');
  total = $state<number | null>(null);
  /** A request failed and is being sent again. */
  reconnecting = $state(false);
  /** The last failure that stopped a request (cleared by the next success). */
  failure = $state.raw<ApiFailure | null>(null);
  /** What the hint points at: a column, the stock, or nothing. */
  hintColumn = $state<number | 'draw' | null>(null);
  /** A hole's final log, or a reload of the attempt, is in flight. */
  #sending = $state(false);
  /** How to start the round, until it is started (null once it is). */
  #begin = $state.raw<(() => Promise<ApiResult<Begun>>) | null>(null);
  #beginning: Promise<StartOutcome> | null = null;

  readonly #layouts: readonly Layout[];
  readonly #api: GolfApi;
  /** The column plays since the last draw, which only this device knows (kept once the round is started). */
  #saved: Persisted<SavedHole | null> | null = null;
  readonly #store: KeyValueStore | undefined;
  readonly #retry: RetryOptions;
  /** Why the drawer's last request failed (the `Hole` only sees an error message). */
  #drawFailure: ApiFailure | null = null;

  /** Each hole's score, replayed from its recorded log (null until the hole is recorded). */
  #scores: readonly (HoleScore | null)[] = $derived.by(() =>
    this.holes.map((h, i) => {
      if (h.strokes === null) return null;
      const deal = this.#dealFor(i + 1, h.drawn);
      const r = deal && replay(deal, this.rules, h.log);
      return r?.ok ? scoreOf(r.value) : null;
    }),
  );

  private constructor(course: CourseView, rules: Rules, layouts: readonly Layout[], options: DailyOptions) {
    this.course = course;
    this.date = course.date;
    this.rules = rules;
    this.#layouts = layouts;
    this.#api = options.api;
    this.#store = options.store;
    this.#begin = options.begin ?? null;
    if (this.#begin === null) this.#keep(options.playerId);
    this.#retry = {
      ...options.retry,
      onRetry: (f, n) => {
        this.reconnecting = true;
        options.retry?.onRetry?.(f, n);
      },
    };
    this.table = new Hole(this.#dealFor(1, [])!, rules, {
      lockDraws: true,
      drawer: (log) => this.#drawCard(log),
      onchange: (log) => this.#save(log),
    });
  }

  get log(): string {
    return this.table.log;
  }
  get deal(): Deal {
    return this.table.deal;
  }
  get position(): Position {
    return this.table.position;
  }
  get score(): HoleScore {
    return this.table.score;
  }
  get over(): boolean {
    return this.table.over;
  }
  get waste(): readonly Card[] {
    return this.table.waste;
  }
  /** The recorded holes' scores, 1..9 at index 0..8 (null while a hole is unrecorded). */
  get scores(): readonly (HoleScore | null)[] {
    return this.#scores;
  }
  /** The stock cards drawn on this hole, in draw order. */
  get drawn(): readonly Card[] {
    return this.table.deal.stock.slice(0, this.table.position.drawn);
  }
  /** Undo never goes below this log length: the length at the last draw. */
  get undoFloor(): number {
    return this.table.undoFloor;
  }
  /** A request is in flight: moves wait. */
  get busy(): boolean {
    return this.table.busy || this.#sending;
  }
  get canUndo(): boolean {
    return this.phase === 'playing' && !this.busy && this.table.canUndo;
  }
  /** The round is started (an attempt exists); false until the first move of an unstarted one has started it. */
  get started(): boolean {
    return this.#begin === null;
  }
  get canDraw(): boolean {
    return this.phase === 'playing' && !this.busy && !this.over && stockLeft(this.position) > 0;
  }

  /** Rebuilds the session from the server's record of the attempt (and this device's autosave). */
  static fromAttempt(
    course: CourseView,
    attempt: AttemptView,
    options: DailyOptions,
  ): DailyCourse | ApiFailure {
    const rules = parsePreset(course.rules);
    if (!rules.ok) return badResponse(rules.error.message);
    if (course.holes.length !== COURSE_HOLES) return badResponse('the course does not have nine holes');
    const layouts: Layout[] = [];
    for (const hole of course.holes) {
      const layout = layoutOf(hole);
      if (!layout.ok) return badResponse(layout.error.message);
      if (!standInDeal(layout.value, [], hole.stockSize).ok)
        return badResponse(`hole ${hole.hole} is not a deal of ${course.rules}`);
      layouts.push(layout.value);
    }
    const s = new DailyCourse(course, rules.value, layouts, options);
    const problem = s.#load(attempt);
    return problem ?? s;
  }

  /** Today's round before it is started: hole 1 on the table, started by `options.begin` on the first move. */
  static unstarted(
    course: CourseView,
    options: DailyOptions & { readonly begin: () => Promise<ApiResult<Begun>> },
  ): DailyCourse | ApiFailure {
    return DailyCourse.fromAttempt(
      course,
      { date: course.date, hole: 1, finished: false, total: null, holes: [] },
      options,
    );
  }

  /** Autosaves the column plays since the last draw under the player's key. */
  #keep(playerId: string | undefined): void {
    const key = `golf.daily.v1.${this.course.date}.${playerId ?? 'me'}`;
    this.#saved = new Persisted(key, null, parseSavedHole, this.#store);
  }

  /**
   * Starts the round if it is not started (else why not, kept in `failure`). Moves made meanwhile stay on the
   * table, unless the answer is an attempt that has moved on (another device), which then wins.
   */
  #ensureStarted(): Promise<StartOutcome> {
    const begin = this.#begin;
    if (begin === null) return Promise.resolve('kept');
    this.#beginning ??= (async () => {
      const res = await begin();
      this.#beginning = null;
      if (!res.ok) {
        this.failure = res.error;
        return res.error;
      }
      this.#begin = null;
      this.#keep(res.value.playerId);
      const a = res.value.attempt;
      const fresh = !a.finished && a.hole === 1 && a.holes.every((h) => h.log === '' && h.strokes === null);
      if (fresh) {
        this.failure = null;
        this.#save(this.log);
        return 'kept';
      }
      const problem = this.#load(a);
      this.failure = problem;
      return problem ?? 'replaced';
    })();
    return this.#beginning;
  }

  /** The deal of hole 1..9 as known after drawing `drawn`; null when the drawn cards do not fit the layout. */
  #dealFor(hole: number, drawn: readonly Card[]): Deal | null {
    const deal = standInDeal(this.#layouts[hole - 1]!, drawn, this.course.holes[hole - 1]!.stockSize);
    return deal.ok ? deal.value : null;
  }

  #load(attempt: AttemptView): ApiFailure | null {
    const holes: HoleRecord[] = [];
    for (let i = 0; i < COURSE_HOLES; i++) {
      const h = attempt.holes.find((x) => x.hole === i + 1);
      const drawn = parseCards(h?.drawn ?? []);
      if (!drawn.ok) return badResponse(drawn.error.message);
      if (!this.#dealFor(i + 1, drawn.value))
        return badResponse(`the cards drawn on hole ${i + 1} do not fit it`);
      holes.push({ log: h?.log ?? '', drawn: drawn.value, strokes: h?.strokes ?? null });
    }
    this.holes = holes;
    this.total = attempt.total;
    this.failure = null;
    this.hintColumn = null;
    if (attempt.finished || attempt.hole === null) {
      const last = holes[COURSE_HOLES - 1]!;
      this.hole = COURSE_HOLES;
      this.phase = 'finished';
      this.table.reset(this.#dealFor(COURSE_HOLES, last.drawn)!, this.rules, last.log, last.log.length);
      return null;
    }
    const record = holes[attempt.hole - 1]!;
    const deal = this.#dealFor(attempt.hole, record.drawn)!;
    if (!replay(deal, this.rules, record.log).ok)
      return badResponse(`the recorded log of hole ${attempt.hole} does not replay`);
    // Column plays since the last draw live only on this device: take them if they extend the record.
    const saved = this.#saved?.value;
    const log =
      saved &&
      saved.hole === attempt.hole &&
      saved.log.startsWith(record.log) &&
      !saved.log.slice(record.log.length).includes('d') &&
      replay(deal, this.rules, saved.log).ok
        ? saved.log
        : record.log;
    this.hole = attempt.hole;
    this.phase = 'playing';
    this.table.reset(deal, this.rules, log, record.log.length);
    return null;
  }

  #save(log: string): void {
    if (this.phase === 'playing' && this.#saved) this.#saved.value = { hole: this.hole, log };
  }

  /** The `Hole`'s drawer: one card from the API, retried through network trouble. */
  async #drawCard(log: string): Promise<Card> {
    this.#drawFailure = null;
    const res = await withRetry(() => this.#api.draw(this.date, this.hole, log), this.#retry);
    this.reconnecting = false;
    const card = res.ok ? parseCard(res.value.card) : null;
    if (card?.ok) return card.value;
    this.#drawFailure = res.ok ? badResponse(`the server sent "${res.value.card}", not a card`) : res.error;
    throw new Error(this.#drawFailure.message);
  }

  /** After a resume: submits a hole that is already over (a submit that never got through). */
  async settle(): Promise<void> {
    if (this.phase === 'playing' && this.over && !this.busy) await this.#submit();
  }

  /** Plays column 1..7 if its exposed card fits; false (and nothing changes) otherwise. */
  play(column: number): boolean {
    if (this.phase !== 'playing' || this.busy) return false;
    const next = this.table.play(column);
    if (!next.ok) return false;
    this.hintColumn = null;
    if (isOver(next.value)) void this.#submit();
    else void this.#ensureStarted();
    return true;
  }

  /** Draws through the API. Resolves to the card drawn, or null when nothing was drawn. */
  async draw(): Promise<Card | null> {
    if (!this.canDraw) return null;
    this.hintColumn = null;
    if (!this.started) {
      this.#sending = true;
      const outcome = await this.#ensureStarted();
      this.#sending = false;
      if (outcome !== 'kept' || !this.canDraw) return null;
    }
    const res = await this.table.draw();
    if (!res.ok) {
      if (this.#drawFailure) await this.#fail(this.#drawFailure);
      return null;
    }
    this.failure = null;
    if (this.over) await this.#submit();
    return res.value.top;
  }

  /** Takes back the last column play; never across a draw. */
  undo(): boolean {
    if (!this.canUndo) return false;
    this.hintColumn = null;
    return this.table.undo();
  }

  /**
   * The run planner's move (the engine's `planRun`, as in practice): the play starting the longest run through the
   * cards in sight, else the stock. It sees the layout and the drawn cards only, never a stand-in.
   */
  hint(): number | 'draw' | null {
    const plan = this.phase === 'playing' ? planRun(this.position) : null;
    this.hintColumn = plan === null ? null : plan.move.kind === 'draw' ? 'draw' : plan.move.column;
    return this.hintColumn;
  }

  /** Moves on from a recorded hole to the next one (or to the result after hole nine). */
  next(): boolean {
    if (this.phase !== 'hole-done' || this.busy) return false;
    const done = this.holes.every((h) => h.strokes !== null);
    if (done || this.hole >= COURSE_HOLES) {
      this.phase = 'finished';
      return true;
    }
    const record = this.holes[this.hole]!;
    this.hole += 1;
    this.phase = 'playing';
    this.hintColumn = null;
    this.table.reset(this.#dealFor(this.hole, record.drawn)!, this.rules, record.log, record.log.length);
    return true;
  }

  /** Sends again what failed (the draw, or the hole's final log). */
  async retry(): Promise<void> {
    if (this.phase !== 'playing' || this.busy) return;
    if (this.over) await this.#submit();
    else if (!this.started) {
      this.#sending = true;
      await this.#ensureStarted();
      this.#sending = false;
    } else await this.draw();
  }

  async #submit(): Promise<void> {
    if (!this.started) {
      this.#sending = true;
      const outcome = await this.#ensureStarted();
      this.#sending = false;
      // Not started, or started on an attempt that had moved on (now on the table instead).
      if (outcome !== 'kept' || this.phase !== 'playing' || !this.over) return;
    }
    const hole = this.hole;
    const log = this.log;
    const drawn = this.drawn;
    this.#sending = true;
    const res = await withRetry(() => this.#api.finishHole(this.date, hole, log), this.#retry);
    this.reconnecting = false;
    this.#sending = false;
    if (!res.ok) {
      await this.#fail(res.error);
      return;
    }
    this.failure = null;
    this.holes = this.holes.map((h, i) => (i === hole - 1 ? { log, drawn, strokes: res.value.strokes } : h));
    this.total = res.value.total;
    this.phase = 'hole-done';
    this.#saved?.clear();
  }

  /** A refused request: the server's record wins. Reload it (another device may have moved on). */
  async #fail(f: ApiFailure): Promise<void> {
    this.failure = f;
    if (f.status === 0 || f.status >= 500 || f.status === 401) return;
    this.#sending = true;
    const fresh = await withRetry(() => this.#api.attempt(this.date), this.#retry);
    this.reconnecting = false;
    this.#sending = false;
    if (fresh.ok) {
      const problem = this.#load(fresh.value);
      this.failure = problem ?? f;
    }
  }
}

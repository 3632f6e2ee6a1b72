/**
 * The Today page's flow: today's course, then the player (a name prompt on the first visit), then their ranked
 * attempt (started, resumed, or finished), hole by hole through a `DailyCourse`, and the result with the standings
 * and the share text. Moves are said to screen readers here; the page keeps the markup, the keyboard and focus.
 *
 * The standings are fetched by an effect once the round is finished, so create it where effects may live (a
 * component's script, or `$effect.root` in a test).
 */
import type { AttemptView, CourseView, StandingsView } from '@golf/api';
import { COURSE_HOLES, PAR_PER_HOLE, exposed, stockLeft, type Card } from '@golf/engine';
import type { ApiFailure, GolfApi, RetryOptions } from '../api.ts';
import type { Identity } from '../api-player.svelte.ts';
import { announce } from '../components/announcer.svelte.ts';
import { cardName } from '../format.ts';
import type { KeyValueStore } from '../persisted.svelte.ts';
import { leagueDayUrl } from '../players/leagues.svelte.ts';
import { DailyCourse } from './course.svelte.ts';
import { shareText } from './share.ts';

/** What the page shows: a wait, the name prompt, the start button, the course (or its result), or a failure. */
export type TodayView = 'loading' | 'name' | 'ready' | 'course' | 'error';

export interface TodayOptions {
  readonly api: GolfApi;
  readonly identity: Identity;
  /** Where the daily's unsent plays are autosaved (the browser's store by default). */
  readonly store?: KeyValueStore;
  readonly retry?: RetryOptions;
  readonly announce?: (text: string) => void;
  /** Where the course is played, for the share text (the page's origin). */
  readonly origin?: string;
}

export class Today {
  #view = $state<TodayView>('loading');
  #course = $state.raw<CourseView | null>(null);
  #session = $state.raw<DailyCourse | null>(null);
  #failure = $state.raw<ApiFailure | null>(null);
  #standings = $state.raw<StandingsView | null>(null);
  #starting = $state(false);
  #shareLeague = $state<string | null>(null);
  readonly #options: TodayOptions;
  readonly #announce: (text: string) => void;

  constructor(options: TodayOptions) {
    this.#options = options;
    this.#announce = options.announce ?? announce;
    // The result: the standings (with the token, for our rank) once the round is finished.
    $effect(() => {
      const session = this.#session;
      if (session?.phase !== 'finished') return;
      let live = true;
      void options.api.standings(session.date, { limit: 1 }).then((r) => {
        if (live && r.ok) this.#standings = r.value;
      });
      return () => {
        live = false;
      };
    });
  }

  get view(): TodayView {
    return this.#view;
  }
  get course(): CourseView | null {
    return this.#course;
  }
  /** The attempt being played (or finished), once opened. */
  get session(): DailyCourse | null {
    return this.#session;
  }
  /** Why the page could not go on (view `error`). */
  get failure(): ApiFailure | null {
    return this.#failure;
  }
  /** Today's standings, once the round is finished. */
  get standings(): StandingsView | null {
    return this.#standings;
  }
  /** The attempt is being started. */
  get starting(): boolean {
    return this.#starting;
  }
  /** The strokes of the hole just finished (null while it is in play). */
  get lastStrokes(): number | null {
    const s = this.#session;
    return s ? (s.holes[s.hole - 1]?.strokes ?? null) : null;
  }
  /** A league whose day standings the share text links to, or null for the site. */
  get shareLeague(): string | null {
    return this.#shareLeague;
  }
  set shareLeague(id: string | null) {
    this.#shareLeague = id;
  }
  /** The result to share: the total, the rank once known, one emoji a hole, never a card. */
  get share(): string {
    const s = this.#session;
    if (!s || s.total === null) return '';
    const origin = this.#options.origin;
    const league = this.#shareLeague;
    return shareText({
      date: s.date,
      holes: s.holes.map((h) => h.strokes ?? 0),
      total: s.total,
      rank: this.#standings?.me?.rank ?? null,
      players: this.#standings?.players ?? null,
      url: origin !== undefined && league !== null ? leagueDayUrl(origin, league, s.date) : origin,
    });
  }

  /** Today's course, then the player's attempt: what the page shows first. */
  async load(): Promise<void> {
    const { api, identity } = this.#options;
    this.#view = 'loading';
    this.#failure = null;
    const c = await api.course();
    if (!c.ok) return this.#fail(c.error);
    this.#course = c.value;
    if (!identity.player) {
      this.#view = 'name';
      return;
    }
    const a = await api.attempt(c.value.date);
    if (a.ok) this.#open(c.value, a.value);
    else if (a.error.code === 'ERR_NO_ATTEMPT' || a.error.status === 404) this.#view = 'ready';
    else if (a.error.status === 401) {
      identity.forget();
      this.#view = 'name';
    } else this.#fail(a.error);
  }

  /** Starts today's attempt (or resumes it, when another device started it). */
  async start(): Promise<void> {
    const course = this.#course;
    if (!course || this.#starting) return;
    this.#starting = true;
    const a = await this.#options.api.startAttempt(course.date);
    this.#starting = false;
    if (!a.ok && a.error.code === 'ERR_NAME_HIDDEN') {
      // A hidden name waits for a new one (the notice above the page asks for it); the page stays ready.
      this.#options.identity.nameHidden = true;
      this.#announce('Choose a new name before your next ranked round.');
      return;
    }
    if (!a.ok) return this.#fail(a.error);
    this.#open(course, a.value);
    this.#announce(`Hole ${this.#session?.hole ?? 1} of ${COURSE_HOLES}. Par ${PAR_PER_HOLE}.`);
  }

  play(column: number): void {
    const s = this.#session;
    if (!s) return;
    const card = exposed(s.position, column);
    if (s.play(column) && card !== null)
      this.#announce(`Played ${cardName(card)}.${s.over ? ' The hole is over.' : ''}`);
  }

  async draw(): Promise<Card | null> {
    const s = this.#session;
    if (!s) return null;
    const card = await s.draw();
    if (card !== null) this.#announce(`Drew ${cardName(card)}. ${stockLeft(s.position)} left in the stock.`);
    else if (s.failure) this.#announce(`The draw failed: ${s.failure.message}`);
    return card;
  }

  /** On from a finished hole to the next, or to the result. */
  next(): void {
    const s = this.#session;
    if (!s || !s.next()) return;
    if (s.phase === 'playing') this.#announce(`Hole ${s.hole} of ${COURSE_HOLES}. Par ${PAR_PER_HOLE}.`);
    else this.#announce(`Round over: ${s.total ?? ''} strokes.`);
  }

  hint(): void {
    const col = this.#session?.hint() ?? null;
    this.#announce(
      col === 'draw' ? 'Nothing plays: draw a card.' : col === null ? 'No hint now.' : `Try column ${col}.`,
    );
  }

  undo(): void {
    if (this.#session?.undo()) this.#announce('Took back the last play.');
  }

  #open(course: CourseView, attempt: AttemptView): void {
    const { api, identity, store, retry } = this.#options;
    const s = DailyCourse.fromAttempt(course, attempt, { api, store, retry, playerId: identity.player?.id });
    if (!(s instanceof DailyCourse)) return this.#fail(s);
    this.#session = s;
    this.#view = 'course';
    void s.settle();
  }

  #fail(failure: ApiFailure): void {
    this.#failure = failure;
    this.#view = 'error';
  }
}

/**
 * The Today page's flow: today's course (the one the page arrived with, else `GET /api/daily`), then the round:
 * a newcomer's (or a player's with no attempt today) is on the table at once and starts on the first move, which
 * creates the player first when there is none (named its stand-in until they choose a name); a started one is
 * resumed, a finished one shows its result with the standings and the share text. Hole by hole through a
 * `DailyCourse`. Moves are said to screen readers here; the page keeps the markup, the keyboard and focus.
 *
 * The standings are fetched by an effect once the round is finished, so create it where effects may live (a
 * component's script, or `$effect.root` in a test).
 */
import { m } from '../i18n/index.ts';
import type { AttemptView, CourseView, StandingsView } from '@golf/api';
import { COURSE_HOLES, PAR_PER_HOLE, exposed, ok, stockLeft, type Card } from '@golf/engine';
import type { ApiFailure, ApiResult, GolfApi, RetryOptions } from '../api.ts';
import type { Identity } from '../api-player.svelte.ts';
import { announce } from '../components/announcer.svelte.ts';
import { cardName, errorText, strokesText } from '../format.ts';
import type { KeyValueStore } from '../persisted.svelte.ts';
import { leagueDayUrl } from '../players/leagues.svelte.ts';
import { DailyCourse, type Begun } from './course.svelte.ts';
import { shareText } from './share.ts';

/** What the page shows: a wait (for the course, or a returning player's round), the course (or its result), or a failure. */
export type TodayView = 'loading' | 'course' | 'error';

export interface TodayOptions {
  readonly api: GolfApi;
  readonly identity: Identity;
  /** Where the daily's unsent plays are autosaved (the browser's store by default). */
  readonly store?: KeyValueStore;
  readonly retry?: RetryOptions;
  readonly announce?: (text: string) => void;
  /** Where the course is played, for the share text (the page's origin). */
  readonly origin?: string;
  /** Today's course as the page arrived with it (`GET /api/daily`'s answer), so none is fetched. */
  readonly course?: CourseView | null;
}

export class Today {
  #view = $state<TodayView>('loading');
  #course = $state.raw<CourseView | null>(null);
  #session = $state.raw<DailyCourse | null>(null);
  #failure = $state.raw<ApiFailure | null>(null);
  #standings = $state.raw<StandingsView | null>(null);
  /** A move was asked for on this page (the welcome gives way at once, not when the round has started). */
  #moved = $state(false);
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
  /** The round on the table is not started and nothing was played yet: the page welcomes the player. */
  get welcome(): boolean {
    return this.#session !== null && !this.#session.started && !this.#moved;
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

  /**
   * Today's course, then the round: on the table at once for a newcomer (started by the first move); a returning
   * player's is looked up first (resumed, finished, or none yet today).
   */
  async load(): Promise<void> {
    const { api, identity } = this.#options;
    const given = this.#course ?? this.#options.course ?? null;
    this.#view = 'loading';
    this.#failure = null;
    let course: CourseView;
    if (given) course = given;
    else {
      const c = await api.course();
      if (!c.ok) return this.#fail(c.error);
      course = c.value;
    }
    this.#course = course;
    if (!identity.player) return this.#openUnstarted(course);
    const a = await api.attempt(course.date);
    if (a.ok) this.#open(course, a.value);
    else if (a.error.code === 'ERR_NO_ATTEMPT' || a.error.status === 404) this.#openUnstarted(course);
    else if (a.error.status === 401) {
      // This device's token no longer works (signed out everywhere): a new player on the first move.
      identity.forget();
      this.#openUnstarted(course);
    } else this.#fail(a.error);
  }

  play(column: number): void {
    const s = this.#session;
    if (!s) return;
    this.#moved = true;
    const card = exposed(s.position, column);
    if (s.play(column) && card !== null)
      this.#announce((s.over ? m.say_today_played_over : m.say_today_played)({ card: cardName(card) }));
  }

  async draw(): Promise<Card | null> {
    const s = this.#session;
    if (!s) return null;
    this.#moved = true;
    const card = await s.draw();
    if (card !== null) this.#announce(m.say_drew({ card: cardName(card), n: stockLeft(s.position) }));
    else if (s.failure) this.#announce(m.say_draw_failed({ reason: errorText(s.failure) }));
    return card;
  }

  /** On from a finished hole to the next, or to the result. */
  next(): void {
    const s = this.#session;
    if (!s || !s.next()) return;
    if (s.phase === 'playing')
      this.#announce(m.say_today_hole({ hole: s.hole, holes: COURSE_HOLES, par: PAR_PER_HOLE }));
    else this.#announce(m.say_round_over({ strokes: strokesText(s.total ?? 0) }));
  }

  hint(): void {
    const col = this.#session?.hint() ?? null;
    this.#announce(
      col === 'draw'
        ? m.say_nothing_plays()
        : col === null
          ? m.say_no_hint()
          : m.say_try_column({ column: col }),
    );
  }

  undo(): void {
    if (this.#session?.undo()) this.#announce(m.say_took_back());
  }

  #open(course: CourseView, attempt: AttemptView): void {
    const { api, identity, store, retry } = this.#options;
    const s = DailyCourse.fromAttempt(course, attempt, { api, store, retry, playerId: identity.player?.id });
    if (!(s instanceof DailyCourse)) return this.#fail(s);
    this.#session = s;
    this.#view = 'course';
    void s.settle();
  }

  /** Hole 1 on the table, the round started by the first move. */
  #openUnstarted(course: CourseView): void {
    const { api, store, retry } = this.#options;
    const s = DailyCourse.unstarted(course, { api, store, retry, begin: () => this.#begin(course.date) });
    if (!(s instanceof DailyCourse)) return this.#fail(s);
    this.#session = s;
    this.#view = 'course';
  }

  /** Starts today's attempt (resumed if another device started it), creating the player first when there is none. */
  async #begin(date: string): Promise<ApiResult<Begun>> {
    const { api, identity } = this.#options;
    if (!identity.player) {
      const created = await identity.create(api);
      if (!created.ok) return created;
    }
    const a = await api.startAttempt(date);
    if (!a.ok) {
      if (a.error.status === 401) identity.forget();
      if (a.error.code === 'ERR_NAME_HIDDEN') {
        // A hidden name waits for a new one (the notice above the page asks for it).
        identity.nameHidden = true;
        this.#announce('Choose a new name before your next ranked round.');
      }
      return a;
    }
    return ok({ attempt: a.value, playerId: identity.player?.id ?? '' });
  }

  #fail(failure: ApiFailure): void {
    this.#failure = failure;
    this.#view = 'error';
  }
}

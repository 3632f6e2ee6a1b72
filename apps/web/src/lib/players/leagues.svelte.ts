/** The leagues pages: my leagues (create, join, leave) and one league's board (a day's standings, a season). */
import type { LeagueView, MyLeague, SeasonView, StandingsView } from '@golf/api';
import type { ApiFailure, GolfApi } from '../api.ts';

/** The invite link of a league: opens the join page. */
export const inviteUrl = (origin: string, code: string): string => `${origin}/join/${code}`;

/** The day's standings of a league: what the share text links to. */
export const leagueDayUrl = (origin: string, id: string, date: string): string =>
  `${origin}/leagues/${encodeURIComponent(id)}?date=${date}`;

export class MyLeagues {
  leagues = $state.raw<MyLeague[] | null>(null);
  failure = $state.raw<ApiFailure | null>(null);
  busy = $state(false);

  readonly #api: GolfApi;

  constructor(api: GolfApi) {
    this.#api = api;
  }

  async load(): Promise<void> {
    const res = await this.#api.myLeagues();
    this.leagues = res.ok ? res.value.leagues : null;
    this.failure = res.ok ? null : res.error;
  }

  async #change<T>(
    run: () => Promise<{ ok: true; value: T } | { ok: false; error: ApiFailure }>,
  ): Promise<T | null> {
    if (this.busy) return null;
    this.busy = true;
    this.failure = null;
    const res = await run();
    this.busy = false;
    if (!res.ok) {
      this.failure = res.error;
      return null;
    }
    await this.load();
    return res.value;
  }

  create(name: string) {
    return this.#change(() => this.#api.createLeague(name));
  }

  join(code: string) {
    return this.#change(() => this.#api.joinLeague(code));
  }

  leave(id: string) {
    return this.#change(() => this.#api.leaveLeague(id));
  }
}

export class LeagueBoard {
  league = $state.raw<LeagueView | null>(null);
  standings = $state.raw<StandingsView | null>(null);
  season = $state.raw<SeasonView | null>(null);
  failure = $state.raw<ApiFailure | null>(null);

  readonly #api: GolfApi;
  readonly id: string;

  constructor(api: GolfApi, id: string) {
    this.#api = api;
    this.id = id;
  }

  async loadLeague(): Promise<void> {
    const res = await this.#api.league(this.id);
    this.league = res.ok ? res.value : null;
    this.failure = res.ok ? null : res.error;
  }

  /** Renames the league (its creator only): the board shows the new name, or `failure` says why not. */
  async rename(name: string): Promise<ApiFailure | null> {
    const res = await this.#api.renameLeague(this.id, name);
    if (!res.ok) return res.error;
    this.league = res.value;
    return null;
  }

  async loadDay(date: string): Promise<void> {
    const res = await this.#api.leagueStandings(this.id, date);
    this.standings = res.ok ? res.value : null;
    if (!res.ok) this.failure = res.error;
  }

  async loadSeason(period: 'week' | 'month', date: string): Promise<void> {
    const res = await this.#api.leagueSeason(this.id, period, date);
    this.season = res.ok ? res.value : null;
    if (!res.ok) this.failure = res.error;
  }
}

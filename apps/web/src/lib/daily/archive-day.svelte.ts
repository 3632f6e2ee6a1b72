/**
 * A closed day in the archive: its nine holes with their public stocks, a line to replay on the chosen hole
 * (perfect play, or a ranked player's verified round, fetched the first time it is chosen) in a `LogPlayer`, and
 * a practice game on any hole. The page keeps the markup and the keys.
 *
 * It follows its day (the page's `load` data) and the chosen hole and line by itself (effects), so create it where
 * effects may live (a component's script, or `$effect.root` in a test).
 */
import { parsePreset, type Deal, type Rules } from '@golf/engine';
import type { ApiResult } from '../api.ts';
import type { ApiFailure, Course, CourseHole, Replay, StandingsEntry } from '../api-types.ts';
import { Hole } from '../game/hole.svelte.ts';
import { LogPlayer } from '../game/log-player.svelte.ts';
import { fullDeal } from './deal.ts';

/** The line of perfect play (any other line is a player id). */
export const PERFECT = 'perfect';

/** What the page's `load` gives: the day's course, its ranked rounds, and a player the URL names. */
export interface ArchiveData {
  readonly date: string;
  readonly course: ApiResult<Course>;
  readonly players: readonly StandingsEntry[];
  readonly wanted: string | null;
}

export interface ReplaySource {
  replay(date: string, playerId: string): Promise<ApiResult<Replay>>;
}

export class ArchiveDay {
  /** The chosen line on the chosen hole, move by move. */
  readonly player = new LogPlayer();
  readonly #data: () => ArchiveData;
  readonly #api: ReplaySource;

  #holeNo = $state(1);
  /** A line chosen on the page, for the data it was chosen on (new data brings its own default). */
  #chosen = $state.raw<{ readonly for: ArchiveData; readonly line: string } | null>(null);
  /** Verified rounds fetched so far, by `date/player`. */
  #replays = $state.raw<Readonly<Record<string, Replay>>>({});
  /** Practising a hole: a fresh game on its full deal, for that day and hole only. */
  #practising = $state.raw<{ readonly key: string; readonly hole: Hole } | null>(null);

  #course: Course | null = $derived.by(() => {
    const c = this.#data().course;
    return c.ok ? c.value : null;
  });
  #rules: Rules | null = $derived.by(() => {
    const r = this.#course ? parsePreset(this.#course.rules) : null;
    return r?.ok ? r.value : null;
  });
  #hole: CourseHole | null = $derived(this.#course?.holes[this.#holeNo - 1] ?? null);
  #deal: Deal | null = $derived.by(() => {
    const d = this.#hole && fullDeal(this.#hole);
    return d?.ok ? d.value : null;
  });

  constructor(data: () => ArchiveData, api: ReplaySource) {
    this.#data = data;
    this.#api = api;
    // The line on the table: a new day, hole or line starts its replay from the beginning.
    $effect(() => {
      const deal = this.#deal;
      const rules = this.#rules;
      if (deal && rules) this.player.load(deal, rules, this.log);
      else this.player.close();
    });
    // A player's verified logs, fetched the first time their line is chosen.
    $effect(() => {
      const { date, line } = this;
      const key = `${date}/${line}`;
      if (line === PERFECT || this.#replays[key] || !this.#course?.closed) return;
      void this.#api.replay(date, line).then((r) => {
        if (r.ok) this.#replays = { ...this.#replays, [key]: r.value };
      });
    });
    $effect(() => () => this.player.close());
  }

  get date(): string {
    return this.#data().date;
  }
  get course(): Course | null {
    return this.#course;
  }
  get failure(): ApiFailure | null {
    const c = this.#data().course;
    return c.ok ? null : c.error;
  }
  /** The day's ranked rounds (the first hundred). */
  get players(): readonly StandingsEntry[] {
    return this.#data().players;
  }
  /** The chosen hole, 1..9. */
  get holeNo(): number {
    return this.#holeNo;
  }
  set holeNo(n: number) {
    this.#holeNo = n;
  }
  get hole(): CourseHole | null {
    return this.#hole;
  }
  /** The hole's full deal (null when the stock is not public). */
  get deal(): Deal | null {
    return this.#deal;
  }
  /** Whose line: chosen on the page, else the player the URL names when they have a ranked round, else perfect play. */
  get line(): string {
    const data = this.#data();
    if (this.#chosen?.for === data) return this.#chosen.line;
    return data.wanted && data.players.some((p) => p.playerId === data.wanted) ? data.wanted : PERFECT;
  }
  set line(line: string) {
    this.#chosen = { for: this.#data(), line };
  }
  /** "Perfect play", or the player's name. */
  get lineName(): string {
    const line = this.line;
    return line === PERFECT ? 'Perfect play' : (this.players.find((p) => p.playerId === line)?.name ?? '');
  }
  /** The chosen player's verified round, once fetched (null for perfect play). */
  get replayed(): Replay | null {
    return this.line === PERFECT ? null : (this.#replays[`${this.date}/${this.line}`] ?? null);
  }
  /** The chosen line's log on the chosen hole ('' until it is known). */
  get log(): string {
    if (this.line === PERFECT) return this.#hole?.perfect?.log ?? '';
    return this.replayed?.holes.find((h) => h.hole === this.#holeNo)?.log ?? '';
  }
  /** The practice game on the chosen hole, if one was started there. */
  get practice(): Hole | null {
    const p = this.#practising;
    return p && p.key === `${this.date}/${this.#holeNo}` ? p.hole : null;
  }

  /** Starts a practice game on the chosen hole's full deal (the replay pauses). */
  startPractice(): boolean {
    const deal = this.#deal;
    const rules = this.#rules;
    if (!deal || !rules) return false;
    this.player.pause();
    this.#practising = { key: `${this.date}/${this.#holeNo}`, hole: new Hole(deal, rules) };
    return true;
  }

  /** Back to the replay. */
  stopPractice(): void {
    this.#practising = null;
  }
}

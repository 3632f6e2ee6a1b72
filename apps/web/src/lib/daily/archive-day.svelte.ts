/**
 * A closed day in the archive: its nine holes with their public stocks, a line to replay on the chosen hole
 * (perfect play, or a player's verified round, ranked or under review, fetched the first time it is chosen) in a
 * `LogPlayer`, that round's fair-play audit beside it (its verdict in plain words, and the telling moves of the
 * chosen hole, each a step of the replay), and a practice game on any hole. The page keeps the markup and the keys.
 *
 * It follows its day (the page's `load` data) and the chosen hole and line by itself (effects), so create it where
 * effects may live (a component's script, or `$effect.root` in a test).
 */
import type {
  AuditProgress,
  AuditVerdict,
  CourseView,
  HoleView,
  ReplayView,
  ReviewRound,
  RoundAuditView,
  StandingEntry,
} from '@golf/api';
import { parsePreset, type Deal, type Rules } from '@golf/engine';
import type { ApiFailure, ApiResult } from '../api.ts';
import {
  auditProgressText,
  countText,
  errorText,
  moveTarget,
  moveText,
  tellingReasonText,
  tellingText,
  verdictText,
  withCardText,
} from '../format.ts';
import { m } from '../i18n/index.ts';
import { shownName } from '../names.ts';
import { Hole } from '../game/hole.svelte.ts';
import { LogPlayer } from '../game/log-player.svelte.ts';
import { fullDeal } from './deal.ts';

/** The line of perfect play (any other line is a player id). */
export const PERFECT = 'perfect';

/** What the page's `load` gives: the day's course, its ranked rounds and those under review, and a player the URL names. */
export interface ArchiveData {
  readonly date: string;
  readonly course: ApiResult<CourseView>;
  readonly players: readonly StandingEntry[];
  /** Rounds the fair-play audit put under review: out of the ranking, still replayed with their audit. */
  readonly review: readonly ReviewRound[];
  readonly wanted: string | null;
}

export interface ArchiveSource {
  replay(date: string, playerId: string): Promise<ApiResult<ReplayView>>;
  audit(date: string, playerId: string): Promise<ApiResult<RoundAuditView>>;
}

/**
 * Where the chosen round's audit stands: `none` (perfect play has none), `loading`, `failed`, `pending` (the day's
 * audit has not reached it yet), `clean`, or `review` (flagged: under review).
 */
export type AuditStatus = 'none' | 'loading' | 'failed' | 'pending' | 'clean' | 'review';

/** A telling move of the chosen hole, as a step of its replay. */
export interface TellingStep {
  /** The move's 0-based index in the hole's log: the replay shows the board before it (`step === at`). */
  readonly at: number;
  /** The move in words: "a draw", "7♥ from column 3". */
  readonly move: string;
  /** "Move 15: a draw" (1-based, as the replay counts). */
  readonly label: string;
  /** Why the move tells, in plain words, with cards as the table shows them. */
  readonly why: string;
  /** Where the move is on the table: its column, or the stock. */
  readonly target: number | 'draw';
}

export class ArchiveDay {
  /** The chosen line on the chosen hole, move by move. */
  readonly player = new LogPlayer();
  readonly #data: () => ArchiveData;
  readonly #api: ArchiveSource;

  #holeNo = $state(1);
  /** A line chosen on the page, for the data it was chosen on (new data brings its own default). */
  #chosen = $state.raw<{ readonly for: ArchiveData; readonly line: string } | null>(null);
  /** Verified rounds fetched so far, by `date/player`. */
  #replays = $state.raw<Readonly<Record<string, ReplayView>>>({});
  /** Audits fetched so far, by `date/player`: the answer, or why there is none. */
  #audits = $state.raw<Readonly<Record<string, ApiResult<RoundAuditView>>>>({});
  /** Audit requests in flight, by `date/player` (bookkeeping only: nothing renders from it, so not reactive). */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  readonly #auditing = new Set<string>();
  /** Practising a hole: a fresh game on its full deal, for that day and hole only. */
  #practising = $state.raw<{ readonly key: string; readonly hole: Hole } | null>(null);

  #course: CourseView | null = $derived.by(() => {
    const c = this.#data().course;
    return c.ok ? c.value : null;
  });
  #rules: Rules | null = $derived.by(() => {
    const r = this.#course ? parsePreset(this.#course.rules) : null;
    return r?.ok ? r.value : null;
  });
  #hole: HoleView | null = $derived(this.#course?.holes[this.#holeNo - 1] ?? null);
  #deal: Deal | null = $derived.by(() => {
    const d = this.#hole && fullDeal(this.#hole);
    return d?.ok ? d.value : null;
  });

  /** The chosen round's audit answer (null for perfect play, and until it lands). */
  #auditAnswer: ApiResult<RoundAuditView> | null = $derived(
    this.line === PERFECT ? null : (this.#audits[`${this.date}/${this.line}`] ?? null),
  );
  #tellingSteps: readonly TellingStep[] = $derived.by(() => {
    const audit = this.audit;
    const deal = this.#deal;
    const rules = this.#rules;
    const log = this.log;
    if (!audit || !deal || !rules) return [];
    const hole = audit.holes.find((h) => h.hole === this.#holeNo);
    // The API lists them as the audit found them; the page steps through them in play order.
    return [...(hole?.telling ?? [])]
      .filter((t) => t.at >= 0 && t.at < log.length)
      .sort((a, b) => a.at - b.at)
      .map((t) => {
        const move = moveText(deal, rules, log, t.at);
        return {
          at: t.at,
          move,
          label: m.archive_move_label({ n: countText(t.at + 1), move }),
          why: t.reason !== undefined ? tellingReasonText(t.reason) : withCardText(t.why ?? ''),
          // A telling move is a move of the log, so it always decodes.
          target: moveTarget(log[t.at]) ?? 'draw',
        };
      });
  });

  constructor(data: () => ArchiveData, api: ArchiveSource) {
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
    // The chosen round's audit, fetched with its replay.
    $effect(() => {
      const { date, line } = this;
      if (line === PERFECT || `${date}/${line}` in this.#audits || !this.#course?.closed) return;
      this.#fetchAudit(date, line);
    });
    $effect(() => () => this.player.close());
  }

  #fetchAudit(date: string, line: string): void {
    const key = `${date}/${line}`;
    if (this.#auditing.has(key)) return;
    this.#auditing.add(key);
    void this.#api.audit(date, line).then((r) => {
      this.#auditing.delete(key);
      this.#audits = { ...this.#audits, [key]: r };
    });
  }

  get date(): string {
    return this.#data().date;
  }
  get course(): CourseView | null {
    return this.#course;
  }
  get failure(): ApiFailure | null {
    const c = this.#data().course;
    return c.ok ? null : c.error;
  }
  /** The day's ranked rounds (the first hundred). */
  get players(): readonly StandingEntry[] {
    return this.#data().players;
  }
  /** The chosen hole, 1..9. */
  get holeNo(): number {
    return this.#holeNo;
  }
  set holeNo(n: number) {
    this.#holeNo = n;
  }
  get hole(): HoleView | null {
    return this.#hole;
  }
  /** The hole's full deal (null when the stock is not public). */
  get deal(): Deal | null {
    return this.#deal;
  }
  /** The day's rounds under review (not ranked). */
  get review(): readonly ReviewRound[] {
    return this.#data().review;
  }
  /**
   * Whose line: chosen on the page, else the player the URL names when they have a round that day (ranked or under
   * review), else perfect play.
   */
  get line(): string {
    const data = this.#data();
    if (this.#chosen?.for === data) return this.#chosen.line;
    const wanted = data.wanted;
    const known = wanted !== null && [...data.players, ...data.review].some((p) => p.playerId === wanted);
    return known ? wanted : PERFECT;
  }
  set line(line: string) {
    this.#chosen = { for: this.#data(), line };
  }
  /** "Perfect play", or the player's name. */
  get lineName(): string {
    const p = this.linePlayer;
    return this.line === PERFECT ? m.archive_perfect_play() : p ? shownName(p.name, p.standIn) : '';
  }
  /** The chosen player, with their name as shown (a stand-in where hidden); null for perfect play. */
  get linePlayer(): Pick<StandingEntry, 'playerId' | 'name' | 'standIn'> | null {
    const line = this.line;
    if (line === PERFECT) return null;
    const found = [...this.players, ...this.review].find((p) => p.playerId === line);
    return found ? { playerId: found.playerId, name: found.name, standIn: found.standIn } : null;
  }
  /** The chosen player's verified round, once fetched (null for perfect play). */
  get replayed(): ReplayView | null {
    return this.line === PERFECT ? null : (this.#replays[`${this.date}/${this.line}`] ?? null);
  }
  /** The chosen line's log on the chosen hole ('' until it is known). */
  get log(): string {
    if (this.line === PERFECT) return this.#hole?.perfect?.log ?? '';
    return this.replayed?.holes.find((h) => h.hole === this.#holeNo)?.log ?? '';
  }
  /** The chosen round's audit, once fetched (null for perfect play, while loading, or when it failed). */
  get audit(): RoundAuditView | null {
    const a = this.#auditAnswer;
    return a?.ok ? a.value : null;
  }
  get auditStatus(): AuditStatus {
    const a = this.#auditAnswer;
    if (this.line === PERFECT) return 'none';
    if (a === null) return 'loading';
    if (!a.ok) return 'failed';
    if (a.value.verdict === null) return 'pending';
    return a.value.verdict.flagged ? 'review' : 'clean';
  }
  /** The verdict of a round whose audit is done. */
  get verdict(): AuditVerdict | null {
    return this.audit?.verdict ?? null;
  }
  /** The day's audit progress, as the chosen round's audit reports it. */
  get auditProgress(): AuditProgress | null {
    return this.audit?.day ?? null;
  }
  /** The chosen round's audit in plain words (empty for perfect play). */
  get auditSummary(): string {
    const a = this.#auditAnswer;
    switch (this.auditStatus) {
      case 'none':
        return '';
      case 'loading':
        return m.archive_audit_loading();
      case 'failed':
        return m.archive_audit_failed({
          error: errorText(a && !a.ok ? a.error : { code: 'ERR_BAD_RESPONSE' }),
        });
      case 'pending':
        return m.archive_audit_pending({ progress: auditProgressText(this.auditProgress) });
      default: {
        const v = this.verdict!;
        return m.archive_audit_done({
          verdict: verdictText(v),
          telling: tellingText(v.telling, v.decisions),
        });
      }
    }
  }
  /** The telling moves of the chosen hole, in log order (none until the round's log and audit are both here). */
  get telling(): readonly TellingStep[] {
    return this.#tellingSteps;
  }
  /** Holes of the round with telling moves, and how many each. */
  get tellingHoles(): readonly { readonly hole: number; readonly count: number }[] {
    return (this.audit?.holes ?? [])
      .filter((h) => h.telling.length > 0)
      .map((h) => ({ hole: h.hole, count: h.telling.length }));
  }
  /** The telling move the replay stands just before, if any (the page highlights it on the table). */
  get shownTelling(): TellingStep | null {
    const step = this.player.step;
    return this.player.log === this.log ? (this.#tellingSteps.find((t) => t.at === step) ?? null) : null;
  }

  /**
   * Steps the replay to the board just before the telling move at `at` (paused): the position the player chose
   * from. Answers what to announce, or null when the move is not one of this hole's telling moves.
   */
  showTelling(at: number): string | null {
    const t = this.#tellingSteps.find((s) => s.at === at);
    if (!t || this.player.log !== this.log) return null;
    this.player.pause();
    this.player.seek(at);
    return m.archive_board_before({ n: countText(at + 1), move: t.move });
  }

  /** Asks for the chosen round's audit again (a pending audit moves on as the day's audit runs). */
  refreshAudit(): void {
    if (this.line !== PERFECT && this.#course?.closed) this.#fetchAudit(this.date, this.line);
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

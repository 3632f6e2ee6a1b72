/**
 * The practice page's session: the game (a `Practice`: settings, the match, autosave, statistics) and everything
 * the page does around it — moves with their announcements, hints and the coach, the solver's verdict on a
 * finished hole, the most points perfect play scores, auto-draw, "show me" (a `LogPlayer` on the perfect line),
 * New Game on a second N. The page keeps the markup and the wiring (the table, the keyboard, the URL).
 *
 * The verdict, the best points and auto-draw follow the game by themselves (effects), so a session is created
 * where effects may live: a component's script, or `$effect.root` in a test. Its work stops with its owner.
 */
import { m } from '../i18n/index.ts';
import { countText, decimalText } from '../i18n/intl.ts';
import { untrack } from 'svelte';
import { MAX_DEAL_NUMBER, exposed, stockLeft, type HoleScore } from '@golf/engine';
import { announce } from '../components/announcer.svelte.ts';
import {
  bestPointsText,
  cardsLeftText,
  strokesText,
  cardName,
  cardText,
  holeHeadline,
  matchSummary,
  moveTarget,
  moveText,
  moveWords,
  postMortemText,
} from '../format.ts';
import { browserStore, type KeyValueStore, type Persisted } from '../persisted.svelte.ts';
import { solver } from '../workers/solver-client.ts';
import { planRunOf, type CoachLine } from './analysis.ts';
import { HoleAnalysis, type Analyst } from './hole-analysis.svelte.ts';
import type { Hole } from './hole.svelte.ts';
import { LogPlayer } from './log-player.svelte.ts';
import {
  Practice,
  holeDealNumber,
  practiceQuery,
  sameSettings,
  type PracticeSettings,
} from './practice.svelte.ts';
import { createPrefs, type Prefs } from './prefs.svelte.ts';

export interface PracticeSessionOptions {
  readonly store?: KeyValueStore;
  readonly analyst?: Analyst;
  /** What a screen reader is told (the app's live region by default). */
  readonly announce?: (text: string) => void;
  readonly now?: () => number;
  /** How long auto-draw waits before drawing (ms). */
  readonly autoDrawMs?: number;
  /** Milliseconds between two moves of "show me". */
  readonly showMs?: () => number;
}

/** What the hint points at: a column, the stock, or nothing. */
export type HintTarget = number | 'draw' | null;

/** The verdict panel of a finished hole, ready to show. */
export interface HoleVerdict {
  readonly headline: string;
  /** True while the solver looks at the deal. */
  readonly analysing: boolean;
  /** What the solver says (empty before it answers). */
  readonly solver: string;
  /** In points scoring, the best points line (empty when it could not be counted); null otherwise. */
  readonly points: string | null;
  readonly matchSummary: string | null;
  /** Whether the match (or the single deal) is complete. */
  readonly complete: boolean;
  /** Whether there is a perfect line to show. */
  readonly canShow: boolean;
  readonly showing: boolean;
  /** The label of the button to the next hole or deal; null when the match is complete. */
  readonly nextLabel: string | null;
}

/** N starts a new game at once only when none is in progress, else when pressed again within this time. */
const NEW_GAME_ARM_MS = 3000;

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

const reducedMotion = (): boolean =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

export class PracticeSession {
  readonly game: Practice;
  readonly prefs: Persisted<Prefs>;
  /** The solver's verdict and best points on the hole. */
  readonly analysis: HoleAnalysis;
  /** "Show me": the perfect line of the finished hole, played on the table. */
  readonly show: LogPlayer;
  readonly #analyst: Analyst;
  readonly #announce: (text: string) => void;
  readonly #now: () => number;

  #hint = $state<HintTarget>(null);
  #note = $state('');
  #coachLines = $state.raw<readonly CoachLine[] | null>(null);
  #coaching = $state(false);
  #dealInput = $state('');
  #armedAt = -Infinity;

  constructor(options: PracticeSessionOptions = {}) {
    const store = options.store ?? browserStore();
    this.game = new Practice(store);
    this.prefs = createPrefs(store);
    this.show = new LogPlayer({ intervalMs: options.showMs ?? (() => (reducedMotion() ? 250 : 450)) });
    this.#analyst = options.analyst ?? solver;
    this.analysis = new HoleAnalysis(this.game.hole, () => this.game.scoring, this.#analyst);
    this.#announce = options.announce ?? announce;
    this.#now = options.now ?? Date.now;
    this.#dealInput = String(this.game.settings.deal);

    $effect(() => this.#autoDraw(options.autoDrawMs ?? 450));
    $effect(() => () => {
      this.show.close();
      this.#analyst.cancel();
    });
  }

  get hole(): Hole {
    return this.game.hole;
  }
  get settings(): PracticeSettings {
    return this.game.settings;
  }
  /** The URL query naming this game (`rules=…&deal=…&mode=…&scoring=…`). */
  get query(): string {
    return practiceQuery(this.game.settings);
  }
  get hint(): HintTarget {
    return this.#hint;
  }
  /** The last hint, coach answer or refusal, in words. */
  get note(): string {
    return this.#note;
  }
  get coachLines(): readonly CoachLine[] | null {
    return this.#coachLines;
  }
  get coaching(): boolean {
    return this.#coaching;
  }
  /** Whether "show me" has the table. */
  get showing(): boolean {
    return this.show.loaded;
  }
  /** The deal number typed in the settings form. */
  get dealInput(): string {
    return this.#dealInput;
  }
  set dealInput(text: string) {
    this.#dealInput = text;
  }
  /** The match's finished holes (and the current one once over). */
  get scores(): HoleScore[] {
    return this.game.results.map((r) => r.score);
  }

  get verdict(): HoleVerdict | null {
    const hole = this.hole;
    if (!hole.over) return null;
    const { scoring, mode, complete } = this.game;
    const score = hole.score;
    const analysis = this.analysis.result;
    const failed = this.analysis.error;
    const best = this.analysis.bestPoints;
    const slip = (at: number): string => moveText(hole.deal, hole.rules, hole.log, at);
    return {
      headline: holeHeadline(score, scoring),
      analysing: this.analysis.analysing,
      solver: failed
        ? m.verdict_solver_failed({ reason: failed })
        : analysis
          ? postMortemText(analysis, score.strokes, slip)
          : '',
      points:
        scoring !== 'points'
          ? null
          : best
            ? bestPointsText(best, score.points)
            : failed
              ? ''
              : m.verdict_counting(),
      matchSummary: complete && mode === 'match' ? matchSummary(this.scores, scoring) : null,
      complete,
      canShow: (analysis?.bestLine.length ?? 0) > 0,
      showing: this.showing,
      nextLabel:
        mode === 'match'
          ? complete
            ? null
            : m.verdict_next_hole({ hole: this.game.holeIndex + 2 })
          : m.verdict_next_deal(),
    };
  }

  // ---- moves

  /** Plays column 1..7 (the table has checked it plays). */
  play(column: number): void {
    const hole = this.hole;
    const card = exposed(hole.position, column);
    if (!hole.play(column).ok) return;
    this.#clearAside();
    if (card !== null)
      this.#announce(
        m.say_played({ card: cardName(card), column, left: cardsLeftText(hole.score.cardsLeft) }),
      );
    this.#afterMove();
  }

  async draw(): Promise<void> {
    const hole = this.hole;
    if (!(await hole.draw()).ok) return;
    this.#clearAside();
    const top = hole.position.top;
    if (top !== null) this.#announce(m.say_drew({ card: cardName(top), n: stockLeft(hole.position) }));
    this.#afterMove();
  }

  /** Takes back a move; while "show me" runs, stops it instead. */
  undo(): void {
    if (this.showing) return this.stopShow();
    if (!this.hole.undo()) return;
    this.#clearAside();
    this.#announce(m.say_undone({ left: cardsLeftText(this.hole.score.cardsLeft) }));
  }

  /** The table refused a move: say why. */
  refused(message: string): void {
    this.#say(message);
  }

  // ---- help

  /** The run planner's move, pointed at on the table and said. */
  showHint(): void {
    const hole = this.hole;
    if (hole.over) return;
    const plan = planRunOf(hole.position);
    this.#hint = plan.move;
    if (plan.move === 'draw') this.#say(m.say_hint_draw());
    else if (typeof plan.move === 'number') {
      const card = exposed(hole.position, plan.move);
      const run = plan.run.length;
      const column = plan.move;
      this.#say(
        card === null
          ? m.say_hint_column({ column })
          : run > 1
            ? m.say_hint_run({ column, card: cardText(card), run })
            : m.say_hint_column_card({ column, card: cardText(card) }),
      );
    } else this.#note = '';
  }

  /** The coach: expected strokes of every legal move over the orders the stock may have. */
  async coach(): Promise<void> {
    const hole = this.hole;
    if (hole.over || this.#coaching) return;
    this.#coaching = true;
    const at = hole.log;
    try {
      const lines = await this.#analyst.coach(hole.deal, hole.rules, at, 1200);
      if (hole.log !== at) return;
      this.#coachLines = lines;
      const best = lines[0];
      if (best) {
        this.#hint = moveTarget(best.move);
        this.#say(m.say_coach({ move: moveWords(best.move), expected: decimalText(best.expected, 1) }));
      }
    } catch (e) {
      this.#note = m.say_coach_failed({ reason: messageOf(e) });
    } finally {
      this.#coaching = false;
    }
  }

  // ---- games

  /** New Game: a fresh deal with the same settings. */
  newGame(): void {
    this.#clearAside();
    this.game.newGame();
    this.#dealInput = String(this.game.settings.deal);
    this.#announce(m.say_new_game({ deal: this.game.dealNumber }));
  }

  /** The N key: abandons a game in progress only when pressed twice (a stray key should not end a match). */
  newGameKey(): void {
    const game = this.game;
    const inProgress = !game.complete && (this.hole.log.length > 0 || game.holeIndex > 0);
    if (!inProgress || this.#now() - this.#armedAt < NEW_GAME_ARM_MS) {
      this.#armedAt = -Infinity;
      return this.newGame();
    }
    this.#armedAt = this.#now();
    this.#say(game.mode === 'match' ? m.say_press_n_match() : m.say_press_n_deal());
  }

  /** Restart: the hole back to its start. */
  restart(): void {
    this.#clearAside();
    this.game.restart();
    this.#announce(m.say_restarted());
  }

  /** Starts a game with these settings changed (a preset, a mode, a deal number). */
  startWith(changes: Partial<PracticeSettings>): void {
    this.#clearAside();
    this.game.start({ ...this.game.settings, ...changes });
    this.#dealInput = String(this.game.settings.deal);
  }

  /** Starts the deal typed in the settings form, or says which numbers there are. */
  goToDeal(): void {
    const n = Number(this.#dealInput);
    if (Number.isInteger(n) && n >= 1 && n <= MAX_DEAL_NUMBER) this.startWith({ deal: n });
    else this.#note = m.say_deal_range({ max: countText(MAX_DEAL_NUMBER) });
  }

  /** On to the match's next hole, or to the next deal. */
  next(): void {
    this.#clearAside();
    if (this.game.mode === 'match') this.game.nextHole();
    else this.startWith({ deal: holeDealNumber(this.game.settings.deal, 1) });
    this.#announce(m.say_hole_deal({ hole: this.game.holeIndex + 1, deal: this.game.dealNumber }));
  }

  /**
   * Opens the game a URL names (`parsePracticeParams`), unless it is the saved game (which then resumes). Reads
   * nothing reactively, so an effect may call it when the URL changes.
   */
  open(wanted: Partial<PracticeSettings>): void {
    untrack(() => {
      const current = this.game.settings;
      const target = { ...current, ...wanted };
      if (sameSettings(target, current)) return;
      this.#clearAside();
      this.game.start(target);
      this.#dealInput = String(target.deal);
    });
  }

  setAutoDraw(on: boolean): void {
    this.prefs.value = { ...this.prefs.value, autoDraw: on };
  }

  // ---- show me

  /** Plays the perfect line from just before the slip; again, stops it. */
  toggleShow(): void {
    if (this.showing) return this.stopShow();
    const a = this.analysis.result;
    if (!a || a.bestLine.length === 0) return;
    this.show.load(this.hole.deal, this.hole.rules, a.bestLine, a.showFrom);
    this.show.play();
  }

  stopShow(): void {
    this.show.close();
  }

  // ---- inside

  #say(text: string): void {
    this.#note = text;
    this.#announce(text);
  }

  #clearAside(): void {
    this.#hint = null;
    this.#coachLines = null;
    this.#note = '';
    this.stopShow();
  }

  #afterMove(): void {
    const s = this.hole.score;
    if (s.over)
      this.#announce((s.cleared ? m.say_cleared : m.say_hole_over)({ strokes: strokesText(s.strokes) }));
  }

  /** Effect: with auto-draw on, draw after a moment when nothing plays. */
  #autoDraw(delayMs: number): (() => void) | undefined {
    const hole = this.hole;
    if (!this.prefs.value.autoDraw || hole.over || hole.busy || this.showing) return;
    if (hole.playable.length > 0 || stockLeft(hole.position) === 0) return;
    const t = setTimeout(() => void this.draw(), delayMs);
    return () => clearTimeout(t);
  }
}

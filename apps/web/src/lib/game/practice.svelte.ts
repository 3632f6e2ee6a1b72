import {
  HOLES_PER_MATCH,
  LOG_PATTERN,
  MAX_DEAL_NUMBER,
  MAX_LOG_LENGTH,
  PRESETS,
  SCORINGS,
  dealNumber,
  isOver,
  isPresetName,
  replay,
  scoreOf,
  type Deal,
  type HoleScore,
  type PresetName,
  type Scoring,
} from '@golf/engine';
import { Persisted, browserStore, type KeyValueStore } from '../persisted.svelte.ts';
import { Hole } from './hole.svelte.ts';
import { Stats } from './stats.svelte.ts';

export const MODES = ['single', 'match'] as const;
export type Mode = (typeof MODES)[number];

/** What a practice game is; the page's URL carries exactly this. */
export interface PracticeSettings {
  readonly preset: PresetName;
  readonly scoring: Scoring;
  readonly mode: Mode;
  /** The deal number of the first hole; hole k of a match plays deal `deal + k - 1`. */
  readonly deal: number;
}

/** The saved game: settings and move logs only (every score is replayed from them). */
export interface SavedGame extends PracticeSettings {
  readonly v: 1;
  /** Logs of the match's finished holes. */
  readonly finished: readonly string[];
  /** The current hole's log. */
  readonly log: string;
  /** Whether the current hole was already counted in the statistics. */
  readonly counted: boolean;
}

export interface HoleResult {
  readonly hole: number;
  readonly deal: number;
  readonly log: string;
  readonly score: HoleScore;
}

export const DEFAULT_SETTINGS: PracticeSettings = {
  preset: 'classic',
  scoring: 'strokes',
  mode: 'match',
  deal: 1,
};

const isScoring = (s: unknown): s is Scoring =>
  typeof s === 'string' && (SCORINGS as readonly string[]).includes(s);
const isMode = (s: unknown): s is Mode => typeof s === 'string' && (MODES as readonly string[]).includes(s);
const isDealNumber = (n: unknown): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_DEAL_NUMBER;
const isLog = (s: unknown): s is string =>
  typeof s === 'string' && s.length <= MAX_LOG_LENGTH && LOG_PATTERN.test(s);

function parseSaved(raw: unknown): SavedGame | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const o = raw as Record<string, unknown>;
  if (o.v !== 1 || typeof o.preset !== 'string' || !isPresetName(o.preset)) return undefined;
  if (!isScoring(o.scoring) || !isMode(o.mode) || !isDealNumber(o.deal) || !isLog(o.log)) return undefined;
  if (!Array.isArray(o.finished) || !o.finished.every(isLog) || o.finished.length >= HOLES_PER_MATCH)
    return undefined;
  return replayable({
    v: 1,
    preset: o.preset,
    scoring: o.scoring,
    mode: o.mode,
    deal: o.deal,
    finished: o.mode === 'match' ? o.finished : [],
    log: o.log,
    counted: o.counted === true,
  });
}

/**
 * A save whose finished holes all replay to their end. The first finished hole that does not (a save from another
 * version, or edited by hand) becomes the current hole again, cut at its first bad move as the current hole's log
 * is, and the holes after it are dropped: a bad save costs the holes it cannot prove, never the page.
 */
export function replayable(saved: SavedGame): SavedGame {
  const rules = PRESETS[saved.preset];
  for (let i = 0; i < saved.finished.length; i++) {
    const log = saved.finished[i]!;
    const r = replay(dealOf(saved, i), rules, log);
    if (r.ok && isOver(r.value)) continue;
    return {
      ...saved,
      finished: saved.finished.slice(0, i),
      log: r.ok ? log : log.slice(0, r.error.at),
      counted: false,
    };
  }
  return saved;
}

/** The deal number of hole `index` (0-based) of a game starting at `deal`, wrapping within 1..MAX. */
export const holeDealNumber = (deal: number, index: number): number =>
  ((deal - 1 + index) % MAX_DEAL_NUMBER) + 1;

export function randomDealNumber(): number {
  const a = new Uint32Array(1);
  globalThis.crypto.getRandomValues(a);
  return (a[0]! % MAX_DEAL_NUMBER) + 1;
}

function dealOf(settings: PracticeSettings, index: number): Deal {
  const r = dealNumber(holeDealNumber(settings.deal, index), PRESETS[settings.preset]);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Reads `?rules=wrap&deal=1234&mode=match&scoring=points`; absent or bad values are left out. */
export function parsePracticeParams(params: Pick<URLSearchParams, 'get' | 'has'>): Partial<PracticeSettings> {
  const out: { -readonly [K in keyof PracticeSettings]?: PracticeSettings[K] } = {};
  const rules = params.get('rules');
  if (rules && isPresetName(rules)) out.preset = rules;
  const scoring = params.get('scoring');
  if (isScoring(scoring)) out.scoring = scoring;
  const mode = params.get('mode');
  if (isMode(mode)) out.mode = mode;
  const deal = Number(params.get('deal'));
  if (params.has('deal') && isDealNumber(deal)) out.deal = deal;
  return out;
}

export const practiceQuery = (s: PracticeSettings): string =>
  `rules=${s.preset}&deal=${s.deal}&mode=${s.mode}&scoring=${s.scoring}`;

export const sameSettings = (a: PracticeSettings, b: PracticeSettings): boolean =>
  a.preset === b.preset && a.scoring === b.scoring && a.mode === b.mode && a.deal === b.deal;

/**
 * A practice session: a single deal or a nine-hole match, autosaved after every move. New Game abandons the
 * match and starts a fresh one at hole 1; Restart returns the current hole to its start (seed 000).
 */
export class Practice {
  readonly stats: Stats;
  readonly hole: Hole;
  #saved: Persisted<SavedGame>;

  constructor(store: KeyValueStore = browserStore(), stats: Stats = new Stats(store)) {
    this.stats = stats;
    const initial: SavedGame = { v: 1, ...DEFAULT_SETTINGS, finished: [], log: '', counted: false };
    this.#saved = new Persisted('golf.practice.v1', initial, parseSaved, store);
    const s = this.#saved.value;
    this.hole = new Hole(dealOf(s, s.finished.length), PRESETS[s.preset], {
      log: s.log,
      onchange: (log) => this.#onMove(log),
    });
  }

  get settings(): PracticeSettings {
    const { preset, scoring, mode, deal } = this.#saved.value;
    return { preset, scoring, mode, deal };
  }
  get preset(): PresetName {
    return this.#saved.value.preset;
  }
  get scoring(): Scoring {
    return this.#saved.value.scoring;
  }
  get mode(): Mode {
    return this.#saved.value.mode;
  }
  /** 0-based index of the current hole in the match (always 0 for a single deal). */
  get holeIndex(): number {
    return this.#saved.value.finished.length;
  }
  /** The current hole's deal number. */
  get dealNumber(): number {
    return holeDealNumber(this.#saved.value.deal, this.holeIndex);
  }

  /** Finished holes of the match, then the current one when it is over. Never throws (pages derive from it). */
  get results(): HoleResult[] {
    const s = this.#saved.value;
    const rules = PRESETS[s.preset];
    const out: HoleResult[] = s.finished.flatMap((log, i) => {
      // Every finished log replays (see `replayable`); one that did not would be left out, not thrown.
      const r = replay(dealOf(s, i), rules, log);
      return r.ok ? [{ hole: i + 1, deal: holeDealNumber(s.deal, i), log, score: scoreOf(r.value) }] : [];
    });
    if (this.hole.over)
      out.push({ hole: out.length + 1, deal: this.dealNumber, log: this.hole.log, score: this.hole.score });
    return out;
  }

  /** Whether the match (or the single deal) is complete. */
  get complete(): boolean {
    return this.hole.over && (this.mode === 'single' || this.holeIndex === HOLES_PER_MATCH - 1);
  }

  /** Starts a game with these settings at hole 1 (New Game; also how a URL selects a deal). */
  start(settings: PracticeSettings): void {
    this.#saved.value = { v: 1, ...settings, finished: [], log: '', counted: false };
    this.hole.reset(dealOf(settings, 0), PRESETS[settings.preset]);
  }

  /** New Game: abandons the match and deals a fresh one (a random deal number unless given). */
  newGame(changes: Partial<PracticeSettings> = {}): void {
    this.start({ ...this.settings, deal: randomDealNumber(), ...changes });
  }

  /** Restart: the current hole back to its starting layout. */
  restart(): void {
    this.hole.restart();
  }

  /** Changes only how holes are scored; the game goes on. */
  setScoring(scoring: Scoring): void {
    this.#saved.value = { ...this.#saved.value, scoring };
  }

  /** After a finished hole of a match: on to the next. */
  nextHole(): boolean {
    const s = this.#saved.value;
    if (!this.hole.over || s.mode !== 'match' || this.holeIndex >= HOLES_PER_MATCH - 1) return false;
    const finished = [...s.finished, this.hole.log];
    this.#saved.value = { ...s, finished, log: '', counted: false };
    this.hole.reset(dealOf(s, finished.length), PRESETS[s.preset]);
    return true;
  }

  #onMove(log: string): void {
    const s = this.#saved.value;
    let counted = s.counted;
    if (!counted && this.hole.over) {
      counted = true;
      this.stats.recordHole(s.preset, this.hole.score);
      if (s.mode === 'match' && s.finished.length === HOLES_PER_MATCH - 1) {
        const total = this.results.reduce((a, r) => a + r.score.strokes, 0);
        this.stats.recordMatch(s.preset, total);
      }
    }
    this.#saved.value = { ...this.#saved.value, log, counted };
  }
}

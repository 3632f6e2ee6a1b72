import { PRESET_NAMES, type PresetName } from '@golf/engine';
import { Persisted, type KeyValueStore, browserStore } from '../persisted.svelte.ts';

/** Practice statistics for one preset. A hole counts once, when it is first over. */
export interface PresetStats {
  readonly played: number;
  readonly won: number;
  readonly streak: number;
  readonly bestStreak: number;
  /** Fewest strokes in a hole (null before the first). */
  readonly bestStrokes: number | null;
  /** Most run points in a hole. */
  readonly bestPoints: number | null;
  readonly matches: number;
  /** Lowest nine-hole total. */
  readonly bestMatch: number | null;
}

export type AllStats = Readonly<Record<PresetName, PresetStats>>;

export const EMPTY_STATS: PresetStats = {
  played: 0,
  won: 0,
  streak: 0,
  bestStreak: 0,
  bestStrokes: null,
  bestPoints: null,
  matches: 0,
  bestMatch: null,
};

const num = (v: unknown, min = 0): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) && v >= min ? v : undefined;
const numOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function parseStats(raw: unknown): AllStats | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const out = {} as Record<PresetName, PresetStats>;
  for (const p of PRESET_NAMES) {
    const s = (raw as Record<string, unknown>)[p];
    if (typeof s !== 'object' || s === null) {
      out[p] = EMPTY_STATS;
      continue;
    }
    const o = s as Record<string, unknown>;
    out[p] = {
      played: num(o.played) ?? 0,
      won: num(o.won) ?? 0,
      streak: num(o.streak) ?? 0,
      bestStreak: num(o.bestStreak) ?? 0,
      bestStrokes: numOrNull(o.bestStrokes),
      bestPoints: numOrNull(o.bestPoints),
      matches: num(o.matches) ?? 0,
      bestMatch: numOrNull(o.bestMatch),
    };
  }
  return out;
}

const emptyAll = (): AllStats =>
  Object.fromEntries(PRESET_NAMES.map((p) => [p, EMPTY_STATS])) as Record<PresetName, PresetStats>;

export const winRate = (s: PresetStats): number => (s.played === 0 ? 0 : s.won / s.played);

export class Stats {
  #data: Persisted<AllStats>;

  constructor(store: KeyValueStore = browserStore()) {
    this.#data = new Persisted('golf.stats.v1', emptyAll(), parseStats, store);
  }

  get all(): AllStats {
    return this.#data.value;
  }

  of(preset: PresetName): PresetStats {
    return this.#data.value[preset];
  }

  recordHole(preset: PresetName, hole: { cleared: boolean; strokes: number; points: number }): void {
    const s = this.of(preset);
    const streak = hole.cleared ? s.streak + 1 : 0;
    this.#set(preset, {
      ...s,
      played: s.played + 1,
      won: s.won + (hole.cleared ? 1 : 0),
      streak,
      bestStreak: Math.max(s.bestStreak, streak),
      bestStrokes: s.bestStrokes === null ? hole.strokes : Math.min(s.bestStrokes, hole.strokes),
      bestPoints: s.bestPoints === null ? hole.points : Math.max(s.bestPoints, hole.points),
    });
  }

  recordMatch(preset: PresetName, total: number): void {
    const s = this.of(preset);
    this.#set(preset, {
      ...s,
      matches: s.matches + 1,
      bestMatch: s.bestMatch === null ? total : Math.min(s.bestMatch, total),
    });
  }

  reset(): void {
    this.#data.value = emptyAll();
  }

  #set(preset: PresetName, s: PresetStats): void {
    this.#data.value = { ...this.#data.value, [preset]: s };
  }
}

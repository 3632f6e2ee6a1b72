/**
 * Each hole of a closed day against the field, beside the player's own strokes: perfect play, the field's median
 * and how many cleared it. Loads `GET /api/daily/{date}/holes` (an open day answers `ERR_DAY_OPEN`: per-hole
 * strokes stay hidden until the close, so `status` is `open` and the page says when it will show). The player's
 * strokes are given (Today's result, My rounds), or read from their verified replay (the archive).
 */
import type { DayHolesView, ReplayView } from '@golf/api';
import { COURSE_HOLES } from '@golf/engine';
import type { ApiFailure, ApiResult } from '../api.ts';

export interface HolesSource {
  dayHoles(date: string): Promise<ApiResult<DayHolesView>>;
  replay(date: string, playerId: string): Promise<ApiResult<ReplayView>>;
}

/** One hole of the table. `mine` is null when the player has no finished strokes on it. */
export interface HoleVsFieldRow {
  readonly hole: number;
  readonly mine: number | null;
  readonly perfect: number;
  readonly median: number | null;
  readonly cleared: number;
}

export type HolesStatus = 'idle' | 'loading' | 'open' | 'failed' | 'ready';

/** Strokes per hole, 1..9 at index 0..8 (null for a hole not finished). */
export type MyStrokes = readonly (number | null)[];

export class HolesVsField {
  readonly #source: HolesSource;
  status: HolesStatus = $state('idle');
  field: DayHolesView | null = $state(null);
  failure: ApiFailure | null = $state(null);
  mine: MyStrokes | null = $state(null);
  /** Bumped by each load, so an answer for a date no longer wanted is dropped. */
  #loads = 0;

  constructor(source: HolesSource) {
    this.#source = source;
  }

  /**
   * Loads the day's holes. `mine` is the player's strokes when the page has them; otherwise, with `playerId`, they
   * are read from the player's replay (none when the player did not finish that day).
   */
  async load(date: string, mine: MyStrokes | null = null, playerId: string | null = null): Promise<void> {
    const load = ++this.#loads;
    this.status = 'loading';
    this.failure = null;
    const [field, replay] = await Promise.all([
      this.#source.dayHoles(date),
      mine === null && playerId !== null ? this.#source.replay(date, playerId) : Promise.resolve(null),
    ]);
    if (load !== this.#loads) return;
    this.mine = mine ?? (replay?.ok ? strokesOf(replay.value) : null);
    if (field.ok) {
      this.field = field.value;
      this.status = 'ready';
    } else {
      this.field = null;
      this.failure = field.error;
      this.status = field.error.code === 'ERR_DAY_OPEN' ? 'open' : 'failed';
    }
  }

  /** The nine holes, in order (empty until loaded). */
  get rows(): HoleVsFieldRow[] {
    const field = this.field;
    if (!field) return [];
    return field.holes.map((h) => ({
      hole: h.hole,
      mine: this.mine?.[h.hole - 1] ?? null,
      perfect: h.perfect,
      median: h.median,
      cleared: h.cleared,
    }));
  }

  get finishers(): number {
    return this.field?.finishers ?? 0;
  }
}

/** A replay's strokes per hole (only finished holes are in it). */
function strokesOf(replay: ReplayView): MyStrokes {
  const out: (number | null)[] = Array.from({ length: COURSE_HOLES }, () => null);
  for (const h of replay.holes) out[h.hole - 1] = h.strokes;
  return out;
}

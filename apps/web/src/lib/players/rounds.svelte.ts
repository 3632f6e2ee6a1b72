/** "My rounds": the player's history from the API, and the chart of totals over time drawn from it. */
import type { HistoryRound, HistoryView } from '@golf/api';
import { MATCH_PAR } from '@golf/engine';
import type { ApiFailure, GolfApi } from '../api.ts';

/** Rounds the page reads at once (the API's largest page). */
export const ROUNDS_PAGE = 100;

export interface TrendPoint {
  readonly x: number;
  readonly y: number;
  readonly round: HistoryRound;
}

export interface Trend {
  readonly points: readonly TrendPoint[];
  /** `M x y L x y …` through the points, oldest first. */
  readonly line: string;
  /** Where par (45) sits on the y axis. */
  readonly parY: number;
  readonly min: number;
  readonly max: number;
}

/**
 * Totals over time in a `width` × `height` box: oldest on the left, lower (better) totals higher up, par always
 * inside the range. Days between rounds take no room (one step per round). Pure.
 */
export function trend(rounds: readonly HistoryRound[], width: number, height: number, pad = 8): Trend {
  const ordered = [...rounds].sort((a, b) => (a.date < b.date ? -1 : 1));
  const totals = ordered.map((r) => r.total);
  const min = Math.min(MATCH_PAR - 5, ...totals);
  const max = Math.max(MATCH_PAR + 5, ...totals);
  const y = (total: number) => pad + ((total - min) / (max - min)) * (height - 2 * pad);
  const step = ordered.length > 1 ? (width - 2 * pad) / (ordered.length - 1) : 0;
  const points = ordered.map((round, i) => ({
    x: ordered.length > 1 ? pad + i * step : width / 2,
    y: y(round.total),
    round,
  }));
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(' ');
  return { points, line, parY: y(MATCH_PAR), min, max };
}

export class MyRounds {
  history = $state.raw<HistoryView | null>(null);
  failure = $state.raw<ApiFailure | null>(null);
  loading = $state(false);

  readonly #api: GolfApi;

  constructor(api: GolfApi) {
    this.#api = api;
  }

  async load(): Promise<void> {
    this.loading = true;
    const res = await this.#api.history({ limit: ROUNDS_PAGE });
    this.loading = false;
    this.history = res.ok ? res.value : null;
    this.failure = res.ok ? null : res.error;
  }

  /** The average of the finished rounds, one decimal; null before the first. */
  get average(): number | null {
    const d = this.history?.distribution ?? [];
    const n = d.reduce((a, b) => a + b.count, 0);
    return n === 0 ? null : Math.round((10 * d.reduce((a, b) => a + b.total * b.count, 0)) / n) / 10;
  }
}

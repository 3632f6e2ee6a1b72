/**
 * The audit calibration's players: honest policies that never look at the stock, and scouts that know it. Each plays
 * one hole of a deal to its end and returns the log.
 */
import {
  applyMove,
  coach,
  courseDecks,
  dealFromDeck,
  isOver,
  legalMoves,
  makeMove,
  planRun,
  PRESETS,
  rankOf,
  replay,
  solve,
  type Deal,
  type Move,
  type Position,
  Xoshiro128,
} from '../../src/index.ts';
import { DealSearch } from '../../src/solve-fast.ts';

export const rules = PRESETS.classic;

/** Course c's nine deals: a 32-byte seed from the bench's stream `seed`, then the daily generator. */
export function dealsOfCourse(seed: number, c: number): Deal[] {
  const rng = Xoshiro128.fromSeed((seed * 1_000_003 + c) >>> 0);
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = rng.below(256);
  const decks = courseDecks(bytes);
  if (!decks.ok) throw new Error(decks.error.message);
  return decks.value.map((deck) => dealFromDeck(deck, rules));
}

export const HONEST = ['random', 'greedy', 'planner', 'coach', 'coach-noise'] as const;
/** Blind policies a `θ` scout starts from. */
export const BLIND = ['greedy', 'planner', 'coach'] as const;
export const THETAS = [1, 2, 3, 4, 6] as const;
export const SCOUTS = [
  'perfect',
  'careful',
  'perfect-m1',
  'perfect-m2',
  'perfect-m3',
  ...BLIND.flatMap((b) => THETAS.map((t) => `${b}-t${t}` as const)),
] as const;
/** `k` is the k scout (see the bench). */
export type Policy = (typeof HONEST)[number] | (typeof SCOUTS)[number] | 'k';
export const ALL: readonly Policy[] = [...HONEST, ...SCOUTS, 'k'];
/** The policies one hole at a time plays (the others are built from rounds of these). */
export type HolePolicy = Exclude<Policy, 'k' | `perfect-m${number}`>;

export function apply(pos: Position, m: Move): Position {
  const r = applyMove(pos, m);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Plays a hole from `log` on with `pick` (called only when there is a choice). */
export function playFrom(d: Deal, log: string, pick: (pos: Position, moves: Move[]) => Move): string {
  const start = replay(d, rules, log);
  if (!start.ok) throw new Error(start.error.message);
  let pos = start.value;
  while (!isOver(pos)) {
    const moves = legalMoves(pos);
    const m = moves.length === 1 ? moves[0]! : pick(pos, moves);
    pos = apply(pos, m);
    log += makeMove(m);
  }
  return log;
}

/** The coach with one sampled order (`timeMs: 0` stops it after the first), solved within 100,000 positions. */
export const coachMove = (pos: Position, seed: number): Move =>
  coach(pos, { timeMs: 0, firstSampleNodes: 100_000, seed }).moves[0]!.move;

/** Exact fewest strokes after each legal move, with the real stock (one search per hole). */
export class RealValues {
  readonly #search: DealSearch;
  constructor(readonly deal: Deal) {
    this.#search = new DealSearch(deal, rules);
  }
  of(pos: Position, moves: readonly Move[]): number[] {
    return moves.map((m) => {
      const heights = pos.heights.slice();
      let drawn = pos.drawn;
      let top: number;
      if (m.kind === 'draw') top = rankOf(this.deal.stock[drawn++]!);
      else {
        top = rankOf(this.deal.columns[m.column - 1]![heights[m.column - 1]! - 1]!);
        heights[m.column - 1]!--;
      }
      return this.#search.optimumStrokes(heights, drawn, top, undefined, false).value;
    });
  }
  release(): void {
    this.#search.release();
  }
}

/** A blind policy's move (`greedy`, `planner` or `coach`). */
export function blindMove(blind: (typeof BLIND)[number], p: Position, ms: Move[], salt: number): Move {
  if (blind === 'greedy') return ms[0]!;
  if (blind === 'planner') return planRun(p)!.move;
  return coachMove(p, salt + p.moves);
}

/** The perfect-information line of a hole. */
export function perfectLog(d: Deal, from = ''): string {
  const r = solve(d, rules, from === '' ? {} : { from });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.log;
}

/** The blind policy and the threshold of a `B-tθ` scout, or null for another policy. */
export function thetaScout(policy: string): { blind: (typeof BLIND)[number]; t: number } | null {
  const m = /^(greedy|planner|coach)-t(\d+)$/.exec(policy);
  return m === null ? null : { blind: m[1] as (typeof BLIND)[number], t: Number(m[2]) };
}

/**
 * The `B-tθ` scout's choice (an index in `ms`), given every move's fewest strokes `v` with the stock it knows and
 * the blind move `base`: the first best move where the blind move loses at least `t` strokes, else the blind move.
 */
export function scoutPick(ms: readonly Move[], v: readonly number[], base: Move, t: number): number {
  const best = Math.min(...v);
  const i = ms.findIndex((x) => makeMove(x) === makeMove(base));
  return v[i]! - best >= t ? v.indexOf(best) : i;
}

/** Plays one hole with `policy`; `rng` for the random ones, `salt` seeds the coach. */
export function playHole(policy: HolePolicy, d: Deal, rng: Xoshiro128, salt: number): string {
  const theta = thetaScout(policy);
  if (theta !== null) {
    const real = new RealValues(d);
    try {
      return playFrom(d, '', (p, ms) => {
        const base = blindMove(theta.blind, p, ms, salt);
        return ms[scoutPick(ms, real.of(p, ms), base, theta.t)]!;
      });
    } finally {
      real.release();
    }
  }
  switch (policy) {
    case 'random':
      return playFrom(d, '', (_p, ms) => ms[rng.below(ms.length)]!);
    case 'greedy':
    case 'planner':
    case 'coach':
      return playFrom(d, '', (p, ms) => blindMove(policy, p, ms, salt));
    case 'coach-noise':
      return playFrom(d, '', (p, ms) =>
        rng.below(10) === 0 ? ms[rng.below(ms.length)]! : coachMove(p, salt + p.moves),
      );
    case 'perfect':
      return perfectLog(d);
    case 'careful': {
      // The planner's move whenever that is also best for the real stock, else the first best move.
      const real = new RealValues(d);
      try {
        return playFrom(d, '', (p, ms) => {
          const v = real.of(p, ms);
          const best = Math.min(...v);
          const plan = makeMove(planRun(p)!.move);
          const i = ms.findIndex((m) => makeMove(m) === plan);
          return v[i] === best ? ms[i]! : ms[v.indexOf(best)]!;
        });
      } finally {
        real.release();
      }
    }
    default:
      throw new Error(`no hole player for ${policy}`);
  }
}

/** The best move's gain at the most valuable decision of `log` from index `from` on, with the real stock. */
function mostValuable(d: Deal, log: string, from: number): { at: number; loss: number; move: Move } | null {
  const real = new RealValues(d);
  try {
    const start = replay(d, rules, log.slice(0, from));
    if (!start.ok) throw new Error(start.error.message);
    let p = start.value;
    let best: { at: number; loss: number; move: Move } | null = null;
    for (let i = from; i < log.length; i++) {
      const ms = legalMoves(p);
      const taken = ms.findIndex((m) => makeMove(m) === log[i]);
      if (ms.length > 1) {
        const v = real.of(p, ms);
        const min = Math.min(...v);
        const loss = v[taken]! - min;
        if (loss > 0 && (best === null || loss > best.loss))
          best = { at: i, loss, move: ms[v.indexOf(min)]! };
      }
      p = apply(p, ms[taken]!);
    }
    return best;
  } finally {
    real.release();
  }
}

/**
 * The k scout's rounds, k = 0 to `maxK`: the coach's round (k = 0), then k times: at the decision (after the last one
 * changed in its hole) where the move played loses the most strokes against the best with the real stock, play that
 * best move and let the coach finish the hole. Each stage's nine logs, and the hole it changed (null when no move of
 * the round loses a stroke any more, so nothing changed).
 */
export function kScoutStages(
  deals: readonly Deal[],
  c: number,
  maxK: number,
): { logs: readonly string[]; changed: number | null }[] {
  const salt = (h: number) => c * 100 + h * 10_000;
  const logs = deals.map((d, h) => playFrom(d, '', (p) => coachMove(p, salt(h) + p.moves)));
  const stages: { logs: readonly string[]; changed: number | null }[] = [{ logs: [...logs], changed: null }];
  const candidates = deals.map((d, h) => mostValuable(d, logs[h]!, 0));
  for (let k = 1; k <= maxK; k++) {
    let h = -1;
    candidates.forEach((x, i) => {
      if (x !== null && (h < 0 || x.loss > candidates[h]!.loss)) h = i;
    });
    const pick = h < 0 ? null : candidates[h]!;
    if (pick === null) {
      stages.push({ logs: [...logs], changed: null });
      continue;
    }
    const d = deals[h]!;
    logs[h] = playFrom(d, logs[h]!.slice(0, pick.at) + makeMove(pick.move), (p) =>
      coachMove(p, salt(h) + p.moves),
    );
    // The moves up to the one just changed stay: the next pick in this hole comes after it.
    candidates[h] = mostValuable(d, logs[h]!, pick.at + 1);
    stages.push({ logs: [...logs], changed: h });
  }
  return stages;
}

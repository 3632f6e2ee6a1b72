/**
 * Hole replays per second on one core, for full-length logs: random legal games played to the end over many
 * deals and all four presets. Baseline in the same run: folding `applyMove` over `parseLog`.
 * Not a test: it prints figures and asserts only that both paths agree.
 */
import {
  applyMove,
  dealNumber,
  legalMoves,
  makeLog,
  parseLog,
  PRESET_NAMES,
  replay,
  scoreOf,
  startPosition,
  Xoshiro128,
  type Deal,
  type Move,
  type Position,
  type Rules,
  PRESETS,
} from '../src/index.ts';

interface Case {
  readonly deal: Deal;
  readonly rules: Rules;
  readonly log: string;
}

/** A random legal game to the end; plays are preferred to draws 4 to 1 so games run long. */
function randomGame(deal: Deal, rules: Rules, rng: Xoshiro128): string {
  let pos = startPosition(deal, rules);
  const moves: Move[] = [];
  for (;;) {
    const legal = legalMoves(pos);
    if (legal.length === 0) return makeLog(moves);
    const plays = legal.filter((m) => m.kind === 'play');
    const pick =
      plays.length > 0 && rng.below(5) > 0
        ? plays[rng.below(plays.length)]!
        : legal[rng.below(legal.length)]!;
    const next = applyMove(pos, pick);
    if (!next.ok) throw new Error(next.error.message);
    pos = next.value;
    moves.push(pick);
  }
}

const DEALS = 500;
const rng = Xoshiro128.fromSeed(2024);
const cases: Case[] = [];
for (const name of PRESET_NAMES) {
  const rules = PRESETS[name];
  for (let n = 1; n <= DEALS; n++) {
    const deal = dealNumber(n, rules);
    if (!deal.ok) throw new Error(deal.error.message);
    cases.push({ deal: deal.value, rules, log: randomGame(deal.value, rules, rng) });
  }
}
const totalMoves = cases.reduce((a, c) => a + c.log.length, 0);

function fold(deal: Deal, rules: Rules, log: string): Position | null {
  const moves = parseLog(log);
  if (!moves.ok) return null;
  let pos = startPosition(deal, rules);
  for (const m of moves.value) {
    const next = applyMove(pos, m);
    if (!next.ok) return null;
    pos = next.value;
  }
  return pos;
}

// Both paths must agree before anything is timed.
for (const c of cases) {
  const a = replay(c.deal, c.rules, c.log);
  const b = fold(c.deal, c.rules, c.log);
  if (
    !a.ok ||
    b === null ||
    JSON.stringify(scoreOf(a.value)) !== JSON.stringify(scoreOf(b)) ||
    !scoreOf(b).over
  )
    throw new Error(`replay and fold disagree on ${c.log}`);
}

let sink = 0;
/**
 * Runs `fn` over all cases in rounds of about `roundMs` (after a warm-up) and returns the replays per second
 * of every round. The machine may be shared: the best round is the least disturbed one.
 */
function measure(fn: (c: Case) => number, rounds: number, roundMs: number): number[] {
  for (let i = 0; i < 5; i++) for (const c of cases) sink += fn(c);
  const rates: number[] = [];
  for (let k = 0; k < rounds; k++) {
    let reps = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < roundMs) {
      for (const c of cases) sink += fn(c);
      reps++;
      elapsed = performance.now() - start;
    }
    rates.push((reps * cases.length) / (elapsed / 1000));
  }
  return rates.sort((a, b) => b - a);
}
const best = (rates: number[]): number => rates[0]!;
const median = (rates: number[]): number => rates[rates.length >> 1]!;

const viaReplay = (c: Case): number => {
  const r = replay(c.deal, c.rules, c.log);
  return r.ok ? r.value.drawn : -1;
};
const viaFold = (c: Case): number => fold(c.deal, c.rules, c.log)?.drawn ?? -1;

const fmt = (x: number): string => Math.round(x).toLocaleString('en-US');
const replayRates = measure(viaReplay, 10, 300);
const foldRates = measure(viaFold, 5, 300);
const avg = totalMoves / cases.length;
const line = (name: string, rates: number[]) =>
  `${name.padEnd(26)} best ${fmt(best(rates))} replays/s (${fmt(best(rates) * avg)} moves/s), median ${fmt(median(rates))} replays/s`;
console.log(
  `cases: ${cases.length} full games (${DEALS} deals x ${PRESET_NAMES.length} presets), ${avg.toFixed(1)} moves each on average, one core`,
);
console.log(line('replay', replayRates));
console.log(line('fold applyMove/parseLog', foldRates));
console.log(
  `replay / fold: ${(best(replayRates) / best(foldRates)).toFixed(1)}x; target 500,000 replays/s: ${best(replayRates) >= 500_000 ? 'met' : 'NOT met'}`,
);
if (sink === Number.MIN_VALUE) console.log(sink);

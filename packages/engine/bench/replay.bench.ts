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
/** Runs `fn` over all cases for about `ms` milliseconds (after a warm-up); returns replays per second. */
function measure(fn: (c: Case) => number, ms: number): number {
  for (let i = 0; i < 3; i++) for (const c of cases) sink += fn(c);
  let reps = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (const c of cases) sink += fn(c);
    reps++;
    elapsed = performance.now() - start;
  }
  return (reps * cases.length) / (elapsed / 1000);
}

const viaReplay = (c: Case): number => {
  const r = replay(c.deal, c.rules, c.log);
  return r.ok ? r.value.drawn : -1;
};
const viaFold = (c: Case): number => fold(c.deal, c.rules, c.log)?.drawn ?? -1;

const fmt = (x: number): string => Math.round(x).toLocaleString('en-US');
const replayRate = measure(viaReplay, 3000);
const foldRate = measure(viaFold, 3000);
const avg = totalMoves / cases.length;
console.log(
  `cases: ${cases.length} full games (${DEALS} deals x ${PRESET_NAMES.length} presets), ${avg.toFixed(1)} moves each on average`,
);
console.log(`replay:              ${fmt(replayRate)} replays/s, ${fmt(replayRate * avg)} moves/s`);
console.log(`fold applyMove/parseLog: ${fmt(foldRate)} replays/s, ${fmt(foldRate * avg)} moves/s`);
console.log(
  `replay / fold: ${(replayRate / foldRate).toFixed(1)}x; target 500,000 replays/s: ${replayRate >= 500_000 ? 'met' : 'NOT met'}`,
);
if (sink === Number.MIN_VALUE) console.log(sink);

/**
 * Audit calibration: figures, not assertions. Opt-in (hours at full size):
 *
 *   pnpm --filter @golf/engine bench -- audit [--courses N] [--policies a,b] [--seed S] [--k K]
 *                                             [--out results.jsonl] [--shard i/n] [--report a.jsonl,b.jsonl]
 *
 * Simulates N daily courses (default 1,000; nine `classic` holes each, dealt by `courseDecks` from random
 * 32-byte seeds, as the API deals them) for each policy, audits every round with `auditHole` + `combineAudit`
 * (what the API runs), and prints:
 * - the calibration table: rounds flagged per policy with counts, mean total strokes, mean and median
 *   p-value, telling decisions per round;
 * - the k table: a scout who plays the coach's moves except at its k most valuable decisions (where it plays
 *   a best move for the real stock), k = 0..K: mean total, rounds flagged, and the best total it reaches per
 *   course while staying unflagged, against the coach's mean total;
 * - the audit's CPU per round (median, p90, max), per policy and over all rounds.
 *
 * Honest policies never look at the stock: `random` (a uniformly random legal move), `greedy` (the first legal
 * move: the leftmost card that fits, else draw), `planner` (`planRun`), `coach` (`coach` with one sampled
 * order per move, a node budget of 100,000 for it), `coach-noise` (the coach's move, or a random legal move
 * with probability 0.1). Scouts know the stock: `perfect` (the solver's best line) and `careful` (the
 * planner's move whenever that is also best for the real stock, else the first best move).
 *
 * `--out` appends one JSON line per course and policy to a file, so a run can be resumed (courses already in
 * the file are skipped) or split over processes (`--shard 0/2` and `--shard 1/2`, each with its own file);
 * `--report` prints the tables from such files only. Courses run in order, every policy in turn, so a run
 * stopped early still has every policy at about the same count.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import {
  applyMove,
  coach,
  combineAudit,
  courseDecks,
  dealFromDeck,
  isOver,
  legalMoves,
  makeMove,
  planRun,
  PRESETS,
  rankOf,
  replay,
  scoreOf,
  solve,
  Xoshiro128,
  type Deal,
  type HoleAudit,
  type Move,
  type Position,
} from '../src/index.ts';
import { auditHole, auditHoleWith, AUDIT_SETTINGS } from '../src/audit.ts';
import { DealSearch } from '../src/solve-fast.ts';

const rules = PRESETS.classic;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const HONEST = ['random', 'greedy', 'planner', 'coach', 'coach-noise'] as const;
/** Blind policies a `θ` scout starts from. */
const BLIND = ['greedy', 'planner', 'coach'] as const;
const THETAS = [1, 2, 3, 4, 6] as const;
const SCOUTS = [
  'perfect',
  'careful',
  'perfect-m1',
  'perfect-m2',
  'perfect-m3',
  ...BLIND.flatMap((b) => THETAS.map((t) => `${b}-t${t}` as const)),
] as const;
/** `k` is the k scout (see `runKScout`). */
type Policy = (typeof HONEST)[number] | (typeof SCOUTS)[number] | 'k';
const ALL: readonly Policy[] = [...HONEST, ...SCOUTS, 'k'];

const courses = Number(arg('courses') ?? 1000);
const benchSeed = Number(arg('seed') ?? 2024);
const maxK = Number(arg('k') ?? 5);
const out = arg('out');
const report = arg('report');
/** `--shard i/n`: only the courses c with c % n === i (to split a run over processes). */
const [shardIndex, shardCount] = (arg('shard') ?? '0/1').split('/').map(Number) as [number, number];
const policies = (arg('policies')?.split(',') ?? ALL) as Policy[];
for (const p of policies) if (!ALL.includes(p)) throw new Error(`unknown policy ${p}`);

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** One course and policy, as written to `--out`. */
interface CourseResult {
  readonly policy: string;
  readonly course: number;
  readonly total: number;
  readonly pValue: number;
  readonly flagged: boolean;
  readonly telling: number;
  /** Audit CPU for the round, ms. */
  readonly cpu: number;
  /** For `k`: per k = 0..K, the total and whether flagged. */
  readonly ks?: readonly { readonly total: number; readonly flagged: boolean; readonly pValue: number }[];
}

/** Course c's nine deals: a 32-byte seed from the bench's stream, then the daily generator. */
function courseDeals(c: number): Deal[] {
  const rng = Xoshiro128.fromSeed((benchSeed * 1_000_003 + c) >>> 0);
  const seed = new Uint8Array(32);
  for (let i = 0; i < 32; i++) seed[i] = rng.below(256);
  const decks = courseDecks(seed);
  if (!decks.ok) throw new Error(decks.error.message);
  return decks.value.map((deck) => dealFromDeck(deck, rules));
}

function apply(pos: Position, m: Move): Position {
  const r = applyMove(pos, m);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Plays a hole from `log` on with `pick` (called only when there is a choice). */
function playFrom(d: Deal, log: string, pick: (pos: Position, moves: Move[]) => Move): string {
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
const coachMove = (pos: Position, seed: number): Move =>
  coach(pos, { timeMs: 0, firstSampleNodes: 100_000, seed }).moves[0]!.move;

/** Exact fewest strokes after each legal move, with the real stock (one search per hole). */
class RealValues {
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
function blindMove(blind: (typeof BLIND)[number], p: Position, ms: Move[], salt: number): Move {
  if (blind === 'greedy') return ms[0]!;
  if (blind === 'planner') return planRun(p)!.move;
  return coachMove(p, salt + p.moves);
}

function playHole(policy: Exclude<Policy, 'k' | `perfect-m${number}`>, d: Deal, rng: Xoshiro128, salt: number): string {
  const theta = /^(greedy|planner|coach)-t(\d+)$/.exec(policy);
  if (theta !== null) {
    // Blind play, and the stock only where the blind move loses at least θ strokes against the real best.
    const blind = theta[1] as (typeof BLIND)[number];
    const t = Number(theta[2]);
    const real = new RealValues(d);
    try {
      return playFrom(d, '', (p, ms) => {
        const m = blindMove(blind, p, ms, salt);
        const v = real.of(p, ms);
        const best = Math.min(...v);
        const i = ms.findIndex((x) => makeMove(x) === makeMove(m));
        return v[i]! - best >= t ? ms[v.indexOf(best)]! : m;
      });
    } finally {
      real.release();
    }
  }
  switch (policy) {
    case 'random':
      return playFrom(d, '', (_p, ms) => ms[rng.below(ms.length)]!);
    case 'greedy':
      return playFrom(d, '', (_p, ms) => ms[0]!);
    case 'planner':
      return playFrom(d, '', (p) => planRun(p)!.move);
    case 'coach':
      return playFrom(d, '', (p) => coachMove(p, salt + p.moves));
    case 'coach-noise':
      return playFrom(d, '', (p, ms) => (rng.below(10) === 0 ? ms[rng.below(ms.length)]! : coachMove(p, salt + p.moves)));
    case 'perfect': {
      const r = solve(d, rules);
      if (!r.ok) throw new Error(r.error.message);
      return r.value.log;
    }
    case 'careful': {
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

const strokesOf = (d: Deal, log: string): number => {
  const r = replay(d, rules, log);
  if (!r.ok) throw new Error(r.error.message);
  return scoreOf(r.value).strokes;
};

function auditOf(d: Deal, log: string): { audit: HoleAudit; cpu: number } {
  const t = cpuMs();
  const a = auditHole(d, rules, log);
  const cpu = cpuMs() - t;
  if (!a.ok) throw new Error(a.error.message);
  return { audit: a.value, cpu };
}

function verdict(holes: readonly HoleAudit[]) {
  const r = combineAudit(holes);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/**
 * Perfect information with `m` deliberate one-stroke mistakes a round, chosen against this audit: at the decisions
 * of the perfect round whose factors were the largest (the most evidence lost), where some move loses exactly one
 * stroke with the real stock, play that move, then the perfect line from there (at most one mistake a hole).
 */
function runMistakes(m: number, c: number): CourseResult {
  const deals = courseDeals(c);
  let cpu = 0;
  const logs = deals.map((d) => playHole('perfect', d, Xoshiro128.fromSeed(1), 0));
  const candidates: { h: number; at: number; factor: number }[] = [];
  deals.forEach((d, h) => {
    const t = cpuMs();
    auditHoleWith(d, rules, logs[h]!, AUDIT_SETTINGS, (tr) => candidates.push({ h, at: tr.at, factor: tr.factor }));
    cpu += cpuMs() - t;
  });
  candidates.sort((a, b) => b.factor - a.factor);
  const changed = new Set<number>();
  for (const cand of candidates) {
    if (changed.size >= m) break;
    if (changed.has(cand.h)) continue;
    const d = deals[cand.h]!;
    const start = replay(d, rules, logs[cand.h]!.slice(0, cand.at));
    if (!start.ok) throw new Error(start.error.message);
    const ms = legalMoves(start.value);
    const real = new RealValues(d);
    const v = real.of(start.value, ms);
    real.release();
    const best = Math.min(...v);
    const i = v.findIndex((x) => x === best + 1);
    if (i < 0) continue;
    const prefix = logs[cand.h]!.slice(0, cand.at) + makeMove(ms[i]!);
    const rest = solve(d, rules, { from: prefix });
    if (!rest.ok) throw new Error(rest.error.message);
    logs[cand.h] = rest.value.log;
    changed.add(cand.h);
  }
  let total = 0;
  const holes = deals.map((d, h) => {
    total += strokesOf(d, logs[h]!);
    const a = auditOf(d, logs[h]!);
    cpu += a.cpu;
    return a.audit;
  });
  const v = verdict(holes);
  return { policy: `perfect-m${m}`, course: c, total, pValue: v.pValue, flagged: v.flagged, telling: v.telling, cpu };
}

function runCourse(policy: Exclude<Policy, 'k'>, c: number): CourseResult {
  const mistakes = /^perfect-m(\d)$/.exec(policy);
  if (mistakes !== null) return runMistakes(Number(mistakes[1]), c);
  const deals = courseDeals(c);
  const rng = Xoshiro128.fromSeed((c * 7919 + ALL.indexOf(policy) + 1) >>> 0);
  let total = 0;
  let cpu = 0;
  const holes: HoleAudit[] = [];
  deals.forEach((d, h) => {
    const log = playHole(policy as Exclude<Policy, 'k' | `perfect-m${number}`>, d, rng, c * 100 + h * 10_000);
    total += strokesOf(d, log);
    const a = auditOf(d, log);
    cpu += a.cpu;
    holes.push(a.audit);
  });
  const v = verdict(holes);
  return { policy, course: c, total, pValue: v.pValue, flagged: v.flagged, telling: v.telling, cpu };
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
        if (loss > 0 && (best === null || loss > best.loss)) best = { at: i, loss, move: ms[v.indexOf(min)]! };
      }
      p = apply(p, ms[taken]!);
    }
    return best;
  } finally {
    real.release();
  }
}

/**
 * The k scout: the coach's round (k = 0, also reported as the `coach` policy), then k times: at the decision
 * (after the last one changed in its hole) where the move played loses the most strokes against the best with
 * the real stock, play that best move and let the coach finish the hole. Its total and verdict for each k.
 */
function runKScout(c: number): CourseResult[] {
  const deals = courseDeals(c);
  const salt = (h: number) => c * 100 + h * 10_000;
  const logs = deals.map((d, h) => playFrom(d, '', (p) => coachMove(p, salt(h) + p.moves)));
  const after = deals.map(() => 0); // moves before this index in each hole are fixed
  let cpu = 0;
  const audits = deals.map((d, h) => {
    const a = auditOf(d, logs[h]!);
    cpu += a.cpu;
    return a.audit;
  });
  const coachVerdict = verdict(audits);
  const totalOf = () => deals.reduce((s, d, h) => s + strokesOf(d, logs[h]!), 0);
  const coachRow: CourseResult = {
    policy: 'coach',
    course: c,
    total: totalOf(),
    pValue: coachVerdict.pValue,
    flagged: coachVerdict.flagged,
    telling: coachVerdict.telling,
    cpu,
  };
  const ks = [{ total: coachRow.total, flagged: coachRow.flagged, pValue: coachRow.pValue }];
  const candidates = deals.map((d, h) => mostValuable(d, logs[h]!, 0));
  for (let k = 1; k <= maxK; k++) {
    let h = -1;
    candidates.forEach((x, i) => {
      if (x !== null && (h < 0 || x.loss > candidates[h]!.loss)) h = i;
    });
    const pick = h < 0 ? null : candidates[h]!;
    if (pick === null) {
      ks.push(ks[ks.length - 1]!);
      continue;
    }
    const d = deals[h]!;
    logs[h] = playFrom(d, logs[h]!.slice(0, pick.at) + makeMove(pick.move), (p) => coachMove(p, salt(h) + p.moves));
    after[h] = pick.at + 1;
    candidates[h] = mostValuable(d, logs[h]!, after[h]!);
    const a = auditOf(d, logs[h]!);
    cpu += a.cpu;
    audits[h] = a.audit;
    const v = verdict(audits);
    ks.push({ total: totalOf(), flagged: v.flagged, pValue: v.pValue });
  }
  const last = ks[ks.length - 1]!;
  return [coachRow, { policy: 'k', course: c, total: last.total, pValue: last.pValue, flagged: last.flagged, telling: 0, cpu, ks }];
}

// ---- running ----

const done = new Set<string>();
const results: CourseResult[] = [];
if (out !== undefined && existsSync(out))
  for (const line of readFileSync(out, 'utf8').split('\n'))
    if (line.trim() !== '') {
      const r = JSON.parse(line) as CourseResult;
      done.add(`${r.policy}/${r.course}`);
      results.push(r);
    }

if (report === undefined) {
  // Warm the JIT outside the measured courses.
  auditOf(courseDeals(-1)[0]!, playHole('greedy', courseDeals(-1)[0]!, Xoshiro128.fromSeed(1), 0));
  // Course by course, every policy in turn: a run stopped early still has every policy at about the same count.
  const started = Date.now();
  for (let c = shardIndex; c < courses; c += shardCount) {
    for (const policy of policies) {
      // The k scout's k = 0 round is the coach's: one run gives both.
      if (policy === 'coach' && policies.includes('k')) continue;
      if (done.has(`${policy}/${c}`)) continue;
      const rs = policy === 'k' ? runKScout(c) : [runCourse(policy, c)];
      for (const r of rs) {
        if (done.has(`${r.policy}/${r.course}`)) continue;
        results.push(r);
        if (out !== undefined) appendFileSync(out, JSON.stringify(r) + '\n');
      }
    }
    if ((c + 1) % 10 === 0) process.stderr.write(`${c + 1}/${courses} courses, ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  }
} else {
  for (const file of report.split(','))
    for (const line of readFileSync(file, 'utf8').split('\n'))
      if (line.trim() !== '') results.push(JSON.parse(line) as CourseResult);
}

// ---- tables ----

const quantile = (sorted: readonly number[], q: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const sortedOf = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const fmtP = (p: number) => (p >= 0.01 ? p.toFixed(3) : p.toExponential(1));

function table(head: string[], body: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => c.padStart(widths[i]!)).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

const byPolicy = new Map<string, CourseResult[]>();
for (const r of results) byPolicy.set(r.policy, [...(byPolicy.get(r.policy) ?? []), r]);

const rows: string[][] = [];
for (const p of ALL) {
  const rs = byPolicy.get(p);
  if (rs === undefined || p === 'k') continue;
  const flagged = rs.filter((r) => r.flagged).length;
  const ps = sortedOf(rs.map((r) => r.pValue));
  rows.push([
    p,
    (HONEST as readonly string[]).includes(p) ? 'honest' : 'scout',
    String(rs.length),
    `${flagged} (${((100 * flagged) / rs.length).toFixed(1)}%)`,
    mean(rs.map((r) => r.total)).toFixed(1),
    fmtP(mean(ps)),
    fmtP(quantile(ps, 0.5)),
    mean(rs.map((r) => r.telling)).toFixed(1),
  ]);
}
console.log(`\naudit calibration: daily courses (classic, 9 holes), rounds per policy below, flagged when p < 0.001\n`);
console.log(table(['policy', 'kind', 'rounds', 'flagged', 'mean total', 'mean p', 'median p', 'telling'], rows));

const kRuns = byPolicy.get('k');
if (kRuns !== undefined && kRuns.length > 0) {
  const coachMean = mean(kRuns.map((r) => r.ks![0]!.total));
  const K = kRuns[0]!.ks!.length - 1;
  const kRows: string[][] = [];
  for (let k = 0; k <= K; k++) {
    const at = kRuns.map((r) => r.ks![k]!);
    const flagged = at.filter((x) => x.flagged).length;
    // Per course: the best total over k' <= k among the unflagged rounds.
    const bestUnflagged = kRuns.map((r) => Math.min(...r.ks!.slice(0, k + 1).filter((x) => !x.flagged).map((x) => x.total)));
    kRows.push([
      String(k),
      mean(at.map((x) => x.total)).toFixed(1),
      `${flagged} (${((100 * flagged) / at.length).toFixed(1)}%)`,
      mean(bestUnflagged).toFixed(1),
      (mean(bestUnflagged) - coachMean).toFixed(1),
    ]);
  }
  console.log(`\nk scout (coach + best move at its k most valuable decisions), ${kRuns.length} courses; coach mean total ${coachMean.toFixed(1)}\n`);
  console.log(table(['k', 'mean total', 'flagged', 'best unflagged total (k\' <= k)', 'vs coach'], kRows));
}

{
  // The best mean total a scout reaches while flagged at most 10% of the time, against the coach's mean.
  const coachRuns = byPolicy.get('coach');
  const coachMean = coachRuns === undefined ? NaN : mean(coachRuns.map((r) => r.total));
  let best: { policy: string; total: number } | null = null;
  for (const [p, rs] of byPolicy) {
    if ((HONEST as readonly string[]).includes(p)) continue;
    const candidates: { name: string; total: number; rate: number }[] =
      p === 'k'
        ? rs[0]!.ks!.map((_, k) => ({
            name: `k=${k}`,
            total: mean(rs.map((r) => r.ks![k]!.total)),
            rate: rs.filter((r) => r.ks![k]!.flagged).length / rs.length,
          }))
        : [{ name: p, total: mean(rs.map((r) => r.total)), rate: rs.filter((r) => r.flagged).length / rs.length }];
    for (const x of candidates) if (x.rate <= 0.1 && (best === null || x.total < best.total)) best = { policy: x.name, total: x.total };
  }
  if (best !== null)
    console.log(`\nbest scout flagged at most 10% of the time: ${best.policy}, mean total ${best.total.toFixed(1)} against the coach's ${coachMean.toFixed(1)} (${(best.total - coachMean).toFixed(1)})`);
}

const cpuRows: string[][] = [];
for (const [p, rs] of byPolicy) {
  const s = sortedOf(rs.map((r) => r.cpu));
  cpuRows.push([p, String(rs.length), quantile(s, 0.5).toFixed(0), quantile(s, 0.9).toFixed(0), s[s.length - 1]!.toFixed(0)]);
}
const all = sortedOf(results.filter((r) => r.policy !== 'k').map((r) => r.cpu));
cpuRows.push(['all but k', String(all.length), quantile(all, 0.5).toFixed(0), quantile(all, 0.9).toFixed(0), (all[all.length - 1] ?? NaN).toFixed(0)]);
console.log('\naudit CPU per round (ms, this process, Node)\n');
console.log(table(['policy', 'rounds', 'median', 'p90', 'max'], cpuRows));

/**
 * Audit calibration: figures, not assertions. Opt-in (hours at full size):
 *
 *   pnpm --filter @golf/engine bench -- audit [--courses N] [--policies a,b] [--seed S] [--k K]
 *                                             [--out results.jsonl] [--shard i/n] [--report a.jsonl,b.jsonl]
 *                                             [--list c1,c2,…] [--by-hole] [--summary file.tsv]
 *
 * Simulates N daily courses (default 1,000; nine `classic` holes each, dealt by `courseDecks` from random
 * 32-byte seeds, as the API deals them) for each policy, audits every round with `auditHole` + `combineAudit`
 * (what the API runs), and prints (`audit/tables.ts`):
 * - the calibration table: rounds flagged per policy, expected flags (the sum over the rounds of each one's chance of
 *   a flag over the verdict's lot, `min(1, evidence / 1,000)`, version 13), mean total strokes, median and
 *   90th-percentile p-value, telling decisions per round;
 * - the k table: a scout who plays the coach's moves except at its k most valuable decisions (where it plays
 *   a best move for the real stock), k = 0..K: mean total, rounds flagged, and the best total it reaches per
 *   course while staying unflagged, against the coach's mean total;
 * - the best mean total any scout reaches while flagged at most 10% of the time (expected), against the coach's;
 * - the audit's CPU per round (median, p90, max), per policy, over honest rounds and over scouts.
 *
 * The players are in `audit/players.ts`: honest ones never look at the stock (`random`, `greedy`, `planner`,
 * `coach`, `coach-noise`); scouts know it (`perfect`, `careful`, `perfect-mN`: perfect information with N deliberate
 * one-stroke mistakes a round, placed where the audit paid most, `B-tθ`: the blind policy B using the stock only where
 * its move loses θ strokes or more, and the k scout).
 *
 * `--out` appends one JSON line per course and policy to a file (a bare name such as `v13.jsonl` goes to
 * `bench/out/`, ignored by git), so a run can be resumed (courses already in
 * the file are skipped) or split over processes (`--shard 0/2` and `--shard 1/2`, each with its own file); a run
 * holds `<file>.lock` while it writes: a second run on the same file stops at once, and a lock whose run was killed is
 * taken over. `--report` prints the tables from such files only, each policy's course counted once. Courses run in
 * order, every policy in turn, so a run stopped early still has every policy at about the same count. `--list` runs
 * only the courses listed (each below N), in that order; `--by-hole` keeps each hole's evidence per capital in the
 * line (`byHole`), so that other ways to combine the holes can be judged without auditing again. `--summary` writes
 * the tables' figures as tab-separated counts (`summaryTsv`; the committed one is `bench/audit/calibration-v13.tsv`).
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  combineAudit,
  legalMoves,
  makeMove,
  replay,
  scoreOf,
  Xoshiro128,
  type Deal,
  type HoleAudit,
} from '../src/index.ts';
import { auditHole, roundEvidence } from '../src/audit.ts';
import { examineHole } from '../src/audit-hole.ts';
import {
  ALL,
  dealsOfCourse,
  kScoutStages,
  perfectLog,
  playHole,
  RealValues,
  rules,
  type HolePolicy,
  type Policy,
} from './audit/players.ts';
import { printTables, summaryTsv, type CourseResult } from './audit/tables.ts';
import { arg, cpuMs } from './common.ts';

const courses = Number(arg('courses') ?? 1000);
const benchSeed = Number(arg('seed') ?? 2024);
const courseDeals = (c: number): Deal[] => dealsOfCourse(benchSeed, c);
const maxK = Number(arg('k') ?? 5);
/**
 * Results files: a bare file name (no folder) lives in `bench/out/`, which git ignores (raw results are hours of
 * CPU and megabytes of lines: the repository keeps only the summary, `bench/audit/calibration-v13.tsv`).
 */
const OUT_DIR = join(import.meta.dirname, 'out');
const resultsFile = (name: string): string => (name.includes('/') ? name : join(OUT_DIR, name));
const out = arg('out') === undefined ? undefined : resultsFile(arg('out')!);
const report = arg('report')?.split(',').map(resultsFile).join(',');
/** `--summary file.tsv`: also writes the tables' figures as tab-separated counts (`summaryTsv`). */
const summary = arg('summary');
/** `--by-hole`: each line also keeps every hole's evidence per capital (`byHole`), to study other combinations. */
const byHole = process.argv.includes('--by-hole');
/** `--list a,b,…`: only these courses (each below `--courses`), in this order. */
const list = arg('list')?.split(',').map(Number);
/** `--shard i/n`: only the courses at places p with p % n === i in the run (to split a run over processes). */
const [shardIndex, shardCount] = (arg('shard') ?? '0/1').split('/').map(Number) as [number, number];
const policies = (arg('policies')?.split(',') ?? ALL) as Policy[];
for (const p of policies) if (!ALL.includes(p)) throw new Error(`unknown policy ${p}`);

const strokesOf = (d: Deal, log: string): number => {
  const r = replay(d, rules, log);
  if (!r.ok) throw new Error(r.error.message);
  return scoreOf(r.value).strokes;
};

/** A hole's audit after the round's holes before it (`before`, in play order), and its CPU. */
function auditOf(d: Deal, log: string, before: readonly HoleAudit[]): { audit: HoleAudit; cpu: number } {
  const t = cpuMs();
  const a = auditHole(d, rules, log, before);
  const cpu = cpuMs() - t;
  if (!a.ok) throw new Error(a.error.message);
  return { audit: a.value, cpu };
}

function verdict(holes: readonly HoleAudit[]) {
  const r = combineAudit(holes);
  if (!r.ok) throw new Error(r.error.message);
  // Each capital's evidence over the round, in powers of ten to a hundredth.
  const capitals = holes[0]!.evidence.map(
    (_, b) => Math.round(100 * holes.reduce((sum, h) => sum + Math.log10(h.evidence[b]!), 0)) / 100,
  );
  return { ...r.value, capitals, evidence: roundEvidence(holes.map((h) => h.evidence)) };
}

/** One course's line for `--out`: the round's verdict from its holes, with its total and audit CPU. */
function resultOf(
  policy: string,
  course: number,
  total: number,
  cpu: number,
  holes: readonly HoleAudit[],
): CourseResult {
  const v = verdict(holes);
  return {
    policy,
    course,
    total,
    pValue: v.pValue,
    flagged: v.flagged,
    evidence: v.evidence,
    telling: v.telling,
    cpu,
    capitals: v.capitals,
    ...(byHole
      ? { byHole: holes.map((h) => h.evidence.map((x) => Math.round(1000 * Math.log10(x)) / 1000)) }
      : {}),
  };
}

/**
 * Perfect information with `m` deliberate one-stroke mistakes a round, chosen against this audit: at the decisions
 * of the perfect round where the audit paid most (the largest product of a decision's factors: the most evidence a
 * miss there could cost), where some move loses exactly one stroke with the real stock, play that move, then the
 * perfect line from there (at most one mistake a hole).
 */
function runMistakes(m: number, c: number): CourseResult {
  const deals = courseDeals(c);
  const round = perfectRound(c);
  let cpu = round.cpu;
  const logs = [...round.logs];
  const candidates = [...round.candidates].sort((a, b) => b.factor - a.factor);
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
    logs[cand.h] = perfectLog(d, logs[cand.h]!.slice(0, cand.at) + makeMove(ms[i]!));
    changed.add(cand.h);
  }
  let total = 0;
  const holes: HoleAudit[] = [];
  deals.forEach((d, h) => {
    total += strokesOf(d, logs[h]!);
    const a = memoAudit(c, logs, h, () => auditOf(d, logs[h]!, holes));
    cpu += a.cpu;
    holes.push(a.audit);
  });
  return resultOf(`perfect-m${m}`, c, total, cpu, holes);
}

/**
 * Hole audits of one course by the logs of its holes up to that one. A hole's audit depends only on its log and the
 * audits of the holes before it, so a mistake scout's holes before his first changed one, and those the scouts with
 * fewer mistakes already changed alike, are the same audits: run once, their CPU counted for each round that has
 * them, as if run again (the `cpu` field means what it did).
 */
function memoAudit(
  c: number,
  logs: readonly string[],
  h: number,
  run: () => { audit: HoleAudit; cpu: number },
): { audit: HoleAudit; cpu: number } {
  if (auditMemo.course !== c) auditMemo = { course: c, audits: new Map() };
  const key = logs.slice(0, h + 1).join('/');
  let a = auditMemo.audits.get(key);
  if (a === undefined) auditMemo.audits.set(key, (a = run()));
  return a;
}
let auditMemo = { course: -1, audits: new Map<string, { audit: HoleAudit; cpu: number }>() };

/**
 * The perfect round of course `c`, audited once (the `perfect` policy's verdict and where the `perfect-mN` players
 * err), with every examined decision's factors and its CPU, which each policy that uses it counts as its own.
 */
function perfectRound(c: number) {
  if (perfectMemo?.course === c) return perfectMemo;
  const deals = courseDeals(c);
  const logs = deals.map((d) => perfectLog(d));
  const candidates: { h: number; at: number; factor: number }[] = [];
  const holes: HoleAudit[] = [];
  let cpu = 0;
  deals.forEach((d, h) => {
    const t = cpuMs();
    const examined = examineHole(d, rules, logs[h]!, holes);
    const holeCpu = cpuMs() - t;
    cpu += holeCpu;
    if (!examined.ok) throw new Error(examined.error.message);
    const { audit, decisions } = examined.value;
    for (const e of decisions) candidates.push({ h, at: e.at, factor: e.factors.reduce((a, f) => a * f, 1) });
    holes.push(audit);
    memoAudit(c, logs, h, () => ({ audit, cpu: holeCpu }));
  });
  perfectMemo = { course: c, logs, candidates, holes, cpu };
  return perfectMemo;
}
let perfectMemo: {
  course: number;
  logs: readonly string[];
  candidates: readonly { h: number; at: number; factor: number }[];
  holes: readonly HoleAudit[];
  cpu: number;
} | null = null;

function runCourse(policy: Exclude<Policy, 'k'>, c: number): CourseResult {
  const mistakes = /^perfect-m(\d)$/.exec(policy);
  if (mistakes !== null) return runMistakes(Number(mistakes[1]), c);
  if (policy === 'perfect') {
    const round = perfectRound(c);
    const total = courseDeals(c).reduce((sum, d, h) => sum + strokesOf(d, round.logs[h]!), 0);
    return resultOf(policy, c, total, round.cpu, round.holes);
  }
  const deals = courseDeals(c);
  const rng = Xoshiro128.fromSeed((c * 7919 + ALL.indexOf(policy) + 1) >>> 0);
  let total = 0;
  let cpu = 0;
  const holes: HoleAudit[] = [];
  deals.forEach((d, h) => {
    const log = playHole(policy as HolePolicy, d, rng, c * 100 + h * 10_000);
    total += strokesOf(d, log);
    const a = auditOf(d, log, holes);
    cpu += a.cpu;
    holes.push(a.audit);
  });
  return resultOf(policy, c, total, cpu, holes);
}

/**
 * The k scout (`kScoutStages`): the coach's round is k = 0, also reported as the `coach` policy. Its total and
 * verdict for each k; a stage audits again only the hole it changed and the holes after it (their ladders read it).
 */
function runKScout(c: number): CourseResult[] {
  const deals = courseDeals(c);
  const stages = kScoutStages(deals, c, maxK);
  const logs = stages[0]!.logs;
  let cpu = 0;
  const audits: HoleAudit[] = [];
  const auditFrom = (h: number, of: readonly string[]) => {
    audits.length = h;
    for (let i = h; i < deals.length; i++) {
      const a = auditOf(deals[i]!, of[i]!, audits);
      cpu += a.cpu;
      audits.push(a.audit);
    }
  };
  auditFrom(0, logs);
  const totalOf = (of: readonly string[]) => deals.reduce((s, d, h) => s + strokesOf(d, of[h]!), 0);
  const coachRow = resultOf('coach', c, totalOf(logs), cpu, audits);
  const { total, flagged, pValue, evidence } = coachRow;
  const ks: NonNullable<CourseResult['ks']>[number][] = [{ total, flagged, pValue, evidence }];
  for (const stage of stages.slice(1)) {
    if (stage.changed === null) {
      ks.push(ks[ks.length - 1]!);
      continue;
    }
    auditFrom(stage.changed, stage.logs);
    const v = verdict(audits);
    ks.push({ total: totalOf(stage.logs), flagged: v.flagged, pValue: v.pValue, evidence: v.evidence });
  }
  const last = ks[ks.length - 1]!;
  return [
    coachRow,
    {
      policy: 'k',
      course: c,
      total: last.total,
      pValue: last.pValue,
      flagged: last.flagged,
      telling: 0,
      cpu,
      ks,
    },
  ];
}

// ---- running ----

// One result per policy and course: a line seen twice (two runs appending to one file) counts once.
const done = new Set<string>();
const results: CourseResult[] = [];
let duplicates = 0;
function addResult(r: CourseResult): boolean {
  const key = `${r.policy}/${r.course}`;
  if (done.has(key)) {
    duplicates++;
    return false;
  }
  done.add(key);
  results.push(r);
  return true;
}
function readResults(file: string): void {
  for (const line of readFileSync(file, 'utf8').split('\n'))
    if (line.trim() !== '') addResult(JSON.parse(line) as CourseResult);
}

/**
 * One run per results file: two appending to the same file would run every course twice. The lock holds the run's
 * process id; a lock whose process is gone (a run killed outright) is taken over.
 */
function takeLock(lock: string): void {
  const alive = (pid: number): boolean => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (e) {
      return (e as NodeJS.ErrnoException).code === 'EPERM';
    }
  };
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(readFileSync(lock, 'utf8'));
    if (Number.isInteger(holder) && holder > 0 && alive(holder))
      throw new Error(`another run (process ${holder}) writes ${lock.slice(0, -'.lock'.length)}`);
    writeFileSync(lock, String(process.pid));
  }
  process.on('exit', () => {
    if (existsSync(lock) && readFileSync(lock, 'utf8') === String(process.pid)) rmSync(lock);
  });
}

if (report === undefined) {
  if (out !== undefined) {
    if (out.startsWith(OUT_DIR)) mkdirSync(OUT_DIR, { recursive: true });
    takeLock(`${out}.lock`);
    if (existsSync(out)) readResults(out);
  }
  // Warm the JIT outside the measured courses.
  auditOf(courseDeals(-1)[0]!, playHole('greedy', courseDeals(-1)[0]!, Xoshiro128.fromSeed(1), 0), []);
  // Course by course, every policy in turn: a run stopped early still has every policy at about the same count.
  const started = Date.now();
  const order = list ?? Array.from({ length: courses }, (_, c) => c);
  for (const [i, c] of order.entries()) {
    if (c >= courses || i % shardCount !== shardIndex) continue;
    for (const policy of policies) {
      // The k scout's k = 0 round is the coach's: one run gives both.
      if (policy === 'coach' && policies.includes('k')) continue;
      if (done.has(`${policy}/${c}`)) continue;
      const rs = policy === 'k' ? runKScout(c) : [runCourse(policy, c)];
      for (const r of rs)
        if (addResult(r) && out !== undefined) appendFileSync(out, JSON.stringify(r) + '\n');
    }
    if ((i + 1) % 10 === 0)
      process.stderr.write(
        `${i + 1}/${order.length} courses, ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
      );
  }
} else for (const file of report.split(',')) readResults(file);
if (duplicates > 0)
  process.stderr.write(`${duplicates} repeated lines (the same policy and course) counted once\n`);

printTables(results, ALL);
if (summary !== undefined) {
  writeFileSync(summary, summaryTsv(results, ALL));
  process.stderr.write(`summary written to ${summary}\n`);
}

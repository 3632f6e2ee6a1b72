/**
 * The oracle bound: at most how often could ANY valid audit flag a `B-tθ` scout, or the k scout (`k1` to `k5`)?
 * Figures, not assertions. Opt-in:
 *
 *   pnpm --filter @golf/engine bench -- oracle [--courses N] [--from C] [--policies coach-t3,k3,…] [--orders K]
 *                                              [--seed S] [--out results.jsonl] [--report a.jsonl,…]
 *                                              [--calibration v12-s.jsonl,v12-k.jsonl,…] [--mimic fixed|fresh|coach]
 *                                              [--thetas 2,3,4,…]
 *
 * A test is valid when it flags an honest round at most `AUDIT_ALPHA` of the time, whatever the honest strategy. One
 * honest strategy, the scout's mimic M, imitates the scout without seeing the stock: at each decision it draws an
 * order of the unseen cards, uniformly among those on which the scout's rule (its blind policy's move, or the first
 * best move where that loses θ strokes or more) would have made the choices M itself made at the earlier decisions
 * of this segment (the same stock cards drawn), and plays the scout's move for that order. Its probability of a
 * segment's choices is then P(an order reproduces them all), so for the scout's round the likelihood ratio of the
 * scout to M is at most L = ∏ 1 / P(segment reproduced) (docs/fair-play.md, "What it does not catch"). For any valid
 * test T and any c: P_scout(T flags) ≤ P_scout(L ≥ c) + c · α (on L < c the scout's law is below c times M's, and M
 * is flagged at most α of the time). The bench estimates each P(segment reproduced) with `--orders` orders (32 by
 * default; none reproduced counts as L = ∞, which can only raise the bound) and prints, per policy, the fewest of
 * `frac(L ≥ c) + c · α` over c, with its 95% upper confidence limit over the rounds.
 *
 * The k scout plays the coach and leaves it only at his k most valuable decisions of the round (`kScoutStages`): like
 * a coach θ scout whose θ depends on the round. His mimic draws θ once a round, uniformly from `--thetas`, then plays
 * the coach θ mimic (with the scout's coach seeds), so its probability of the round is the mean over the thresholds of
 * each one's, and L is one over that mean: at most the number of thresholds times the best single threshold's L.
 *
 * With `--mimic coach` (coach θ scouts only) the mimic is the plain coach instead, and L the likelihood ratio of the
 * scout to him, exact but for the coach's odds, which are estimated (`coachMimicHole`); `segments` counts the holes'
 * segments with unseen cards, as for the other mimics.
 *
 * The rounds are the calibration's (`audit.bench.ts`: the same courses of `--seed`, the same coach seeds), so
 * `--calibration` can show the audit's own verdict on each of them.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { optionValues } from '../src/audit-outcomes.ts';
import { AUDIT_ALPHA } from '../src/audit-settings.ts';
import { auditSteps, type AuditStep } from '../src/audit-steps.ts';
import { replay, scoreOf, Xoshiro128, type Deal } from '../src/index.ts';
import { DealSearch } from '../src/solve-fast.ts';
import {
  blindMove,
  coachMove,
  dealsOfCourse,
  kScoutStages,
  playHole,
  rules,
  scoutPick,
  thetaScout,
} from './audit/players.ts';
import { ALL, type HolePolicy, type Policy } from './audit/players.ts';
import { arg, cpuMs } from './common.ts';

const courses = Number(arg('courses') ?? 20);
const from = Number(arg('from') ?? 0);
const benchSeed = Number(arg('seed') ?? 2024);
const orderCount = Number(arg('orders') ?? 32);
const out = arg('out');
const report = arg('report');
const calibration = arg('calibration');
const policies = (arg('policies') ?? 'greedy-t3,planner-t3,coach-t3').split(',');
/**
 * `fixed`: the mimic's coach uses the scout's own coach seeds; `fresh`: seeds of its own, drawn per decision; `coach`:
 * the mimic is the plain coach, with seeds of its own (coach θ scouts only).
 */
const mimic = arg('mimic') ?? 'fixed';
if (mimic !== 'fixed' && mimic !== 'fresh' && mimic !== 'coach')
  throw new Error('--mimic is fixed, fresh or coach');
/** The thresholds the k scout's mimic draws from. */
const kThetas = (arg('thetas') ?? '2,3,4,5,6,8,10,12').split(',').map(Number);

interface OracleResult {
  readonly policy: string;
  readonly mimic: string;
  readonly course: number;
  readonly total: number;
  /** log10 of the round's L, null when some segment was reproduced by none of the orders (L = ∞ as far as seen). */
  readonly log10L: number | null;
  /** The k scout's mimic: the thresholds it draws from, and log10 L against each alone. */
  readonly thetas?: readonly number[];
  readonly log10LByTheta?: readonly (number | null)[];
  readonly segments: number;
  readonly orders: number;
  readonly cpu: number;
}

/** The decisions of a hole's log (two legal moves or more) made while some stock card was unseen, in play order. */
function decisionsWithUnseen(d: Deal, log: string): AuditStep[] {
  const steps = auditSteps(d, rules, log);
  if (!steps.ok) throw new Error(steps.error.message);
  return steps.value.filter((step) => step.moves.length >= 2 && step.pos.drawn < d.stock.length);
}

/**
 * For each threshold of `thetas`, log10 of P̂(an order reproduces the segment's choices), summed over a hole's
 * segments with unseen cards, or null when a segment was reproduced by none of the `k` orders. One pass over the
 * orders serves every threshold: each order's solves are shared, and it is followed until no threshold reproduces.
 */
function holeBound(
  d: Deal,
  log: string,
  blindPolicy: 'greedy' | 'planner' | 'coach',
  thetas: readonly number[],
  salt: number,
  k: number,
  rng: Xoshiro128,
  fresh: boolean,
): { log10P: (number | null)[]; segments: number } {
  const bySegment = new Map<number, { step: AuditStep; base: number }[]>();
  for (const step of decisionsWithUnseen(d, log)) {
    const base = blindMove(blindPolicy, step.pos, [...step.moves], salt);
    const list = bySegment.get(step.pos.drawn) ?? [];
    list.push({ step, base: step.moves.findIndex((m) => m.kind === base.kind && sameMove(m, base)) });
    bySegment.set(step.pos.drawn, list);
  }
  const log10P: (number | null)[] = thetas.map(() => 0);
  const add = (i: number, x: number | null) => {
    log10P[i] = plus(log10P[i]!, x);
  };
  if (fresh) {
    // The scout's own coach seed is hidden from the test too: his probability of each move he made is over fresh
    // seeds, with the real stock (the real seed counted among them, so the estimate can only be too high).
    const real = new DealSearch(d, rules);
    for (const decisions of bySegment.values())
      for (const { step } of decisions) {
        const v = optionValues(real, step);
        if (v === null) throw new Error('a real-stock solve passed the node cap');
        const same = thetas.map(() => 1);
        for (let n = 0; n < k; n++) {
          const blind = coachMove(step.pos, rng.below(1 << 30));
          thetas.forEach((t, i) => {
            if (scoutPick(step.moves, v, blind, t) === step.taken) same[i]!++;
          });
        }
        thetas.forEach((_t, i) => add(i, Math.log10(same[i]! / (k + 1))));
      }
    real.release();
  }
  for (const [drawn, decisions] of bySegment) {
    const revealed = d.stock.slice(0, drawn);
    const unseen = d.stock.slice(drawn);
    const reproduced = thetas.map(() => 0);
    for (let n = 0; n < k; n++) {
      for (let i = unseen.length - 1; i > 0; i--) {
        const j = rng.below(i + 1);
        [unseen[i], unseen[j]] = [unseen[j]!, unseen[i]!];
      }
      const search = new DealSearch(
        { columns: d.columns, waste: d.waste, stock: [...revealed, ...unseen] },
        rules,
      );
      // The scout's rule on this order, decision by decision, stopping once no threshold reproduces the choices. A
      // solve past the node cap counts as not reproduced: P̂ can only fall, L only rise.
      let alive = thetas.map((_t, i) => i);
      for (const { step, base } of decisions) {
        const blind = fresh ? coachMove(step.pos, rng.below(1 << 30)) : step.moves[base]!;
        const v = optionValues(search, step);
        alive =
          v === null ? [] : alive.filter((i) => scoutPick(step.moves, v, blind, thetas[i]!) === step.taken);
        if (alive.length === 0) break;
      }
      search.release();
      for (const i of alive) reproduced[i]!++;
    }
    if (process.env.ORACLE_DEBUG)
      console.log(
        `  drawn ${drawn}: ${decisions.length} decisions, ${decisions.filter(({ step, base }) => step.taken !== base).length} left the blind move, reproduced ${reproduced.map((r) => `${r}/${k}`).join(' ')}`,
      );
    reproduced.forEach((r, i) => add(i, r === 0 ? null : Math.log10(r / k)));
  }
  return { log10P, segments: bySegment.size };
}

/**
 * log10 of the likelihood ratio of a coach θ scout to the plain coach on one hole (`--mimic coach`). The coach plays
 * the best move on one order of the unseen cards drawn with a seed of his own, so he plays move m with odds π(m), a
 * function of the position shown; his probability of the hole's moves is the product of those odds, whatever the
 * stock. The scout draws the coach's move c the same way, and plays it unless it loses θ strokes or more with the real
 * stock, then the first best move (`scoutPick`). So at each decision, given the real stock, the scout plays m with
 * probability π(m) · [m loses less than θ] + [m is the first best] · Q, where Q is the odds of the coach's moves that
 * lose θ or more; the ratio to π(m) is 1 wherever m is not the first best move or Q is 0, and 1 + Q / π(m) elsewhere.
 * π and Q are estimated from `k` coach moves with fresh seeds, or up to 8k where none of the first k was m. Where none
 * was (π̂ = 0) the ratio counts as ∞ (null). 1 / π̂ is too high on average (Jensen), so L is estimated too high on
 * average, but a round's estimate can err either way.
 */
function coachMimicHole(
  d: Deal,
  log: string,
  theta: number,
  k: number,
  rng: Xoshiro128,
): { log10L: number | null; segments: number } {
  const decisions = decisionsWithUnseen(d, log);
  const real = new DealSearch(d, rules);
  let log10L: number | null = 0;
  try {
    for (const step of decisions) {
      const v = optionValues(real, step);
      if (v === null) throw new Error('a real-stock solve passed the node cap');
      const best = Math.min(...v);
      // Not the first best move, or no move loses θ: the scout plays m exactly as often as the coach.
      if (v.indexOf(best) !== step.taken || !v.some((x) => x - best >= theta)) continue;
      // More seeds where the scout's move was rare among the first k, up to 8k: a ratio of ∞ says little.
      let same = 0;
      let losing = 0;
      let n = 0;
      for (; n < k || (same === 0 && n < 8 * k); n++) {
        const c = step.moves.findIndex((m) => sameMove(m, coachMove(step.pos, rng.below(1 << 30))));
        if (c === step.taken) same++;
        else if (v[c]! - best >= theta) losing++;
      }
      if (process.env.ORACLE_DEBUG)
        console.log(`  move ${step.pos.moves} drawn ${step.pos.drawn}: π̂ ${same}/${n}, Q̂ ${losing}/${n}`);
      log10L = plus(log10L, same === 0 ? null : Math.log10((same + losing) / same));
      if (log10L === null) break;
    }
  } finally {
    real.release();
  }
  return { log10L, segments: new Set(decisions.map((step) => step.pos.drawn)).size };
}

/** Minus a log, where null stands for +∞ or −∞. */
const negate = (a: number | null): number | null => (a === null ? null : -a);
/** A sum of logs where null stands for −∞ (a segment no order reproduced). */
const plus = (a: number | null, b: number | null): number | null => (a === null || b === null ? null : a + b);

const sameMove = (a: AuditStep['moves'][number], b: AuditStep['moves'][number]): boolean =>
  a.kind === 'draw' ? b.kind === 'draw' : b.kind === 'play' && a.column === b.column;

/**
 * The scout of `policy` as the mimic knows him: his blind policy and the thresholds the mimic may draw (one, `θ`, for
 * a `B-tθ` scout; `--thetas` for the k scout, who plays the coach and leaves it only at his k most valuable
 * decisions, those where the coach's move loses most with the real stock, so like a coach θ scout whose θ depends on
 * the round).
 */
function mimicOf(policy: string): {
  blind: 'greedy' | 'planner' | 'coach';
  thetas: number[];
  k: number | null;
} {
  const scout = thetaScout(policy);
  if (scout !== null) return { blind: scout.blind, thetas: [scout.t], k: null };
  const k = /^k([1-9])$/.exec(policy);
  if (k === null)
    throw new Error(`the oracle bound is for B-tθ scouts and the k scout (k1 to k9), not ${policy}`);
  if (mimic !== 'fixed') throw new Error('the k scout has only the fixed mimic');
  return { blind: 'coach', thetas: kThetas, k: Number(k[1]) };
}

function runCourse(policy: string, c: number): OracleResult {
  const scout = mimicOf(policy);
  if (mimic === 'coach' && (scout.blind !== 'coach' || scout.k !== null))
    throw new Error('--mimic coach is for the coach θ scouts');
  const deals = dealsOfCourse(benchSeed, c);
  // The calibration's round: the same rng and coach seeds as audit.bench.ts.
  const rng = Xoshiro128.fromSeed((c * 7919 + ALL.indexOf(policy as Policy) + 1) >>> 0);
  const orders = Xoshiro128.fromSeed((c * 104_729 + 17) >>> 0);
  const t = cpuMs();
  const logs =
    scout.k === null
      ? deals.map((d, h) => playHole(policy as HolePolicy, d, rng, c * 100 + h * 10_000))
      : kScoutStages(deals, c, scout.k)[scout.k]!.logs;
  let total = 0;
  let log10P: (number | null)[] = scout.thetas.map(() => 0);
  let segments = 0;
  deals.forEach((d, h) => {
    const r = replay(d, rules, logs[h]!);
    if (!r.ok) throw new Error(r.error.message);
    total += scoreOf(r.value).strokes;
    if (mimic === 'coach') {
      // The plain coach's probability of the round against the scout's: L itself, not one over a probability.
      const hole = coachMimicHole(d, logs[h]!, scout.thetas[0]!, orderCount, orders);
      segments += hole.segments;
      log10P = [plus(log10P[0]!, negate(hole.log10L))];
      return;
    }
    const b = holeBound(
      d,
      logs[h]!,
      scout.blind,
      scout.thetas,
      c * 100 + h * 10_000,
      orderCount,
      orders,
      mimic === 'fresh' && scout.blind === 'coach',
    );
    segments += b.segments;
    log10P = log10P.map((x, i) => plus(x, b.log10P[i]!));
  });
  // The mimic draws its threshold uniformly: its probability of the round is the mean over the thresholds.
  const mean = log10P.reduce((s: number, x) => s + (x === null ? 0 : Math.pow(10, x)), 0) / log10P.length;
  return {
    policy,
    mimic,
    course: c,
    total,
    log10L: mean === 0 ? null : -Math.log10(mean),
    ...(scout.k === null
      ? {}
      : { thetas: scout.thetas, log10LByTheta: log10P.map((x) => (x === null ? null : -x)) }),
    segments,
    orders: orderCount,
    cpu: Math.round(cpuMs() - t),
  };
}

/** The one-sided 95% upper confidence limit of a binomial proportion (Clopper–Pearson), by bisection. */
function upper95(successes: number, n: number): number {
  if (successes >= n) return 1;
  const cdf = (p: number): number => {
    // P(X <= successes) for X ~ Binomial(n, p), its terms summed in log space: (1 - p)^n alone underflows to 0 for a
    // few hundred rounds.
    const logs = [n * Math.log1p(-p)];
    for (let i = 1; i <= successes; i++)
      logs.push(logs[i - 1]! + Math.log((n - i + 1) / i) + Math.log(p / (1 - p)));
    const top = Math.max(...logs);
    return Math.exp(top) * logs.reduce((sum, x) => sum + Math.exp(x - top), 0);
  };
  let lo = successes / n;
  let hi = 1;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (cdf(mid) > 0.05) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The fewest `frac(L ≥ c) + c · α` over c (c = 1 to 1 / α, twenty steps a power of ten), with its c. */
function bound(values: readonly (number | null)[], limit: (above: number, n: number) => number) {
  let best = { bound: Infinity, c: 1 };
  for (let x = 0; x <= 20 * Math.log10(1 / AUDIT_ALPHA); x++) {
    const c = Math.pow(10, x / 20);
    const above = values.filter((v) => v === null || v >= Math.log10(c)).length;
    const b = Math.min(1, limit(above, values.length) + c * AUDIT_ALPHA);
    if (b < best.bound) best = { bound: b, c };
  }
  return best;
}

function printReport(results: readonly OracleResult[]): void {
  const flagged = new Map<string, boolean>();
  for (const file of calibration?.split(',') ?? [])
    for (const line of readFileSync(file, 'utf8').split('\n'))
      if (line.trim() !== '') {
        const r = JSON.parse(line) as {
          policy: string;
          course: number;
          flagged: boolean;
          ks?: { flagged: boolean }[];
        };
        flagged.set(`${r.policy}/${r.course}`, r.flagged);
        // The k scout's line holds the verdict for each k.
        r.ks?.forEach((x, k) => flagged.set(`k${k}/${r.course}`, x.flagged));
      }
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  const rows = [...new Set(results.map((r) => `${r.policy}/${r.mimic}`))].map((key) => {
    const [policy, kind] = key.split('/') as [string, string];
    const rs = results.filter((r) => r.policy === policy && r.mimic === kind);
    const logs = rs.map((r) => r.log10L);
    const sorted = logs.map((v) => v ?? Infinity).sort((a, b) => a - b);
    const est = bound(logs, (above, n) => above / n);
    const conf = bound(logs, (above, n) => upper95(above, n));
    const audited = rs.filter((r) => flagged.has(`${policy}/${r.course}`));
    const auditFlags = audited.filter((r) => flagged.get(`${policy}/${r.course}`)).length;
    return [
      policy,
      kind,
      String(rs[0]!.orders),
      String(rs.length),
      (rs.reduce((s, r) => s + r.total, 0) / rs.length).toFixed(1),
      sorted[Math.floor(sorted.length / 2)]!.toFixed(2),
      (sorted[Math.floor(sorted.length * 0.9)] ?? Infinity).toFixed(2),
      `${pct(est.bound)} (c=${est.c.toFixed(0)})`,
      pct(conf.bound),
      audited.length === 0 ? '-' : `${auditFlags}/${audited.length}`,
      String(Math.round(rs.reduce((s, r) => s + r.cpu, 0) / rs.length / 1000)),
    ];
  });
  const head = [
    'policy',
    'mimic',
    'orders',
    'rounds',
    'mean total',
    'median log10 L',
    'p90',
    'bound',
    '95% upper',
    'audit flags',
    's/round',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => c.padStart(widths[i]!)).join('  ');
  console.log(`oracle bound: the most any valid audit (alpha ${AUDIT_ALPHA}) could flag a scout's rounds`);
  console.log('');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

function readResults(files: readonly string[]): OracleResult[] {
  return files.flatMap((f) =>
    existsSync(f)
      ? readFileSync(f, 'utf8')
          .split('\n')
          .filter((l) => l.trim() !== '')
          .map((l) => JSON.parse(l) as OracleResult)
      : [],
  );
}

if (report !== undefined) printReport(readResults(report.split(',')));
else {
  const done = new Set(
    readResults(out === undefined ? [] : [out]).map((r) => `${r.policy}/${r.mimic}/${r.course}`),
  );
  const results: OracleResult[] = readResults(out === undefined ? [] : [out]);
  for (let c = from; c < from + courses; c++)
    for (const policy of policies) {
      if (done.has(`${policy}/${mimic}/${c}`)) continue;
      const r = runCourse(policy, c);
      results.push(r);
      if (out !== undefined) appendFileSync(out, `${JSON.stringify(r)}\n`);
      console.log(
        `${policy} course ${c}: ${r.total} strokes, log10 L ${r.log10L?.toFixed(2) ?? '∞'}, ${r.cpu} ms`,
      );
    }
  printReport(results);
}

/** The audit calibration's tables, from one line per course and policy (what `--out` files hold). */
import { roundEvidence } from '../../src/audit.ts';
import { AUDIT_ALPHA, AUDIT_CAPITALS, AUDIT_PARTS } from '../../src/audit-settings.ts';
import { HONEST, type Policy } from './players.ts';

/** One course and policy, as written to `--out`. */
export interface CourseResult {
  readonly policy: string;
  readonly course: number;
  readonly total: number;
  readonly pValue: number;
  readonly flagged: boolean;
  /** The round's evidence (`roundEvidence`), from version 13 on; before it, `pValue` was `min(1, 1 / evidence)`. */
  readonly evidence?: number;
  /** With `pValue` from the capitals' bound, not an audit of the round (set by the version 12 study's script). */
  readonly bound?: boolean;
  readonly telling: number;
  /** Audit CPU for the round, ms. */
  readonly cpu: number;
  /** The round's evidence for each part and capital (`HoleAudit.evidence`'s order), in powers of ten. */
  readonly capitals?: readonly number[];
  /** With `--by-hole`: each hole's evidence per part and capital, in powers of ten to a thousandth. */
  readonly byHole?: readonly (readonly number[])[];
  /** For `k`: per k = 0..K, the total and whether flagged. */
  readonly ks?: readonly Pick<CourseResult, 'total' | 'flagged' | 'pValue' | 'evidence'>[];
}

/**
 * The chance that version 13's verdict flags a round over its uniform `u`: `min(1, evidence · AUDIT_ALPHA)`. From
 * `evidence` when the line has it; a line written before version 13 (whose hole audits are version 13's) has it as
 * `1 / pValue` below 1, from `byHole` (to a thousandth of a power of ten) at 1, and at most `AUDIT_ALPHA` otherwise
 * (evidence at most 1). A line whose p-value is a bound that flags (`bound`) is flagged whatever `u`.
 */
export function flagChance(
  r: Pick<CourseResult, 'pValue' | 'flagged' | 'evidence' | 'bound' | 'byHole'>,
): number {
  let e = r.evidence;
  if (e === undefined && r.bound === true && r.flagged) return 1;
  if (e === undefined && r.pValue < 1) e = 1 / r.pValue;
  if (e === undefined && r.byHole !== undefined)
    e = roundEvidence(r.byHole.map((h) => h.map((x) => 10 ** x)));
  return Math.min(1, (e ?? 1) * AUDIT_ALPHA);
}

const quantile = (sorted: readonly number[], q: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const sortedOf = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const fmtP = (p: number) => (p >= 0.01 ? p.toFixed(3) : p.toExponential(1));
const rate = (n: number, of: number) => `${n} (${((100 * n) / Math.max(1, of)).toFixed(1)}%)`;
const isHonest = (p: string) => (HONEST as readonly string[]).includes(p);

/**
 * Whether the round's first capital alone (the bets against the best move, each part at its weight) is past the
 * threshold: version 6's statistic, whose samples the first capital keeps to the bit. Null without `capitals`.
 */
function flaggedByFirst(r: CourseResult): boolean | null {
  const c = r.capitals;
  if (c === undefined || c.length !== AUDIT_PARTS.length * AUDIT_CAPITALS.length) return null;
  const evidence = AUDIT_PARTS.reduce(
    (sum, part, p) => sum + part.weight * 10 ** c[p * AUDIT_CAPITALS.length]!,
    0,
  );
  return evidence > 1 / AUDIT_ALPHA;
}

/** Per course, the k scout's best total over k' <= k among its unflagged rounds. */
function bestUnflaggedThrough(runs: readonly CourseResult[], k: number): number[] {
  return runs.map((r) =>
    Math.min(
      ...r
        .ks!.slice(0, k + 1)
        .filter((x) => !x.flagged)
        .map((x) => x.total),
    ),
  );
}

function table(head: string[], body: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => c.padStart(widths[i]!)).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

/** Prints every table for `results`, policies in the order of `order`. */
export function printTables(results: readonly CourseResult[], order: readonly Policy[]): void {
  const byPolicy = new Map<string, CourseResult[]>();
  for (const r of results) byPolicy.set(r.policy, [...(byPolicy.get(r.policy) ?? []), r]);

  const rows: string[][] = [];
  for (const p of order) {
    const rs = byPolicy.get(p);
    if (rs === undefined || p === 'k') continue;
    const ps = sortedOf(rs.map((r) => r.pValue));
    const byFirst = rs.map(flaggedByFirst);
    const chance = rs.reduce((sum, r) => sum + flagChance(r), 0);
    rows.push([
      p,
      isHonest(p) ? 'honest' : 'scout',
      String(rs.length),
      rate(rs.filter((r) => r.flagged).length, rs.length),
      `${chance.toFixed(1)} (${((100 * chance) / rs.length).toFixed(2)}%)`,
      byFirst.includes(null) ? '-' : rate(byFirst.filter((f) => f === true).length, rs.length),
      mean(rs.map((r) => r.total)).toFixed(1),
      fmtP(quantile(ps, 0.5)),
      fmtP(quantile(ps, 0.9)),
      mean(rs.map((r) => r.telling)).toFixed(1),
    ]);
  }
  console.log(
    '\naudit calibration: daily courses (classic, 9 holes), rounds per policy below, flagged when p < 0.001;\n' +
      'expected flags: the sum over the rounds of min(1, evidence / 1,000), their chance over u (version 13)\n',
  );
  console.log(
    table(
      [
        'policy',
        'kind',
        'rounds',
        'flagged',
        'expected flags',
        'first capital alone',
        'mean total',
        'median p',
        'p90 p',
        'telling',
      ],
      rows,
    ),
  );

  const coachRuns = byPolicy.get('coach');
  const coachMean = coachRuns === undefined ? null : mean(coachRuns.map((r) => r.total));
  const kRuns = byPolicy.get('k');
  if (kRuns !== undefined && kRuns.length > 0) {
    const kCoach = mean(kRuns.map((r) => r.ks![0]!.total));
    const K = kRuns[0]!.ks!.length - 1;
    const kRows: string[][] = [];
    for (let k = 0; k <= K; k++) {
      const at = kRuns.map((r) => r.ks![k]!);
      // Per course: the best total over k' <= k among the unflagged rounds.
      const bestUnflagged = bestUnflaggedThrough(kRuns, k);
      kRows.push([
        String(k),
        mean(at.map((x) => x.total)).toFixed(1),
        rate(at.filter((x) => x.flagged).length, at.length),
        `${((100 * at.reduce((sum, x) => sum + flagChance(x), 0)) / at.length).toFixed(2)}%`,
        mean(bestUnflagged).toFixed(1),
        (mean(bestUnflagged) - kCoach).toFixed(1),
      ]);
    }
    console.log(
      `\nk scout (coach + best move at its k most valuable decisions), ${kRuns.length} courses; coach mean total ${kCoach.toFixed(1)}\n`,
    );
    console.log(
      table(['k', 'mean total', 'flagged', 'expected', "best unflagged total (k' <= k)", 'vs coach'], kRows),
    );
  }

  // The best mean total a scout reaches while flagged at most 10% of the time (by the chance over u), against the
  // coach's mean.
  let best: { policy: string; total: number } | null = null;
  for (const [p, rs] of byPolicy) {
    if (isHonest(p)) continue;
    const candidates =
      p === 'k'
        ? rs[0]!.ks!.map((_, k) => ({
            name: `k=${k}`,
            total: mean(rs.map((r) => r.ks![k]!.total)),
            flagRate: rs.reduce((sum, r) => sum + flagChance(r.ks![k]!), 0) / rs.length,
          }))
        : [
            {
              name: p,
              total: mean(rs.map((r) => r.total)),
              flagRate: rs.reduce((sum, r) => sum + flagChance(r), 0) / rs.length,
            },
          ];
    for (const x of candidates)
      if (x.flagRate <= 0.1 && (best === null || x.total < best.total))
        best = { policy: x.name, total: x.total };
  }
  if (best !== null)
    console.log(
      `\nbest scout flagged at most 10% of the time: ${best.policy}, mean total ${best.total.toFixed(1)} ` +
        (coachMean === null
          ? '(no coach rounds in these results to compare with)'
          : `against the coach's ${coachMean.toFixed(1)} (${(best.total - coachMean).toFixed(1)})`),
    );

  const cpuRows: string[][] = [];
  for (const p of order) {
    const rs = byPolicy.get(p);
    if (rs === undefined) continue;
    const s = sortedOf(rs.map((r) => r.cpu));
    cpuRows.push([
      p,
      String(rs.length),
      quantile(s, 0.5).toFixed(0),
      quantile(s, 0.9).toFixed(0),
      s[s.length - 1]!.toFixed(0),
    ]);
  }
  for (const [name, keep] of [
    ['honest', (r: CourseResult) => isHonest(r.policy)],
    ['scouts but k', (r: CourseResult) => !isHonest(r.policy) && r.policy !== 'k'],
  ] as const) {
    const s = sortedOf(results.filter(keep).map((r) => r.cpu));
    if (s.length > 0)
      cpuRows.push([
        name,
        String(s.length),
        quantile(s, 0.5).toFixed(0),
        quantile(s, 0.9).toFixed(0),
        s[s.length - 1]!.toFixed(0),
      ]);
  }
  console.log('\naudit CPU per round (ms, this process, Node)\n');
  console.log(table(['policy', 'rounds', 'median', 'p90', 'max'], cpuRows));
}

/**
 * The calibration's summary as tab-separated text (what `--summary` writes, and what docs/fair-play.md's calibration
 * table is read from): one row per policy, then one per stage of the k scout (`k=0`, `k=1`, …: the coach with its k
 * most valuable decisions played with the real stock). Counts, not rates: `flagged` the rounds with evidence of 1,000
 * or more (flagged whatever the verdict's lot), `expected` the sum over the rounds of their chance of a flag over the
 * lot (`flagChance`), `first_alone` the rounds the bets against the best move alone would flag; `-` where a column
 * does not apply. A rate is a count over `rounds`.
 */
export function summaryTsv(results: readonly CourseResult[], order: readonly Policy[]): string {
  const byPolicy = new Map<string, CourseResult[]>();
  for (const r of results) byPolicy.set(r.policy, [...(byPolicy.get(r.policy) ?? []), r]);
  const head = [
    'policy',
    'kind',
    'rounds',
    'flagged',
    'expected',
    'first_alone',
    'mean_total',
    'median_p',
    'p90_p',
    'telling',
    'cpu_median_ms',
    'cpu_p90_ms',
    'cpu_max_ms',
    'best_unflagged_total',
  ];
  const rows: string[][] = [];
  for (const p of order) {
    const rs = byPolicy.get(p);
    if (rs === undefined) continue;
    const cpu = sortedOf(rs.map((r) => r.cpu));
    const cpuCols = [0.5, 0.9]
      .map((q) => quantile(cpu, q).toFixed(0))
      .concat(cpu[cpu.length - 1]!.toFixed(0));
    if (p === 'k') {
      const K = rs[0]!.ks!.length - 1;
      for (let k = 0; k <= K; k++) {
        const at = rs.map((r) => r.ks![k]!);
        const ps = sortedOf(at.map((x) => x.pValue));
        const best = bestUnflaggedThrough(rs, k);
        rows.push([
          `k=${k}`,
          'scout',
          String(at.length),
          String(at.filter((x) => x.flagged).length),
          at.reduce((sum, x) => sum + flagChance(x), 0).toFixed(2),
          '-',
          mean(at.map((x) => x.total)).toFixed(2),
          fmtP(quantile(ps, 0.5)),
          fmtP(quantile(ps, 0.9)),
          '-',
          ...(k === K ? cpuCols : ['-', '-', '-']),
          mean(best).toFixed(2),
        ]);
      }
      continue;
    }
    const ps = sortedOf(rs.map((r) => r.pValue));
    const byFirst = rs.map(flaggedByFirst);
    rows.push([
      p,
      isHonest(p) ? 'honest' : 'scout',
      String(rs.length),
      String(rs.filter((r) => r.flagged).length),
      rs.reduce((sum, r) => sum + flagChance(r), 0).toFixed(2),
      byFirst.includes(null) ? '-' : String(byFirst.filter((f) => f === true).length),
      mean(rs.map((r) => r.total)).toFixed(2),
      fmtP(quantile(ps, 0.5)),
      fmtP(quantile(ps, 0.9)),
      mean(rs.map((r) => r.telling)).toFixed(2),
      ...cpuCols,
      '-',
    ]);
  }
  return [head, ...rows].map((r) => r.join('\t')).join('\n') + '\n';
}

/**
 * Solver bench: figures, not assertions.
 *
 *   tsx bench/solve.bench.ts [--deals N] [--from K] [--presets classic,wrap] [--baseline M] [--win-only]
 *                            [--ablation A] [--repeat R]
 *
 * For deal numbers K..K+N-1 (default 1..1000) of each preset: the winnable fraction; median, p99 and max
 * milliseconds per deal for `win` and for `strokes`; positions visited; the transposition table's peak size
 * and the process's peak memory. Beside it, the plain memoised depth-first search (`solveBaseline`) on the
 * first M deals (default 10: it needs about a second a deal) with the fast solver on the same deals and
 * the ratio. `--win-only` skips `strokes` (for 10,000-deal winnable fractions). `--ablation A` (default 50)
 * solves classic deals 1..A with each pruning idea switched off in turn, to show what each one buys.
 * Times are CPU milliseconds of this process, per deal: the least of R runs of the same solve (default 2), since
 * a shared machine only ever adds time.
 */
import {
  dealNumber,
  PRESET_NAMES,
  PRESETS,
  solve,
  type Deal,
  type PresetName,
  type Rules,
} from '../src/index.ts';
import { DealSearch } from '../src/solve-fast.ts';
import { solveBaseline } from '../src/solve.ts';
import { arg, cpuMs } from './common.ts';

/** The pruning ideas of the fast search the ablation switches off, one at a time (absent: as the product has it). */
interface SearchTuning {
  /** The rank-matching bound. */
  readonly matching?: boolean;
  /** The walk bound runs with at most this many stock cards left (-1: never). */
  readonly walkStock?: number;
  /** King dominance. */
  readonly dominance?: boolean;
}

/** The fast search with the ideas `tuning` names switched as it says. */
class TunedSearch extends DealSearch {
  constructor(deal: Deal, rules: Rules, tuning: SearchTuning) {
    super(deal, rules);
    this.useMatching = tuning.matching ?? this.useMatching;
    this.walkStock = tuning.walkStock ?? this.walkStock;
    this.useDominance = tuning.dominance ?? this.useDominance;
  }
}

const deals = Number(arg('deals') ?? 1000);
const first = Number(arg('from') ?? 1);
const baselineDeals = Number(arg('baseline') ?? 10);
const winOnly = process.argv.includes('--win-only');
const ablationDeals = Number(arg('ablation') ?? 50);
const repeat = Number(arg('repeat') ?? 2);
const presets = (arg('presets')?.split(',') ?? [...PRESET_NAMES]) as PresetName[];

const quantile = (sorted: readonly number[], q: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const median = (xs: readonly number[]): number =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );
const ms = (x: number): string => (x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0));

let peakRss = 0;
const sampleMemory = (): void => {
  const rss = process.memoryUsage().rss;
  if (rss > peakRss) peakRss = rss;
};

interface Timing {
  readonly times: number[];
  readonly nodes: number[];
}

function timeSolve(
  fn: (d: Deal, r: Rules) => { winnable: boolean | null; nodes: number; strokes: number },
  ds: readonly Deal[],
  rules: Rules,
  runs = 1,
): Timing & { winnable: number; strokes: number[] } {
  const times: number[] = [];
  const nodes: number[] = [];
  const strokes: number[] = [];
  let winnable = 0;
  for (const d of ds) {
    let best = Infinity;
    let r!: ReturnType<typeof fn>;
    for (let k = 0; k < runs; k++) {
      const t = cpuMs();
      r = fn(d, rules);
      best = Math.min(best, cpuMs() - t);
    }
    times.push(best);
    nodes.push(r.nodes);
    strokes.push(r.strokes);
    if (r.winnable) winnable++;
    sampleMemory();
  }
  return { times, nodes, winnable, strokes };
}

const fast = (objective: 'win' | 'strokes') => (d: Deal, r: Rules) => {
  const res = solve(d, r, { objective });
  if (!res.ok) throw new Error(res.error.message);
  return res.value;
};
const base = (d: Deal, r: Rules) => {
  const res = solveBaseline(d, r, { objective: 'strokes' });
  if (!res.ok) throw new Error(res.error.message);
  return res.value;
};

const rows: string[][] = [];
const baseRows: string[][] = [];
const summary = (t: Timing): string[] => {
  const sorted = [...t.times].sort((a, b) => a - b);
  return [ms(quantile(sorted, 0.5)), ms(quantile(sorted, 0.99)), ms(sorted[sorted.length - 1] ?? NaN)];
};

for (const preset of presets) {
  const rules = PRESETS[preset];
  const ds: Deal[] = [];
  for (let n = first; n < first + deals; n++) {
    const d = dealNumber(n, rules);
    if (!d.ok) throw new Error(d.error.message);
    ds.push(d.value);
  }
  // Warm the JIT on deals outside the measured range.
  for (let n = 0; n < 3; n++) {
    const d = dealNumber(0xfffff000 + n, rules);
    if (d.ok) solve(d.value, rules);
  }
  const win = timeSolve(fast('win'), ds, rules, repeat);
  const strokes = winOnly ? null : timeSolve(fast('strokes'), ds, rules, repeat);
  rows.push([
    preset,
    String(deals),
    `${((100 * win.winnable) / deals).toFixed(1)}%`,
    ...summary(win),
    String(median(win.nodes)),
    ...(strokes ? summary(strokes) : ['-', '-', '-']),
    strokes ? String(median(strokes.nodes)) : '-',
    strokes ? String(Math.max(...strokes.nodes)) : '-',
  ]);
  if (strokes && strokes.winnable !== win.winnable)
    console.log(`! ${preset}: win and strokes disagree on winnability`);
  const m = Math.min(baselineDeals, deals);
  if (m > 0 && !winOnly) {
    const subset = ds.slice(0, m);
    const b = timeSolve(base, subset, rules, repeat);
    const f = { times: strokes!.times.slice(0, m), nodes: strokes!.nodes.slice(0, m) };
    const agree = b.strokes.every((v, i) => v === strokes!.strokes[i]);
    const bTotal = b.times.reduce((x, y) => x + y, 0);
    const fTotal = f.times.reduce((x, y) => x + y, 0);
    baseRows.push([
      preset,
      String(m),
      ms(median(b.times)),
      String(median(b.nodes)),
      ms(median(f.times)),
      String(median(f.nodes)),
      `${(bTotal / fTotal).toFixed(1)}x`,
      `${(median(b.nodes) / median(f.nodes)).toFixed(1)}x`,
      agree ? 'yes' : 'NO',
    ]);
  }
}

function table(head: string[], body: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => c.padStart(widths[i]!)).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

console.log(`\nsolve: deals ${first}..${first + deals - 1}, one core, CPU ms per deal\n`);
console.log(
  table(
    [
      'preset',
      'deals',
      'winnable',
      'win med',
      'win p99',
      'win max',
      'win nodes',
      'strokes med',
      'p99',
      'max',
      'nodes med',
      'nodes max',
    ],
    rows,
  ),
);
if (baseRows.length > 0) {
  console.log('\nbaseline (plain memoised DFS, strokes) against the fast solver on the same deals\n');
  console.log(
    table(
      [
        'preset',
        'deals',
        'base med',
        'base nodes',
        'fast med',
        'fast nodes',
        'time ratio',
        'nodes ratio',
        'agree',
      ],
      baseRows,
    ),
  );
}
if (ablationDeals > 0) {
  // What each idea buys: classic deals 1..A, the fast search with one idea off at a time (and all off: the same
  // integer keys and flat table, no bounds, no dominance).
  const rules = PRESETS.classic;
  const variants: [string, SearchTuning][] = [
    ['all on', {}],
    ['no king dominance', { dominance: false }],
    ['no matching bound', { matching: false }],
    ['no walk bound', { walkStock: -1 }],
    ['walk bound at any stock', { walkStock: 99 }],
    ['none', { dominance: false, matching: false, walkStock: -1 }],
  ];
  /** One deal's `win` and `strokes` searches from the deal's start with `tuning`: CPU milliseconds and positions. */
  const ablate = (d: Deal, tuning: SearchTuning) => {
    const top = d.waste === null ? -1 : d.waste % 13;
    const heights = [5, 5, 5, 5, 5, 5, 5];
    let s = new TunedSearch(d, rules, tuning);
    let t = cpuMs();
    s.setHeights(heights);
    s.win(35, 0, top, s.keyOf(0, top));
    const win = { time: cpuMs() - t, nodes: s.nodes };
    s = new TunedSearch(d, rules, tuning);
    t = cpuMs();
    s.optimumStrokes(heights, 0, top);
    return { win, strokes: { time: cpuMs() - t, nodes: s.nodes } };
  };
  // Warm the JIT on the tuned search too (a class of its own), on deals outside the measured range.
  for (let n = 0; n < 3; n++) {
    const d = dealNumber(0xfffff000 + n, rules);
    if (d.ok) ablate(d.value, {});
  }
  const ab: string[][] = [];
  for (const [name, tuning] of variants) {
    const winNodes: number[] = [];
    const winTimes: number[] = [];
    const sNodes: number[] = [];
    const sTimes: number[] = [];
    for (let n = 1; n <= ablationDeals; n++) {
      const d = dealNumber(n, rules);
      if (!d.ok) throw new Error(d.error.message);
      const { win, strokes } = ablate(d.value, tuning);
      winTimes.push(win.time);
      winNodes.push(win.nodes);
      sTimes.push(strokes.time);
      sNodes.push(strokes.nodes);
      sampleMemory();
    }
    ab.push([
      name,
      ms(median(winTimes)),
      String(median(winNodes)),
      ms(median(sTimes)),
      String(median(sNodes)),
      String(Math.max(...sNodes)),
    ]);
  }
  console.log(`\nablation: classic deals 1..${ablationDeals}, medians\n`);
  console.log(
    table(['variant', 'win ms', 'win nodes', 'strokes ms', 'strokes nodes', 'strokes max nodes'], ab),
  );
}
console.log(`\npeak memory (rss): ${(peakRss / 2 ** 20).toFixed(0)} MiB`);

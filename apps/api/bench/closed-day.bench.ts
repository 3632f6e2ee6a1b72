/**
 * `pnpm --filter @golf/api bench:day [-- --players N]`: a simulated day through the HTTP contract, then its close
 * and its fair-play audit. Figures, not assertions.
 *
 * The real app and its SQL on SQLite in memory (`memoryApp`, the engine's audit, the exact solver for perfect play) with a clock
 * the bench moves. N honest players (default 30, in turn: first fit, last fit, the run planner, the planner
 * with 10% random moves, random moves) see only the
 * layout and the cards their draws show. Then the cheat of the fair-play issue: a throwaway account draws through
 * all nine stocks, and a second account plays the perfect-information line from what the first learned. The day
 * closes, the cron's job runs (`/api/dev/scheduled`, as locally), and the bench prints every round's audit, the
 * standings before and after, and the audit's CPU.
 */
import {
  isOver,
  legalMoves,
  makeMove,
  parseCard,
  planRun,
  PRESETS,
  replay,
  solve,
  standInDeal,
  type Card,
  type Deal,
  type Move,
  type Position,
  Xoshiro128,
} from '@golf/engine';
import type { CourseView, DrawView, HoleResultView, NewPlayer, StandingsView } from '../src/index.ts';
import type { RoundAuditView, UnderReviewView } from '../src/services/audit.ts';
import { memoryApp } from '../src/testing.ts';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const HONEST = Number(arg('players') ?? 30);
const DATE = '2026-09-14';
const rules = PRESETS.classic;

let clock = new Date(`${DATE}T09:00:00.000Z`);
const { app, env } = memoryApp({ now: () => clock });

async function call<T>(
  method: string,
  path: string,
  init: { token?: string; body?: unknown; ip?: string } = {},
) {
  const headers: Record<string, string> = { 'cf-connecting-ip': init.ip ?? '192.0.2.1' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await app.request(
    path,
    { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) },
    { ...env, LOCAL_DEV: '1' },
  );
  const body = (await res.json()) as T;
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

const card = (text: string): Card => {
  const c = parseCard(text);
  if (!c.ok) throw new Error(text);
  return c.value;
};

/** Picks a move from what the player has been shown: `pos` is replayed on stand-ins for the undrawn cards. */
type Policy = (pos: Position, moves: readonly Move[]) => Move;
const rng = Xoshiro128.fromSeed(2026);
const anyMove: Policy = (_pos, moves) => moves[rng.below(moves.length)]!;
const POLICIES: Record<string, Policy> = {
  'first fit': (_pos, moves) => moves.find((m) => m.kind === 'play') ?? moves[0]!,
  'last fit': (_pos, moves) => [...moves].reverse().find((m) => m.kind === 'play') ?? moves[0]!,
  planner: (pos, moves) => planRun(pos)?.move ?? moves[0]!,
  'planner, 10% random': (pos, moves) =>
    rng.below(10) === 0 ? anyMove(pos, moves) : POLICIES.planner!(pos, moves),
  random: anyMove,
};

/** Plays one hole through the API with `pick`, or along `line` (a log known in advance). */
async function playHole(
  token: string,
  course: CourseView,
  hole: number,
  next: { pick: Policy } | { line: string },
): Promise<{ log: string; drawn: Card[]; strokes: number }> {
  const view = course.holes[hole - 1]!;
  const layout = { columns: view.columns.map((c) => c.map(card)), waste: card(view.waste) };
  const drawn: Card[] = [];
  let log = '';
  const position = (): Position => {
    const deal = standInDeal(layout, drawn, view.stockSize);
    if (!deal.ok) throw new Error(deal.error.message);
    const pos = replay(deal.value, rules, log);
    if (!pos.ok) throw new Error(pos.error.message);
    return pos.value;
  };
  for (let pos = position(); !isOver(pos); pos = position()) {
    const moves = legalMoves(pos);
    const move = 'line' in next ? next.line[log.length]! : makeMove(next.pick(pos, moves));
    if (move === 'd') {
      const r = await call<DrawView>('POST', `/api/daily/${DATE}/attempt/draw`, {
        token,
        body: { hole, log: `${log}d` },
      });
      drawn.push(card(r.card));
    }
    log += move;
  }
  const done = await call<HoleResultView>('POST', `/api/daily/${DATE}/attempt/holes/${hole}`, {
    token,
    body: { log },
  });
  return { log, drawn, strokes: done.strokes };
}

async function newPlayer(name: string, n: number): Promise<NewPlayer> {
  return call<NewPlayer>('POST', '/api/players', { body: { name }, ip: `198.51.100.${n % 250}` });
}

interface Round {
  readonly player: NewPlayer;
  readonly policy: string;
  readonly total: number;
}

async function playRound(
  player: NewPlayer,
  course: CourseView,
  lines: (hole: number) => { pick: Policy } | { line: string },
) {
  await call('POST', `/api/daily/${DATE}/attempt`, { token: player.token });
  const holes = [];
  for (let hole = 1; hole <= 9; hole++) holes.push(await playHole(player.token, course, hole, lines(hole)));
  return holes;
}

const course = await call<CourseView>('GET', `/api/daily/${DATE}`);
const rounds: Round[] = [];
const t0 = performance.now();
for (let i = 0; i < HONEST; i++) {
  const policy = Object.keys(POLICIES)[i % Object.keys(POLICIES).length]!;
  const player = await newPlayer(`Honest ${i + 1}`, i);
  const holes = await playRound(player, course, () => ({ pick: POLICIES[policy]! }));
  rounds.push({ player, policy, total: holes.reduce((s, h) => s + h.strokes, 0) });
}
// The scout: draws every stock card first (a draw is legal whenever stock remains), then plays out the hole.
const drawFirst: Policy = (_pos, moves) => moves.find((m) => m.kind === 'draw') ?? moves[0]!;
const scout = await newPlayer('Throwaway', 251);
const decks: Deal[] = [];
let scoutTotal = 0;
await call('POST', `/api/daily/${DATE}/attempt`, { token: scout.token });
for (let hole = 1; hole <= 9; hole++) {
  const view = course.holes[hole - 1]!;
  const h = await playHole(scout.token, course, hole, { pick: drawFirst });
  decks.push({ columns: view.columns.map((c) => c.map(card)), waste: card(view.waste), stock: h.drawn });
  scoutTotal += h.strokes;
}
rounds.push({ player: scout, policy: 'scout (draws all)', total: scoutTotal });
const cheat = await newPlayer('Cheater', 252);
const perfectLines = decks.map((deal) => {
  const r = solve(deal, rules, { objective: 'strokes' });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.log;
});
const cheatHoles = await playRound(cheat, course, (hole) => ({ line: perfectLines[hole - 1]! }));
rounds.push({
  player: cheat,
  policy: 'perfect information',
  total: cheatHoles.reduce((s, h) => s + h.strokes, 0),
});
console.log(
  `played ${rounds.length} rounds through the API in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const openStandings = await call<StandingsView>('GET', `/api/daily/${DATE}/standings?limit=100`);
const openRank = new Map(openStandings.entries.map((e) => [e.playerId, e.rank]));

// The day closes; the cron's job runs (locally `/api/dev/scheduled`), the audit included.
clock = new Date(new Date(`${DATE}T00:00:00.000Z`).getTime() + 86_400_000 + 10 * 60_000);
const cpu0 = process.cpuUsage();
const w0 = performance.now();
const run = await call<{ audit: { rounds: number; audited: number; flagged: number; complete: boolean } }>(
  'POST',
  '/api/dev/scheduled',
);
const wall = performance.now() - w0;
const cpu = process.cpuUsage(cpu0);
const closed = await call<StandingsView>('GET', `/api/daily/${DATE}/standings?limit=100`);
const review = await call<UnderReviewView>('GET', `/api/daily/${DATE}/review`);
const finalRank = new Map(closed.entries.map((e) => [e.playerId, e.rank]));

console.log(
  `\nday closed; the cron's run audited ${run.audit.audited} of ${run.audit.rounds} rounds, flagged ` +
    `${run.audit.flagged}, complete: ${run.audit.complete}; ${(wall / 1000).toFixed(1)} s wall, ` +
    `${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU (${((cpu.user + cpu.system) / 1e3 / run.audit.rounds).toFixed(0)} ms a round, the course's perfect play included)\n`,
);
console.log(
  'player          policy                total  rank open  p-value   flagged  telling/decisions  rank closed',
);
for (const r of rounds) {
  const a = await call<RoundAuditView>('GET', `/api/daily/${DATE}/audits/${r.player.id}`);
  const v = a.verdict;
  console.log(
    [
      r.player.name.padEnd(15),
      r.policy.padEnd(21),
      String(r.total).padStart(5),
      String(openRank.get(r.player.id) ?? '-').padStart(10),
      (v ? v.pValue.toPrecision(2) : '-').padStart(9),
      String(v?.flagged ?? '-').padStart(8),
      (v ? `${v.telling}/${v.decisions}` : '-').padStart(18),
      String(finalRank.get(r.player.id) ?? 'review').padStart(12),
    ].join(' '),
  );
}
console.log(
  `\nclosed standings: ${closed.players} ranked, ${closed.underReview} under review; review list: ` +
    review.rounds.map((r) => `${r.name} (${r.total}, p = ${r.pValue.toPrecision(2)})`).join(', '),
);

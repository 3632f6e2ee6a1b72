/**
 * The audit's golden rounds: the inputs (boards, logs, salt) of a fixed set of rounds played by honest players and by
 * scouts who know the stock, and everything the audit answered on them (every hole's `HoleAudit` and the round's
 * `RoundAudit`), kept in `audit-golden.json`.
 *
 * The expected answers were produced once by the audit as it stood before its code was reorganised (version 13), and
 * are kept as they are: the requirement they check is "every verdict unchanged, to the last bit". Regenerate only for
 * a new audit version, never to make a failing test pass:
 *
 *   pnpm exec tsx test-fixtures/audit-golden.ts > test-fixtures/audit-golden.json   (in packages/engine)
 */
import { auditHole, combineAudit } from '../src/audit.ts';
import type { HoleAudit, RoundAudit } from '../src/audit-verdict.ts';
import { makeBoard, parseBoard } from '../src/board-text.ts';
import { dealFromDeck, dealNumberDeck, type Deal } from '../src/deal.ts';
import { Xoshiro128 } from '../src/rng.ts';
import { PRESETS, type PresetName } from '../src/rules.ts';
import { solve } from '../src/solve.ts';
import { firstMoveLog, unwrap } from './play.ts';

/** What goes into `auditRound` for one golden round, and who played it. */
export interface GoldenInput {
  /** A policy of the audit bench's players, or a plain one under other rules. */
  readonly player: string;
  readonly rules: PresetName;
  readonly salt: string;
  /** The holes' deals, as board text. */
  readonly boards: readonly string[];
  readonly logs: readonly string[];
}

/** One golden round: its input, `auditHole` of each hole in turn (after the holes before it), and the verdict. */
export interface GoldenRound extends GoldenInput {
  readonly holes: readonly HoleAudit[];
  /** `combineAudit(holes)`, which is `auditRound` of the round. */
  readonly verdict: RoundAudit;
}

/** A secret-looking salt (lowercase hex, as the API's daily salts), one of two the golden rounds are audited with. */
export const GOLDEN_SALT = '5e1f0c3a9b27d48e';

/** A golden round's deals. */
export const goldenDeals = (round: Pick<GoldenRound, 'boards' | 'rules'>): Deal[] =>
  round.boards.map((b) => unwrap(parseBoard(b, PRESETS[round.rules])));

/** The audit's answers on a round: each hole after the ones before it, then the round's verdict. */
export function auditGolden(round: GoldenInput): {
  holes: HoleAudit[];
  verdict: RoundAudit;
} {
  const { rules, logs, salt } = round;
  const deals = goldenDeals(round);
  const holes: HoleAudit[] = [];
  deals.forEach((d, h) => holes.push(unwrap(auditHole(d, PRESETS[rules], logs[h]!, holes, salt))));
  return { holes, verdict: unwrap(combineAudit(holes)) };
}

/** The perfect-information line of a hole under `rules` (a scout who knows the stock at every move). */
const perfectLog = (d: Deal, rules: PresetName): string => unwrap(solve(d, PRESETS[rules], {})).log;

/** The rounds' inputs: the audit bench's players on its daily courses, then plain players under other rules. */
async function goldenInputs(): Promise<GoldenInput[]> {
  // The bench's players are loaded only here, to make the fixture: the test reads the logs they played.
  const { dealsOfCourse, playHole } = await import('../bench/audit/players.ts');
  const players = [
    'random',
    'greedy',
    'planner',
    'coach-noise',
    'perfect',
    'careful',
    'greedy-t1',
    'planner-t2',
    'coach-t3',
  ] as const;
  const inputs: GoldenInput[] = [];
  const add = (
    player: string,
    rules: PresetName,
    salt: string,
    deals: readonly Deal[],
    logs: readonly string[],
  ) => inputs.push({ player, rules, salt, boards: deals.map(makeBoard), logs });
  // Three-hole rounds for the players whose audits are cheap; the others' take seconds each, so they play one and two.
  const twoHolesAtMost = new Set<string>(['random', 'careful', 'greedy-t1', 'planner-t2']);
  for (const [p, player] of players.entries()) {
    for (let c = 0; c < (twoHolesAtMost.has(player) ? 2 : 3); c++) {
      // One to three holes a round: the later holes' sample counts read the earlier holes' evidence.
      const deals = dealsOfCourse(2025, p * 10 + c).slice(0, 1 + c);
      const rng = Xoshiro128.fromSeed(p * 100 + c + 1);
      const logs = deals.map((d, h) => playHole(player, d, rng, c * 100 + h * 10_000));
      for (const salt of ['', GOLDEN_SALT]) add(player, 'classic', salt, deals, logs);
    }
  }
  // Perfect information on a course whose first holes are enough to flag it (with the salt after two, without it
  // after seven), and a whole course played first-fit.
  const course = dealsOfCourse(2025, 99);
  const perfect = course.map((d) => perfectLog(d, 'classic'));
  for (const salt of ['', GOLDEN_SALT])
    add('perfect', 'classic', salt, course.slice(0, 2), perfect.slice(0, 2));
  add('perfect', 'classic', GOLDEN_SALT, course.slice(0, 6), perfect.slice(0, 6));
  add('perfect', 'classic', '', course.slice(0, 7), perfect.slice(0, 7));
  add(
    'greedy',
    'classic',
    '',
    course,
    course.map((d) => playHole('greedy', d, Xoshiro128.fromSeed(1), 0)),
  );
  // Other rules: a deal number's deck dealt by them, played first-fit and with perfect information.
  const others: PresetName[] = ['queen-on-king', 'wrap', 'turn-the-corner'];
  for (const [i, rules] of others.entries()) {
    const deals = [11, 12].map((n) => dealFromDeck(unwrap(dealNumberDeck(n + 100 * i)), PRESETS[rules]));
    const plays: [string, (d: Deal) => string][] = [
      ['first-fit', (d) => firstMoveLog(d, PRESETS[rules])],
      ['perfect', (d) => perfectLog(d, rules)],
    ];
    for (const [player, play] of plays) {
      const logs = deals.map(play);
      add(player, rules, i % 2 === 0 ? GOLDEN_SALT : '', deals, logs);
    }
  }
  return inputs;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rounds: GoldenRound[] = [];
  for (const input of await goldenInputs()) rounds.push({ ...input, ...auditGolden(input) });
  // A round a line: the diff of a new version shows which rounds changed.
  process.stdout.write(
    `{"auditVersion":13,"rounds":[\n${rounds.map((r) => JSON.stringify(r)).join(',\n')}\n]}\n`,
  );
}

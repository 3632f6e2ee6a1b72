/**
 * The golden rounds' checks, shared by the two test files that run them (src/audit.golden.test.ts and
 * src/audit.golden.rest.test.ts): the rounds take about 25 s of audit work, and two files let Vitest run the halves at
 * once on two cores.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { auditGolden, type GoldenRound } from './audit-golden.ts';

export const golden = JSON.parse(readFileSync(new URL('./audit-golden.json', import.meta.url), 'utf8')) as {
  auditVersion: number;
  rounds: GoldenRound[];
};

/** A round's answers as text, numbers to the last bit: JSON writes every double so that it reads back the same. */
export const exactly = (value: unknown): string => JSON.stringify(value);

/** Who played a round, and under which rules ("classic perfect"): the files split the rounds by player. */
const playerOf = (r: GoldenRound): string => `${r.rules} ${r.player}`;

/**
 * The players of the first file: the ones whose audits take longest (perfect information, whose every decision is
 * judged on many samples), about half of the work. Every other player is the second file's.
 */
const FIRST_FILE = new Set([
  'classic perfect',
  'classic greedy',
  'classic planner',
  'turn-the-corner perfect',
]);

/** Which of the two files. */
export type GoldenFile = 'first' | 'rest';

/** The rounds one file checks: the two files together check every round once. */
export const roundsOf = (file: GoldenFile): GoldenRound[] =>
  golden.rounds.filter((r) => FIRST_FILE.has(playerOf(r)) === (file === 'first'));

/**
 * The rounds of one file, a test per round: every hole's audit and the verdict unchanged. The timeout is a guard
 * against a hang, not a speed check: a round takes up to a few seconds alone, and many times that on a machine
 * running the whole suite.
 */
export function checkGoldenRounds(file: GoldenFile): void {
  for (const [i, round] of roundsOf(file).entries()) {
    const holes = `${round.logs.length} hole${round.logs.length === 1 ? '' : 's'}`;
    const salt = round.salt === '' ? 'no salt' : 'salted';
    it(`gives ${playerOf(round)}'s round ${i + 1} (${holes}, ${salt}) every hole's audit and the verdict unchanged`, () => {
      const { holes, verdict } = auditGolden(round);
      expect(exactly(holes)).toBe(exactly(round.holes));
      expect(exactly(verdict)).toBe(exactly(round.verdict));
    }, 300_000);
  }
}

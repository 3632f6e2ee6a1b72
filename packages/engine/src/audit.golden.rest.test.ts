/**
 * The audit's golden rounds, second half: every player audit.golden.test.ts does not check (see there), and
 * `auditRound` against the holes combined.
 */
import { describe, expect, it } from 'vitest';
import { auditRound } from './audit.ts';
import { PRESETS } from './rules.ts';
import { goldenDeals } from '../test-fixtures/audit-golden.ts';
import { checkGoldenRounds, exactly, golden } from '../test-fixtures/audit-golden-suite.ts';

describe('the audit on its golden rounds, the other players', () => {
  checkGoldenRounds('rest');

  it('gives auditRound the same verdict as the holes combined', () => {
    // The salted one-hole rounds but the random player's: cheap, and `auditRound` runs the same holes as `auditGolden`.
    const rounds = golden.rounds.filter((r) => r.logs.length === 1 && r.salt !== '' && r.player !== 'random');
    expect(rounds.length).toBe(8);
    for (const round of rounds) {
      const r = auditRound(goldenDeals(round), PRESETS[round.rules], round.logs, round.salt);
      expect(exactly(r)).toBe(exactly({ ok: true, value: round.verdict }));
    }
  }, 300_000);
});

/**
 * The audit's golden rounds (test-fixtures/audit-golden.ts): every answer the audit gives on 57 rounds, honest and
 * scouting, with and without a salt, must stay what it was, to the last bit. This file checks the players whose
 * audits cost most; audit.golden.rest.test.ts the others (test-fixtures/audit-golden-suite.ts splits them), so the
 * two halves run at once.
 *
 * The expected answers in test-fixtures/audit-golden.json are data: they were produced by the audit (version 13) as it
 * stood before its code was reorganised, and are compared as they are. That is the point of this test: the requirement
 * is "unchanged from before", not "right" (the other audit tests say what right is). About 25 s on one core in all.
 */
import { describe, expect, it } from 'vitest';
import { AUDIT_VERSION } from './audit-settings.ts';
import { checkGoldenRounds, golden, roundsOf } from '../test-fixtures/audit-golden-suite.ts';

describe('the audit on its golden rounds', () => {
  it('is the version the rounds were pinned with', () => {
    expect(golden.auditVersion).toBe(AUDIT_VERSION);
    expect(golden.rounds.length).toBeGreaterThanOrEqual(50);
    expect(golden.rounds.some((r) => r.verdict.flagged)).toBe(true);
    expect(golden.rounds.some((r) => r.salt !== '')).toBe(true);
    // Both files have rounds to check.
    expect(roundsOf('first').length).toBeGreaterThan(0);
    expect(roundsOf('rest').length).toBeGreaterThan(0);
  });

  checkGoldenRounds('first');
});

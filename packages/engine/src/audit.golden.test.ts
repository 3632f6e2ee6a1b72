/**
 * The audit's golden rounds (test-fixtures/audit-golden.ts): every answer the audit gives on 57 rounds, honest and
 * scouting, with and without a salt, must stay what it was, to the last bit.
 *
 * The expected answers in test-fixtures/audit-golden.json are data: they were produced by the audit (version 13) as it
 * stood before its code was reorganised, and are compared as they are. That is the point of this test: the requirement
 * is "unchanged from before", not "right" (the other audit tests say what right is). About 25 s on one core.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { auditRound } from './audit.ts';
import { AUDIT_VERSION } from './audit-settings.ts';
import { PRESETS } from './rules.ts';
import { auditGolden, goldenDeals, type GoldenRound } from '../test-fixtures/audit-golden.ts';

const golden = JSON.parse(
  readFileSync(new URL('../test-fixtures/audit-golden.json', import.meta.url), 'utf8'),
) as { auditVersion: number; rounds: GoldenRound[] };

/** A round's answers as text, numbers to the last bit: JSON writes every double so that it reads back the same. */
const exactly = (value: unknown): string => JSON.stringify(value);

describe('the audit on its golden rounds', () => {
  it('is the version the rounds were pinned with', () => {
    expect(golden.auditVersion).toBe(AUDIT_VERSION);
    expect(golden.rounds.length).toBeGreaterThanOrEqual(50);
    expect(golden.rounds.some((r) => r.verdict.flagged)).toBe(true);
    expect(golden.rounds.some((r) => r.salt !== '')).toBe(true);
  });

  const players = [...new Set(golden.rounds.map((r) => `${r.rules} ${r.player}`))];
  for (const player of players) {
    const rounds = golden.rounds.filter((r) => `${r.rules} ${r.player}` === player);
    it(`gives ${player}'s ${rounds.length} rounds every hole's audit and the verdict unchanged`, () => {
      for (const round of rounds) {
        const { holes, verdict } = auditGolden(round);
        expect(exactly(holes)).toBe(exactly(round.holes));
        expect(exactly(verdict)).toBe(exactly(round.verdict));
      }
    }, 60_000);
  }

  it('gives auditRound the same verdict as the holes combined', () => {
    // The salted one-hole rounds but the random player's: cheap, and `auditRound` runs the same holes as `auditGolden`.
    const rounds = golden.rounds.filter((r) => r.logs.length === 1 && r.salt !== '' && r.player !== 'random');
    expect(rounds.length).toBe(8);
    for (const round of rounds) {
      const r = auditRound(goldenDeals(round), PRESETS[round.rules], round.logs, round.salt);
      expect(exactly(r)).toBe(exactly({ ok: true, value: round.verdict }));
    }
  }, 60_000);
});

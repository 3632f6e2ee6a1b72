import type { Deal, Rules } from '@golf/engine';

/** One round's verdict, as the API stores and shows it. */
export interface AuditVerdict {
  readonly flagged: boolean;
  readonly pValue: number;
  readonly telling: number;
  readonly decisions: number;
}

/**
 * The audit the API runs: the engine's, decision for decision the same as `pnpm -s golf audit`. A port so tests
 * can substitute a cheaper one where the audit itself is not what they test.
 */
export interface Auditor {
  /** One hole's audit as plain data (stored between slices). */
  hole(deal: Deal, rules: Rules, log: string): unknown;
  verdict(holes: readonly unknown[]): AuditVerdict;
}

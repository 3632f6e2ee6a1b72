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
  /**
   * One hole's audit as plain data (stored between slices), after the audits of the round's holes before it, in play
   * order, as this auditor returned them: the hole's ladders read their evidence. Null when those are another audit
   * version's (stored before a deployment): the caller audits the round again from its first hole. `salt` seeds its
   * sampled orders: the day's audit salt (`auditSalt`), secret until the day closes.
   */
  hole(deal: Deal, rules: Rules, log: string, before: readonly unknown[], salt: string): unknown;
  verdict(holes: readonly unknown[]): AuditVerdict;
}

import { AUDIT_CAPITALS, AUDIT_PARTS } from '@golf/engine';
import type { Auditor } from '../ports/auditor.ts';

/**
 * Local development only (`AUDIT_STAND_IN=1` with `LOCAL_DEV=1`, src/config.ts): a fair-play audit of fixed, tiny
 * cost that flags nothing, so the close bench measures the pipeline (queue, ledger, archive) rather than the
 * solver. Its hole results have the shape and about the size of an honest hole's audit (no telling decision), so
 * what the archive stores per round is close to the real thing. Never used in a deployment.
 */
export const standInAuditor: Auditor = {
  hole(_deal, _rules, log) {
    const decisions = log.length;
    return {
      version: 0,
      decisions,
      examined: decisions,
      bets: 0,
      evidence: Array<number>(AUDIT_PARTS.length * AUDIT_CAPITALS.length).fill(1),
      prior: Array<number>(AUDIT_PARTS.length * AUDIT_CAPITALS.length).fill(1),
      telling: [],
      exact: true,
      lot: 0,
    };
  },
  verdict(holes) {
    const decisions = (holes as { decisions: number }[]).reduce((n, h) => n + h.decisions, 0);
    return { flagged: false, pValue: 1, telling: 0, decisions };
  },
};

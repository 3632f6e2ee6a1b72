import { auditHole, combineAudit, type HoleAudit } from '@golf/engine';
import type { Auditor } from '../ports/auditor.ts';

/** The engine's audit, decision for decision the same as `pnpm -s golf audit`. */
export const engineAuditor: Auditor = {
  hole(deal, rules, log, before, salt) {
    const audit = auditHole(deal, rules, log, before as HoleAudit[], salt);
    // Earlier holes stored by another audit version: the caller starts the round again.
    if (!audit.ok && audit.error.code === 'ERR_VERSION') return null;
    // Logs come from the ledger, verified when they were played: any other failure here is a bug.
    if (!audit.ok) throw new Error(`audit failed: ${audit.error.message}`);
    return audit.value;
  },
  verdict(holes) {
    const round = combineAudit(holes as HoleAudit[]);
    if (!round.ok) throw new Error(`audit failed: ${round.error.message}`);
    const { flagged, pValue, telling, decisions } = round.value;
    return { flagged, pValue, telling, decisions };
  },
};

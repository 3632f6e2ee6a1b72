/**
 * The integrity audit of a finished round (docs/fair-play.md#what-the-audit-protects-and-against-whom).
 *
 * A player who knows the stock plays moves that do well with that stock; a player who does not can only play moves
 * that do well on average over the orders the unseen cards could be in. For an honest player the real order of the
 * unseen cards is one more uniformly random order given everything he was shown, so it does like any sampled one.
 * Each hole is audited on its own (audit-hole.ts), after the holes before it; the round's evidence is a weighted mean
 * of its capitals' products over the holes, and its p-value `min(1, u / evidence)` with a uniform `u` drawn from the
 * day's secret salt and the logs, flagged below `AUDIT_ALPHA` (docs/fair-play.md#the-verdict, #proof).
 */
import { COURSE_HOLES, type Deal } from './deal.ts';
import { err, ok, type Result } from './result.ts';
import type { Rules } from './rules.ts';
import { examineHole, isHoleAudit, roundPrior } from './audit-hole.ts';
import { verdictUniform } from './audit-lot.ts';
import { AUDIT_ALPHA, AUDIT_CAPITALS, AUDIT_PARTS, AUDIT_SWITCH } from './audit-settings.ts';
import type { AuditCapital, AuditPart, AuditSwitch } from './audit-shapes.ts';
import { auditSteps } from './audit-steps.ts';
import type { AuditError, HoleAudit, RoundAudit } from './audit-verdict.ts';

/**
 * Audits one finished hole (`deal`, `rules`, `log`), given the audits of the round's holes before it, in play order
 * (none for the first). `salt` goes into the seed of its sampled orders: the API's is the day's audit salt, secret
 * until the day closes. The result is plain data (JSON round-trips it) for `combineAudit`. See `examineHole`.
 */
export function auditHole(...hole: Parameters<typeof examineHole>): Result<HoleAudit, AuditError> {
  const examined = examineHole(...hole);
  return examined.ok ? ok(examined.value.audit) : examined;
}

/**
 * The round's verdict from its holes' audits, in play order. Pure: the API can audit holes in separate CPU slices,
 * store each `HoleAudit`, and combine them at the end. Each hole must have been audited after the holes before it
 * here (`ERR_ORDER` otherwise): its sample counts read their evidence.
 */
export function combineAudit(holes: readonly HoleAudit[]): Result<RoundAudit, AuditError> {
  if (holes.length < 1 || holes.length > COURSE_HOLES)
    return err({
      code: 'ERR_LENGTHS',
      message: `a round has 1 to ${COURSE_HOLES} holes, got ${holes.length}`,
    });
  const bad = holes.findIndex((h) => !isHoleAudit(h));
  if (bad >= 0)
    return err({
      code: 'ERR_VERSION',
      message: `hole ${bad + 1} was audited by another audit version`,
      hole: bad,
    });
  const misplaced = holes.findIndex((h, i) => {
    const prior = roundPrior(holes.slice(0, i));
    return prior.some((v, b) => v !== h.prior[b]);
  });
  if (misplaced >= 0)
    return err({
      code: 'ERR_ORDER',
      message: `hole ${misplaced + 1} was audited after other holes than the ones before it here`,
      hole: misplaced,
    });
  const evidence = roundEvidence(holes.map((h) => h.evidence));
  // The randomized Markov test: with u uniform and independent of the evidence, P(u / E <= a) = E[min(1, a E)] <= a.
  const u = verdictUniform(holes.map((h) => h.lot));
  const pValue = evidence <= u ? 1 : u / evidence;
  return ok({
    flagged: pValue < AUDIT_ALPHA,
    pValue,
    telling: holes.reduce((n, h) => n + h.telling.length, 0),
    decisions: holes.reduce((n, h) => n + h.decisions, 0),
    holes: holes.map((h) => ({ telling: h.telling })),
  });
}

/**
 * The round's evidence from its holes' evidence (`HoleAudit.evidence`, holes in play order). For each capital, each
 * hole's evidence keeps its expectation at most 1 given the holes before it (the decks are independent), so:
 * - outside `sw`, each capital's product over the holes is an e-value, weighed by its part's weight times its own
 *   (multiplied in sorted order, so that the product does not depend on the order the holes come in);
 * - the capitals of `sw` together hold their weights' sum, spread over them hole by hole: hole `h` pays
 *   `Σ w_b · e_b`, whose expectation is at most 1 given the holes before it, since the weights `w` are fixed by those
 *   holes. After the hole, `w` follows what each capital gained (`w_b · e_b`, normalised), and a share `sw.share` of it
 *   goes back to the capitals' own weights. The product over the holes is an e-value ("fixed share"); `share` 0 gives
 *   back the plain products.
 *
 * A weighted mean of e-values whose weights sum to 1 is an e-value.
 */
export function roundEvidence(
  evidence: readonly (readonly number[])[],
  sw: AuditSwitch = AUDIT_SWITCH,
  parts: readonly AuditPart[] = AUDIT_PARTS,
  capitals: readonly AuditCapital[] = AUDIT_CAPITALS,
): number {
  const size = parts.length * capitals.length;
  const weight = (b: number) =>
    parts[Math.floor(b / capitals.length)]!.weight * capitals[b % capitals.length]!.weight;
  const switching = sw.capitals.map((c) => sw.part * capitals.length + c);
  let total = 0;
  for (let b = 0; b < size; b++) {
    if (switching.includes(b)) continue;
    let product = 1;
    for (const v of evidence.map((h) => h[b]!).sort((x, y) => x - y)) product *= v;
    total += weight(b) * product;
  }
  if (switching.length === 0) return total;
  const held = switching.reduce((sum, b) => sum + weight(b), 0);
  const own = switching.map((b) => weight(b) / held);
  let w = [...own];
  let product = 1;
  for (const h of evidence) {
    const gained = switching.map((b, i) => w[i]! * h[b]!);
    const paid = gained.reduce((a, x) => a + x, 0);
    product *= paid;
    // A hole that paid nothing leaves the round's product at 0: the weights no longer matter.
    if (paid === 0) break;
    w = gained.map((g, i) => (1 - sw.share) * (g / paid) + sw.share * own[i]!);
  }
  return total + held * product;
}

/** Audits a whole round: `combineAudit(holes.map(auditHole))`, holes in order with `salt`, the first bad one reported. */
export function auditRound(
  deals: readonly Deal[],
  rules: Rules,
  logs: readonly string[],
  salt = '',
): Result<RoundAudit, AuditError> {
  if (deals.length !== logs.length)
    return err({ code: 'ERR_LENGTHS', message: `${deals.length} boards but ${logs.length} logs` });
  if (deals.length < 1 || deals.length > COURSE_HOLES)
    return err({
      code: 'ERR_LENGTHS',
      message: `a round has 1 to ${COURSE_HOLES} holes, got ${deals.length}`,
    });
  // Check every log before the costly part, so bad input answers at once.
  for (let h = 0; h < deals.length; h++) {
    const s = auditSteps(deals[h]!, rules, logs[h]!);
    if (!s.ok) return err({ ...s.error, hole: h, message: `hole ${h + 1}: ${s.error.message}` });
  }
  const holes: HoleAudit[] = [];
  for (let h = 0; h < deals.length; h++) {
    const a = auditHole(deals[h]!, rules, logs[h]!, holes, salt);
    if (!a.ok) return err({ ...a.error, hole: h, message: `hole ${h + 1}: ${a.error.message}` });
    holes.push(a.value);
  }
  return combineAudit(holes);
}

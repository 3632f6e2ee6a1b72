import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_ALPHA,
  AUDIT_VERSION,
  AUDIT_WEIGHT,
  auditHole,
  auditRound,
  auditSteps,
  betFactor,
  combineAudit,
  drawSamples,
  type HoleAudit,
} from './audit.ts';
import { dealNumber, type Deal } from './deal.ts';
import { applyMove, legalMoves, makeMove, startPosition } from './game.ts';
import { PRESETS } from './rules.ts';
import { solve } from './solve.ts';
import { randomLog, unwrap } from '../test-fixtures/play.ts';

const rules = PRESETS.classic;
const deal = (n: number): Deal => unwrap(dealNumber(n, rules));
const perfectLog = (d: Deal): string => unwrap(solve(d, rules)).log;

/** An honest player who never looks at the stock: the first legal move (plays left to right, then the draw). */
function greedyLog(d: Deal): string {
  let pos = startPosition(d, rules);
  let log = '';
  for (;;) {
    const m = legalMoves(pos)[0];
    if (m === undefined) return log;
    pos = unwrap(applyMove(pos, m));
    log += makeMove(m);
  }
}

// Audits solve many positions; shared machines can be slow.
const SLOW = 60_000;

describe('betFactor', () => {
  it('property: an honest player wins nothing on average, whatever the counts', () => {
    // Given T = B + hit hits among the A accepted samples and the real stock (exchangeable draws), the real
    // stock is the hit with probability T / (A + 1). The factor's expectation over that must be 1 (at most 1
    // when T = 0: the real stock surely missed, and a miss only loses).
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 64 }), fc.nat(65), (a, t0) => {
        const t = t0 % (a + 2);
        const pHit = t / (a + 1);
        let mean = 0;
        if (t >= 1) mean += pHit * betFactor(a, t - 1, true);
        if (t <= a) mean += (1 - pHit) * betFactor(a, t, false);
        if (t === 0) expect(mean).toBeLessThanOrEqual(1);
        else expect(mean).toBeCloseTo(1, 12);
      }),
      { numRuns: 1000, seed: 3 },
    );
  });

  it('pays (A + 1) / T for a hit, 0 for a miss, and bets nothing when (almost) every order agrees', () => {
    // 16 accepted orders, the move was best in 3 of them and for the real stock: T = 4.
    expect(betFactor(16, 3, true)).toBe(17 / 4);
    expect(betFactor(16, 3, false)).toBe(0);
    // Best in every sampled order, or in all but one and missed: T >= A, no bet.
    expect(betFactor(16, 16, true)).toBe(1);
    expect(betFactor(16, 16, false)).toBe(1);
    expect(betFactor(16, 15, true)).toBe(1);
    expect(betFactor(16, 15, false)).toBe(0);
    // No accepted sample: no bet.
    expect(betFactor(0, 0, true)).toBe(1);
    expect(betFactor(0, 0, false)).toBe(1);
  });
});

describe('auditHole', () => {
  it('is deterministic and its result is plain data', { timeout: SLOW }, () => {
    const d = deal(16);
    const log = perfectLog(d);
    const a = unwrap(auditHole(d, rules, log));
    const b = unwrap(auditHole(d, rules, log));
    expect(b).toEqual(a);
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
    expect(a.version).toBe(AUDIT_VERSION);
  });

  it('finds evidence in a perfect-information line, and says why in plain words', { timeout: SLOW }, () => {
    // Deal 16: perfect play (4 strokes) draws with a 2 playable, and plays against the odds, within the window.
    const d = deal(16);
    const log = perfectLog(d);
    const a = unwrap(auditHole(d, rules, log));
    expect(a.bets).toBeGreaterThan(0);
    expect(a.evidence).toBeGreaterThan(2);
    expect(a.telling.length).toBeGreaterThan(0);
    for (const t of a.telling) {
      expect(log[t.at]).toBe(t.move);
      expect(t.why).toMatch(/^(Drew with .+ playable|Played [2-9TJQKA][CDHS] from column [1-7]): without knowing the stock, /);
      expect(t.why).toMatch(/better by \d+\.\d strokes on average; with the stock known, (the draw|this play) was best\.$/);
    }
  });

  it('flags a round of perfect-information play', { timeout: SLOW }, () => {
    const deals = [16, 26, 9, 20, 22, 23, 28, 30, 13].map(deal);
    const r = unwrap(auditRound(deals, rules, deals.map(perfectLog)));
    expect(r.flagged).toBe(true);
    expect(r.pValue).toBeLessThan(AUDIT_ALPHA);
    expect(r.telling).toBeGreaterThan(0);
  });

  it('does not flag an honest round: the greedy player on nine deals', { timeout: SLOW }, () => {
    const deals = [21, 22, 23, 24, 25, 26, 27, 28, 29].map(deal);
    const r = unwrap(auditRound(deals, rules, deals.map(greedyLog)));
    expect(r.flagged).toBe(false);
    expect(r.pValue).toBeGreaterThan(AUDIT_ALPHA);
    expect(r.holes).toHaveLength(9);
  });
});

describe('drawSamples', () => {
  it('property: never reads the order of the cards not yet drawn', { timeout: SLOW }, () => {
    // Two deals that differ only in the order of the stock beyond `drawn` give the same counts and blind
    // expectations: the samples depend on what was shown, not on the real order.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), fc.array(fc.nat(20), { minLength: 60, maxLength: 60 }), fc.nat(), (n, choices, perm) => {
        const d = deal(n);
        const log = randomLog(d, rules, choices);
        const steps = unwrap(auditSteps(d, rules, log));
        const cut = steps.findIndex((s) => s.pos.drawn >= 9 && s.moves.length >= 2);
        if (cut < 0) return;
        const drawn = steps[cut]!.pos.drawn;
        const segment = steps.filter((s, i) => i >= cut && s.pos.drawn === drawn && s.moves.length >= 2);
        // Reverse, or rotate, the undrawn part.
        const rest = d.stock.slice(drawn);
        const other = perm % 2 === 0 ? rest.slice().reverse() : [...rest.slice(1), rest[0]!];
        const shuffled: Deal = { ...d, stock: [...d.stock.slice(0, drawn), ...other] };
        // Conditions from earlier decisions too: the same in both, as the real hits would give them.
        const before = steps.slice(0, cut).filter((s) => s.moves.length >= 2 && s.pos.drawn >= drawn - 2);
        const conditions = before.map((step, k) => ({ step, hit: k % 2 === 0 }));
        const a = drawSamples(d, rules, drawn, segment, conditions, 3, 1);
        const b = drawSamples(shuffled, rules, drawn, segment, conditions, 3, 1);
        expect(a.values).toHaveLength(3);
        expect(b).toEqual(a);
      }),
      { numRuns: 12, seed: 8 },
    );
  });
});

describe('errors', () => {
  const d = deal(16);
  const log = perfectLog(d);

  it('codes every bad input, never throws', () => {
    expect(auditRound([d], rules, [log, log])).toMatchObject({ ok: false, error: { code: 'ERR_LENGTHS' } });
    expect(auditRound([], rules, [])).toMatchObject({ ok: false, error: { code: 'ERR_LENGTHS' } });
    expect(auditRound(Array(10).fill(d), rules, Array(10).fill(log))).toMatchObject({ ok: false, error: { code: 'ERR_LENGTHS' } });
    const twice: Deal = { ...d, stock: [d.stock[1]!, ...d.stock.slice(1)] };
    expect(auditHole(twice, rules, log)).toMatchObject({ ok: false, error: { code: 'ERR_BOARD' } });
    expect(auditHole(d, PRESETS['turn-the-corner'], log)).toMatchObject({ ok: false, error: { code: 'ERR_BOARD' } });
    expect(auditHole(d, rules, 'x')).toMatchObject({ ok: false, error: { code: 'ERR_ILLEGAL_MOVE', at: 0 } });
    expect(auditHole(d, rules, log.slice(0, -1))).toMatchObject({ ok: false, error: { code: 'ERR_NOT_OVER' } });
    expect(auditHole(d, rules, log + 'd')).toMatchObject({ ok: false, error: { code: 'ERR_ILLEGAL_MOVE', at: log.length } });
    // The hole and the move are named.
    const bad = auditRound([d, d], rules, [log, 'dd9']);
    expect(bad).toMatchObject({ ok: false, error: { code: 'ERR_ILLEGAL_MOVE', hole: 1, at: 2 } });
    if (!bad.ok) expect(bad.error.message).toMatch(/^hole 2: move 3: /);
  });

  it('property: any log string gets a result or a coded error', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), (text) => {
        const r = auditHole(d, rules, text);
        if (!r.ok) expect(['ERR_ILLEGAL_MOVE', 'ERR_NOT_OVER']).toContain(r.error.code);
      }),
      { numRuns: 300, seed: 2 },
    );
  });

  it('combines only holes audited by this version', () => {
    const h: HoleAudit = { version: AUDIT_VERSION + 1, decisions: 0, examined: 0, bets: 0, evidence: 1, telling: [], exact: true };
    expect(combineAudit([h])).toMatchObject({ ok: false, error: { code: 'ERR_VERSION', hole: 0 } });
    expect(combineAudit([{ ...h, version: AUDIT_VERSION, evidence: -1 }])).toMatchObject({ ok: false, error: { code: 'ERR_VERSION' } });
    expect(combineAudit([])).toMatchObject({ ok: false, error: { code: 'ERR_LENGTHS' } });
  });
});

describe('combineAudit', () => {
  const hole = (evidence: number, decisions = 10): HoleAudit => ({
    version: AUDIT_VERSION,
    decisions,
    examined: 5,
    bets: 2,
    evidence,
    telling: [],
    exact: true,
  });

  it('multiplies the holes, each worth 0.98 of its evidence plus 0.02', () => {
    expect(AUDIT_WEIGHT).toBe(0.98);
    // (0.98 · 10 + 0.02) · (0.98 · 50 + 0.02) = 9.82 · 49.02 = 481.3764.
    const r = unwrap(combineAudit([hole(10), hole(50, 7)]));
    expect(r.pValue).toBeCloseTo(1 / 481.3764, 12);
    expect(r.flagged).toBe(false);
    expect(r.decisions).toBe(17);
    // One more hole with 3: 481.3764 · 2.96 = 1424.874144 > 1000, flagged.
    const f = unwrap(combineAudit([hole(10), hole(50), hole(3)]));
    expect(f.pValue).toBeCloseTo(1 / 1424.874144, 12);
    expect(f.flagged).toBe(true);
    // A hole with a miss (0) counts 0.02, and evidence below 1 is no evidence: the p-value stays 1.
    expect(unwrap(combineAudit([hole(0), hole(4)])).pValue).toBe(1);
    expect(unwrap(combineAudit([hole(0), hole(1000)])).pValue).toBeCloseTo(1 / (0.02 * 980.02), 12);
  });

  it('does not depend on the order of the holes', () => {
    const holes = [hole(3), hole(0), hole(40)];
    expect(unwrap(combineAudit(holes)).pValue).toBe(unwrap(combineAudit(holes.slice().reverse())).pValue);
  });
});

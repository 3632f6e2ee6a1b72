import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import type { StandingsView } from '../src/index.ts';
import { auditSlice, type RoundAuditView, type UnderReviewView } from '../src/services/audit.ts';
import { buildDeps, servicesFor } from '../src/deps.ts';
import { noCache } from '../src/ports/edge-cache.ts';
import { playCourse, quickPerfect, testAuditor, testClient } from './helpers.ts';

/**
 * Three players finish a day (two play the first column that fits, the third the last one); the audit, a stand-in
 * that flags rounds holding one of the given logs, runs once the day closes.
 */
async function closedDay(date: string, flagged: Set<string> = new Set()) {
  const client = testClient(`${date}T12:00:00.000Z`, undefined, testAuditor(flagged));
  const players = [];
  for (const pick of ['first', 'first', 'last'] as const) {
    const p = await client.player(`P ${pick}`);
    const { holes } = await playCourse(client, date, p.token, pick);
    players.push({ ...p, total: holes.at(-1)!.result.total, logs: holes.map((h) => h.log) });
  }
  return { client, players };
}

describe('the fair-play audit through the API', () => {
  it('runs only after close, in slices top of the standings first, and a flagged round leaves the ranking', async () => {
    const date = '2026-07-01';
    const flagged = new Set<string>();
    const { client, players } = await closedDay(date, flagged);
    // Flag the round that played the last column: a log of it that the others did not play.
    const [first, , last] = players;
    const hole = last!.logs.findIndex((log, h) => log !== first!.logs[h]);
    expect(hole).toBeGreaterThanOrEqual(0);
    flagged.add(last!.logs[hole]!);
    const open = await client.call('GET', `/api/daily/${date}/audits/${players[0]!.id}`);
    expect(open.status).toBe(403);

    client.setNow('2026-07-02T00:10:00.000Z');
    const before = await client.call<StandingsView>('GET', `/api/daily/${date}/standings`);
    expect(before.body.closed).toBe(true);
    // The request started the day's audit after its response; a closed day being audited is kept 30 s.
    expect(before.headers.get('cache-control')).toBe('public, max-age=30');

    // Run the audit to its end through the local scheduled route.
    const run = await client.app.request(
      '/api/dev/scheduled',
      { method: 'POST' },
      { ...env, LOCAL_DEV: '1' },
    );
    const job = (await run.json()) as { audit: { rounds: number; audited: number; complete: boolean } };
    expect(job.audit).toMatchObject({ rounds: expect.any(Number), complete: true });
    expect(job.audit.audited).toBe(job.audit.rounds);

    const after = await client.call<StandingsView>('GET', `/api/daily/${date}/standings?limit=100`);
    expect(after.headers.get('cache-control')).toBe('public, max-age=31536000');
    const ids = after.body.entries.map((e) => e.playerId);
    expect(ids).not.toContain(last!.id);
    expect(ids).toContain(first!.id);
    expect(after.body.underReview).toBe(1);
    expect(after.body.audit).toMatchObject({ complete: true, flagged: 1 });
    // Ranks close over the gap: 1 + ranked finishers with a lower total.
    for (const e of after.body.entries)
      expect(e.rank).toBe(1 + after.body.entries.filter((o) => o.total < e.total).length);

    const review = await client.call<UnderReviewView>('GET', `/api/daily/${date}/review`);
    expect(review.body.rounds.map((r) => [r.playerId, r.total])).toEqual([[last!.id, last!.total]]);
    const audit = await client.call<RoundAuditView>('GET', `/api/daily/${date}/audits/${last!.id}`);
    expect(audit.body).toMatchObject({ status: 'done', verdict: { flagged: true } });
    expect(audit.body.holes).toHaveLength(9);
    expect(audit.body.holes[hole]!.telling).toHaveLength(1);
    const clean = await client.call<RoundAuditView>('GET', `/api/daily/${date}/audits/${first!.id}`);
    expect(clean.body).toMatchObject({ status: 'done', verdict: { flagged: false } });
    // A flagged round keeps its verified score and its replay.
    const replay = await client.call<{ total: number }>('GET', `/api/daily/${date}/replays/${last!.id}`);
    expect(replay.body.total).toBe(last!.total);
  });

  it('resumes where a slice stopped, never auditing a hole twice', async () => {
    const date = '2026-07-03';
    await closedDay(date);
    const calls: string[] = [];
    const stand = testAuditor();
    const deps = buildDeps({
      now: () => new Date('2026-07-04T01:00:00.000Z'),
      perfect: quickPerfect,
      cache: () => noCache,
      auditor: {
        hole: (deal, rules, log) => {
          calls.push(log);
          return stand.hole(deal, rules, log);
        },
        verdict: stand.verdict,
      },
    });
    const ctx = servicesFor(env, deps, () => undefined);
    // Four holes a slice: three rounds of nine holes take seven slices.
    const seen = [];
    for (let i = 0; i < 20; i++) {
      const progress = await auditSlice(ctx, date, 4);
      seen.push(progress.audited);
      if (progress.complete) break;
    }
    expect(seen).toEqual([0, 0, 1, 1, 2, 2, 3]);
    expect(calls).toHaveLength(27);
  });

  it('a request about a closed day carries one hole of its audit after its response, not a round', async () => {
    const date = '2026-07-05';
    await closedDay(date);
    const calls: string[] = [];
    const stand = testAuditor();
    const client = testClient('2026-07-06T01:00:00.000Z', undefined, {
      hole: (deal, rules, log) => {
        calls.push(log);
        return stand.hole(deal, rules, log);
      },
      verdict: stand.verdict,
    });
    const r = await client.call<StandingsView>('GET', `/api/daily/${date}/standings`);
    expect(r.status).toBe(200);
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(0));
    // Give any further work of that request the time to show itself.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls).toHaveLength(1);
  });

  it("queues a round whose finished row reaches the ledger after the day's audit started", async () => {
    const date = '2026-07-07';
    const { client, players } = await closedDay(date);
    const late = await client.player('Late');
    const ctx = servicesFor(
      env,
      buildDeps({
        now: () => new Date('2026-07-08T01:00:00.000Z'),
        perfect: quickPerfect,
        cache: () => noCache,
        auditor: testAuditor(),
      }),
      () => undefined,
    );
    // Its attempt started before close; its finished row is written only after the audit of the three others.
    await ctx.ledger.rounds.attemptStarted({
      date,
      playerId: late.id,
      startedAt: Date.parse(`${date}T23:50:00Z`),
      addressHash: 'x',
    });
    let progress = await auditSlice(ctx, date);
    while (!progress.complete) progress = await auditSlice(ctx, date);
    expect(progress).toMatchObject({ rounds: 3, audited: 3, complete: true });

    const first = players[0]!;
    await ctx.ledger.rounds.attemptFinished({
      date,
      playerId: late.id,
      finishedAt: Date.parse(`${date}T23:59:59Z`),
      total: first.total,
      strokes: Array(9).fill(first.total / 9),
      logs: first.logs,
      holeTimes: Array(9).fill(0),
      drawTimes: Array(9).fill([]),
    });
    expect(await ctx.ledger.audits.dayAudit(date)).toMatchObject({ rounds: 4, audited: 3, finishedAt: null });
    progress = await auditSlice(ctx, date);
    expect(progress).toMatchObject({ rounds: 4, audited: 4, complete: true });
    expect(await ctx.ledger.audits.roundAudit(date, late.id)).toMatchObject({ status: 'done' });
  });
});

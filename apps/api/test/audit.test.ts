import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { CourseView, StandingsView } from '../src/index.ts';
import { addDays } from '@golf/contract';
import { auditSalt } from '../src/services/course.ts';
import type { RoundAuditView, UnderReviewView } from '../src/services/audit.ts';
import type { Auditor } from '../src/ports/auditor.ts';
import type { Ports } from '../src/deps.ts';
import type { WorkQueue } from '../src/ports/work-queue.ts';
import { AUDIT_BOX_MS, consumeBatch, STALL_MS, timeBox } from '../src/services/audit-queue.ts';
import { playCourse, testAuditor, testClient } from './helpers.ts';
import { dayDb } from './seed.ts';

/**
 * Three players finish a day (two play the first column that fits, the third the last one); the audit, a stand-in
 * that flags rounds holding one of the given logs, runs on the queue once the day closes.
 */
async function closedDay(
  date: string,
  options: { flagged?: Set<string>; auditor?: Auditor; ports?: (p: Ports) => Ports } = {},
) {
  const client = testClient(
    `${date}T12:00:00.000Z`,
    undefined,
    options.auditor ?? testAuditor(options.flagged),
    options.ports,
  );
  const players = [];
  for (const pick of ['first', 'first', 'last'] as const) {
    const p = await client.player(`P ${pick}`);
    const { holes } = await playCourse(client, date, p.token, pick);
    players.push({ ...p, total: holes.at(-1)!.result.total, logs: holes.map((h) => h.log) });
  }
  return { client, players };
}

type Client = ReturnType<typeof testClient>;

/** The cron's job at `at` (the client's clock moves there) through the local route, its queue's work waited for. */
async function runCron(client: Client, at?: string) {
  if (at !== undefined) client.setNow(at);
  const run = await client.app.request('/api/dev/scheduled', { method: 'POST' }, { ...env, LOCAL_DEV: '1' });
  expect(run.status).toBe(200);
  return (
    (await run.json()) as { audit: { rounds: number; audited: number; flagged: number; complete: boolean } }
  ).audit;
}

const verdictRows = async (date: string) =>
  (
    await dayDb(date)
      .prepare('SELECT player_id, count(*) AS n FROM audits WHERE date = ? GROUP BY player_id')
      .bind(date)
      .all<{ player_id: string; n: number }>()
  ).results;

/** An auditor that counts the holes it audits, and the salts it was given. */
function counting(inner: Auditor = testAuditor()) {
  const calls: string[] = [];
  const salts = new Set<string>();
  const auditor: Auditor = {
    hole: (deal, rules, log, before, salt) => {
      calls.push(log);
      salts.add(salt);
      return inner.hole(deal, rules, log, before, salt);
    },
    verdict: inner.verdict,
  };
  return { calls, salts, auditor };
}

/**
 * A closed day (`closedDay`, its holes counted from here on) whose audit has started at 01:00 the next day, and one
 * delivery of `body` to the consumer that records its acknowledgement in `acked`.
 */
async function auditStarted(date: string) {
  const { calls, auditor } = counting();
  const { client, players } = await closedDay(date, { auditor });
  calls.length = 0;
  client.setNow(new Date(Date.parse(`${date}T01:00:00.000Z`) + 24 * 3600_000).toISOString());
  const ctx = client.services();
  await ctx.ledger.audits.startDayAudit(date, ctx.now.getTime());
  const acked: string[] = [];
  const delivery = (body: unknown) => ({
    id: 'm1',
    body,
    attempts: 1,
    ack: () => acked.push('m1'),
    retry: () => undefined,
  });
  return { calls, client, players, ctx, acked, delivery };
}

describe('the fair-play audit on the queue', () => {
  it("samples with the day's audit salt, which the course shows only once the day has closed", async () => {
    const date = '2026-07-04';
    const { salts, auditor } = counting();
    const { client } = await closedDay(date, { auditor });
    const open = await client.call<CourseView>('GET', `/api/daily/${date}`);
    expect(open.body.closed).toBe(false);
    expect(JSON.stringify(open.body)).not.toContain('auditSalt');
    client.setNow(`${addDays(date, 1)}T00:10:00.000Z`);
    expect(await runCron(client)).toMatchObject({ rounds: 3, audited: 3, complete: true });
    const closed = await client.call<CourseView>('GET', `/api/daily/${date}`);
    expect(closed.body.auditSalt).toMatch(/^[0-9a-f]{64}$/);
    // Every hole of every round, one salt: the one the closed course shows, which is the day's and no other's.
    expect([...salts]).toEqual([closed.body.auditSalt]);
    expect(closed.body.auditSalt).toBe(await auditSalt(env.DAILY_SECRET, date));
    expect(await auditSalt(env.DAILY_SECRET, addDays(date, 1))).not.toBe(closed.body.auditSalt);
  });

  it('runs once the day has closed, and a flagged round leaves the ranking', async () => {
    const date = '2026-07-01';
    const flagged = new Set<string>();
    const { client, players } = await closedDay(date, { flagged });
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
    // No request audits anything: the day waits for the cron, and a closed day not yet audited is kept 30 s.
    expect(before.body.audit).toBeNull();
    expect(before.headers.get('cache-control')).toBe('public, max-age=30');

    const job = await runCron(client);
    expect(job).toEqual({ rounds: 3, audited: 3, flagged: 1, complete: true });

    const after = await client.call<StandingsView>('GET', `/api/daily/${date}/standings?limit=100`);
    // Final: the rows never change again, but the names it carries may (docs/api.md, "Caching").
    expect(after.headers.get('cache-control')).toBe('public, max-age=60');
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
    // The day is archived: its evidence left D1 (the flagged round's verdict numbers stay for the review list).
    expect(await verdictRows(date)).toEqual([{ player_id: last!.id, n: 1 }]);
    const evidence = await dayDb(date)
      .prepare('SELECT count(*) AS n FROM round_evidence WHERE date = ?')
      .bind(date)
      .first<{ n: number }>();
    expect(evidence?.n).toBe(0);
  });

  it('audits every round exactly once when a consumer dies mid-message and messages come twice', async () => {
    const date = '2026-07-03';
    const { calls, auditor } = counting();
    let holes = 0;
    let saves = 0;
    const dying: Auditor = {
      // The consumer dies in the middle of its second round.
      hole: (deal, rules, log, before, salt) => {
        if (++holes === 12) throw new Error('killed mid-message');
        return auditor.hole(deal, rules, log, before, salt);
      },
      verdict: auditor.verdict,
    };
    const ports = (p: Ports): Ports => {
      const queue: WorkQueue = {
        ...p.queue,
        send: (body) => p.queue.send(body),
        // Every page of rounds is sent twice, as an at-least-once queue may deliver it.
        sendBatch: async (messages) => {
          const list = [...messages];
          await p.queue.sendBatch(list);
          await p.queue.sendBatch(list);
        },
      };
      const audits = new Proxy(p.ledger.audits, {
        get(target, name) {
          if (name !== 'saveVerdicts') return Reflect.get(target, name, target) as unknown;
          // The first consumer to store verdicts dies before it writes them; the second right after it wrote
          // them, before acknowledging its messages.
          return async (...args: Parameters<typeof target.saveVerdicts>) => {
            saves++;
            if (saves === 1) throw new Error('killed before storing');
            await target.saveVerdicts(...args);
            if (saves === 2) throw new Error('killed after storing');
          };
        },
      });
      return { ...p, queue, ledger: { ...p.ledger, audits } };
    };
    const { client, players } = await closedDay(date, { auditor: dying, ports });
    calls.length = 0;
    const quiet = console.error;
    console.error = () => undefined;
    try {
      expect(await runCron(client, '2026-07-04T00:10:00.000Z')).toEqual({
        rounds: 3,
        audited: 3,
        flagged: 0,
        complete: true,
      });
    } finally {
      console.error = quiet;
    }
    expect(saves).toBeGreaterThan(2);
    expect(client.queue.deadLetters).toEqual([]);
    // One verdict per round, and each round's nine holes audited again only where a consumer died.
    expect((await verdictRows(date)).map((r) => [r.player_id, r.n]).sort()).toEqual(
      players.map((p) => [p.id, 1]).sort(),
    );
    expect(calls.length).toBeGreaterThanOrEqual(27);
  });

  it('ends its box at the clock when the clock moves first', async () => {
    let t = 0;
    const box = timeBox(100, 1_000, () => t);
    expect(await box.expired()).toBe(false);
    t = 99;
    expect(await box.expired()).toBe(false);
    t = 100;
    expect(await box.expired()).toBe(true);
  });

  it('stops at its time box and resumes where it stopped, never auditing a hole twice', async () => {
    const date = '2026-07-05';
    const { calls, client, players, ctx, acked, delivery } = await auditStarted(date);
    // A box of four holes on a clock that stands still (as a deployed Worker's does while it computes): one delivery
    // of the whole day audits four holes and queues the rest (with the holes of the round it cut short).
    const box = timeBox(AUDIT_BOX_MS, 4, () => 0);
    const ids = players.map((p) => p.id);
    await consumeBatch(ctx, [delivery({ kind: 'audit', date, rounds: ids })], box);
    expect(acked).toEqual(['m1']);
    expect(calls).toHaveLength(4);
    expect(await ctx.ledger.audits.dayAudit(date)).toMatchObject({ audited: 0 });
    await client.queue.settled();
    expect(calls).toHaveLength(27);
    expect(await ctx.ledger.audits.dayAudit(date)).toMatchObject({ rounds: 3, audited: 3 });
  });

  it("audits a round again from its first hole when the holes a message carried are another version's", async () => {
    const date = '2026-07-06';
    const { calls, players, ctx, acked, delivery } = await auditStarted(date);
    const [first, ...others] = players;
    // A message queued before a deployment: the first round's first two holes, as an older auditor stored them.
    await consumeBatch(ctx, [
      delivery({
        kind: 'audit',
        date,
        rounds: players.map((p) => p.id),
        partial: { playerId: first!.id, holes: [{ log: 'x' }, { log: 'y' }] },
      }),
    ]);
    expect(acked).toEqual(['m1']);
    // The third hole was refused once, then all nine audited in order; the other rounds nine holes each.
    expect(calls).toEqual([first!.logs[2], ...first!.logs, ...others.flatMap((p) => p.logs)]);
    expect(await ctx.ledger.audits.dayAudit(date)).toMatchObject({ rounds: 3, audited: 3 });
    const stored = await dayDb(date)
      .prepare('SELECT holes FROM audits WHERE date = ? AND player_id = ?')
      .bind(date, first!.id)
      .first<{ holes: string }>();
    const holes = JSON.parse(stored!.holes) as { log: string; after: number }[];
    expect(holes.map((h) => [h.log, h.after])).toEqual(first!.logs.map((log, i) => [log, i]));
  });

  it("queues a round whose finished row reaches the ledger after the day's audit started", async () => {
    const date = '2026-07-07';
    const { client, players } = await closedDay(date);
    const late = await client.player('Late');
    const ctx = client.services();
    // Its attempt started before close; its finished row is written only after the audit of the three others.
    await ctx.ledger.rounds.attemptStarted({
      date,
      playerId: late.id,
      startedAt: Date.parse(`${date}T23:50:00Z`),
      addressHash: 'x',
    });
    expect(await runCron(client, '2026-07-08T00:10:00.000Z')).toMatchObject({
      rounds: 3,
      audited: 3,
      complete: true,
    });

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
    expect(await runCron(client, '2026-07-08T00:20:00.000Z')).toMatchObject({
      rounds: 4,
      audited: 4,
      complete: true,
    });
    expect(await ctx.ledger.audits.roundAudit(date, late.id)).toMatchObject({ flagged: false });
  });

  it('queues again, in a new pass, the rounds of a message that was lost', async () => {
    const date = '2026-07-09';
    let dropped = 0;
    const ports = (p: Ports): Ports => ({
      ...p,
      queue: {
        ...p.queue,
        send: (body) => p.queue.send(body),
        // The first message of rounds never arrives (a message dead-lettered, say).
        sendBatch: (messages) => p.queue.sendBatch([...messages].filter(() => dropped++ > 0)),
      },
    });
    const { client } = await closedDay(date, { ports });
    expect(await runCron(client, '2026-07-10T00:10:00.000Z')).toMatchObject({
      rounds: 3,
      audited: 0,
      complete: false,
    });
    // Before the day has been still for STALL_MS, the cron leaves it alone.
    expect(await runCron(client, '2026-07-10T00:20:00.000Z')).toMatchObject({ audited: 0 });
    const later = new Date(Date.parse('2026-07-10T00:20:00.000Z') + STALL_MS).toISOString();
    expect(await runCron(client, later)).toEqual({ rounds: 3, audited: 3, flagged: 0, complete: true });
    const standings = await client.call<StandingsView>('GET', `/api/daily/${date}/standings`);
    expect(standings.body.audit).toMatchObject({ complete: true });
  });
});

describe('the queue consumer under Cloudflare’s message batch', () => {
  it('acknowledges what it handled and drops a message it does not know', async () => {
    const date = '2026-07-11';
    const { client, players } = await closedDay(date);
    client.setNow('2026-07-12T01:00:00.000Z');
    const ctx = createExecutionContext();
    const batch = createMessageBatch('golf-audit', [
      {
        id: 'a',
        timestamp: new Date(),
        attempts: 1,
        body: { kind: 'audit', date, rounds: [players[0]!.id] },
      },
      { id: 'b', timestamp: new Date(), attempts: 1, body: { kind: 'unknown' } },
    ]);
    await client.worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(['a', 'b']);
    expect(result.retryMessages).toEqual([]);
    expect(await verdictRows(date)).toEqual([{ player_id: players[0]!.id, n: 1 }]);
  });
});

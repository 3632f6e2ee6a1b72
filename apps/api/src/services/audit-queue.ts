/**
 * A closed day's fair-play audit on a queue (docs/fair-play.md, docs/scale.md). Three kinds of messages, each a
 * bounded step that is safe to repeat:
 *
 * - `page`: one page of the day's ranked rounds in standings order (a keyset cursor, top first). The rounds without
 *   a verdict go on the queue in `audit` messages of {@link ROUNDS_PER_MESSAGE}, then the day's cursor moves (a
 *   compare-and-set: a step delivered twice moves it once), then the next page is queued. A pass that reaches the
 *   end queues the rounds that finished late.
 * - `audit`: a consumer audits its rounds hole by hole until its time box ends, stores their verdicts in one
 *   statement (a round's verdict is stored once, so a message delivered twice changes nothing), and queues what is
 *   left (with the holes of a round cut short).
 * - `archive` (services/archive.ts): once every round has its verdict, the day's evidence moves to R2.
 *
 * The cron only starts a day and watches it ({@link watchAudits}): a day whose pipeline has not moved for
 * {@link STALL_MS} is resumed from its stored cursor, or given a new pass for the rounds still without a verdict
 * (a message that went to the dead-letter queue, say).
 */
import { addDays, FIRST_DATE, utcDate } from '@golf/contract';
import { COURSE_HOLES } from '@golf/engine';
import type { Delivery } from '../ports/work-queue.ts';
import type { DayAuditRecord, StandingsKey, VerdictRecord } from '../ports/audit-ledger.ts';
import { archiveStep, startArchive, watchArchive } from './archive.ts';
import { messageSchema, type AuditMessage, type PipelineMessage } from './pipeline-messages.ts';
import type { ServiceContext } from './context.ts';
import { auditSalt, closedCourse, RULES } from './course.ts';
import type { Course } from './course-model.ts';

/** Ranked rounds one page step reads: with each one's verdict looked up, about 1,000 rows read. */
export const PAGE_ROUNDS = 500;
/** Rounds per `audit` message: about 8 s of CPU at the audit's budget for honest rounds. */
export const ROUNDS_PER_MESSAGE = 10;
/** A consumer starts no new hole after this much time in one invocation (far inside its CPU limit, docs/scale.md). */
export const AUDIT_BOX_MS = 20_000;
/**
 * Nor more holes than this in one invocation. Deployed, a Worker's clock advances only across I/O (docs/scale.md
 * quotes the page), and an audit is pure CPU, so the clock alone cannot end the box: this count does, at about
 * 0.3 s of CPU an honest hole (docs/fair-play.md) some 12 s, and at the audit's node cap still well inside the
 * consumer's CPU limit (`limits.cpu_ms` in wrangler.jsonc).
 */
export const AUDIT_BOX_HOLES = 40;
/** A day whose pipeline has not moved for this long is resumed by the cron. */
export const STALL_MS = 15 * 60_000;
/** Passes over a day's standings before the cron stops queueing rounds that keep failing (and says so). */
export const MAX_PASSES = 3;
/** Late rounds queued per step. */
export const LATE_ROUNDS = 100;
/**
 * Days the cron looks at per run, newest first (a day's pipeline normally ends within hours of its close; a day
 * stuck after its passes is logged until newer unfinished days push it out).
 */
export const WATCHED_DAYS = 7;
/** Messages per `sendBatch` (Cloudflare Queues' limit is 100 per call). */
const SEND_BATCH = 100;

const sameKey = (a: StandingsKey | null, b: StandingsKey | null): boolean =>
  a === null || b === null
    ? a === b
    : a.total === b.total && a.finishedAt === b.finishedAt && a.playerId === b.playerId;

/** Queues `playerIds` for their audit, {@link ROUNDS_PER_MESSAGE} a message, in the order given. */
export async function queueAudits(
  ctx: ServiceContext,
  date: string,
  playerIds: readonly string[],
): Promise<void> {
  const messages: { body: AuditMessage }[] = [];
  for (let i = 0; i < playerIds.length; i += ROUNDS_PER_MESSAGE)
    messages.push({ body: { kind: 'audit', date, rounds: playerIds.slice(i, i + ROUNDS_PER_MESSAGE) } });
  for (let i = 0; i < messages.length; i += SEND_BATCH)
    await ctx.queue.sendBatch(messages.slice(i, i + SEND_BATCH));
}

/** Queues the rounds that finished after the day's audit started (a bounded number per call). */
async function queueLate(ctx: ServiceContext, date: string): Promise<void> {
  const late = await ctx.ledger.audits.lateRounds(date, LATE_ROUNDS);
  if (late.length === 0) return;
  await queueAudits(ctx, date, late);
  await ctx.ledger.audits.forgetLate(date, late);
}

/** One page of the day's standings (see the file's comment). */
async function pageStep(ctx: ServiceContext, msg: Extract<PipelineMessage, { kind: 'page' }>): Promise<void> {
  const audits = ctx.ledger.audits;
  const day = await audits.dayAudit(msg.date);
  // Only the step the day is waiting for: a repeated or superseded message does nothing.
  if (!day || day.pass !== msg.pass || day.paged || !sameKey(day.cursor, msg.after)) return;
  const page = await audits.standingsKeys(msg.date, msg.after, PAGE_ROUNDS);
  await queueAudits(
    ctx,
    msg.date,
    page.filter((r) => !r.audited).map((r) => r.key.playerId),
  );
  const ended = page.length < PAGE_ROUNDS;
  const to = page.at(-1)?.key ?? msg.after;
  if (!(await audits.advancePass(msg.date, msg.pass, { from: msg.after, to, ended }, ctx.now.getTime())))
    return;
  if (ended) {
    await queueLate(ctx, msg.date);
    await archiveWhenAudited(ctx, msg.date);
  } else
    await ctx.queue.send({
      kind: 'page',
      date: msg.date,
      pass: msg.pass,
      after: to,
    } satisfies PipelineMessage);
}

/** How a consumer knows its box has ended; asked once before each hole it would start. */
export interface TimeBox {
  expired(): Promise<boolean>;
}

/**
 * A box of at most `holes` holes and `ms` on `clock`, whichever ends first. The count is what bounds the CPU where
 * the clock stands still (deployed Workers); the clock bounds it where holes are slow and the clock moves (local
 * development, and the I/O between messages). The box yields to a zero-delay timer before it reads the clock.
 */
export function timeBox(
  ms: number,
  holes: number = AUDIT_BOX_HOLES,
  clock: () => number = () => Date.now(),
): TimeBox {
  const deadline = clock() + ms;
  let left = holes;
  return {
    async expired() {
      if (left <= 0) return true;
      left -= 1;
      await new Promise((resolve) => setTimeout(resolve, 0));
      return clock() >= deadline;
    },
  };
}

/** A round's holes audited in play order, each after the ones before it. */
function auditAll(ctx: ServiceContext, course: Course, logs: readonly string[], salt: string): unknown[] {
  const done: unknown[] = [];
  for (const [i, h] of course.holes.entries()) {
    const audit = ctx.auditor.hole(h.deal, RULES, logs[i] ?? '', done, salt);
    if (audit === null) throw new Error('the auditor refused the holes it had just audited');
    done.push(audit);
  }
  return done;
}

/** A round's verdict from its nine holes; holes carried over from another audit version are audited again. */
function verdictOf(
  ctx: ServiceContext,
  course: Course,
  logs: readonly string[],
  holes: unknown[],
  salt: string,
) {
  const fresh = () => auditAll(ctx, course, logs, salt);
  let done = holes;
  let verdict;
  try {
    verdict = ctx.auditor.verdict(done);
  } catch (error) {
    console.error('a stored hole audit did not combine; auditing the round again', error);
    done = fresh();
    verdict = ctx.auditor.verdict(done);
  }
  return { ...verdict, holes: JSON.stringify(done) };
}

/**
 * Audits a message's rounds until the box ends: the verdicts, and what is left (null when nothing is). Rounds that
 * have their verdict already (a message delivered twice) or are not finished are skipped.
 */
export async function auditRounds(
  ctx: ServiceContext,
  msg: AuditMessage,
  box: TimeBox,
): Promise<{ verdicts: VerdictRecord[]; rest: AuditMessage | null }> {
  const rounds = new Map(
    (await ctx.ledger.audits.roundsToAudit(msg.date, msg.rounds)).map((r) => [r.playerId, r]),
  );
  const verdicts: VerdictRecord[] = [];
  if ([...rounds.values()].every((r) => r.audited)) return { verdicts, rest: null };
  // A closed day's course is complete (the cron made its perfect play ahead), so this instance keeps it.
  const course = await closedCourse(ctx, msg.date);
  const salt = await auditSalt(ctx.config.secret, msg.date);
  for (const [i, id] of msg.rounds.entries()) {
    const round = rounds.get(id);
    if (!round || round.audited) continue;
    const holes = msg.partial?.playerId === id ? [...msg.partial.holes] : [];
    while (holes.length < COURSE_HOLES) {
      if (await box.expired())
        return { verdicts, rest: { ...msg, rounds: msg.rounds.slice(i), partial: { playerId: id, holes } } };
      const h = holes.length;
      const audit = ctx.auditor.hole(course.holes[h]!.deal, RULES, round.logs[h] ?? '', holes, salt);
      // Holes carried over in a message from before a new audit version: the round starts again.
      if (audit === null) holes.length = 0;
      else holes.push(audit);
    }
    verdicts.push({ playerId: id, ...verdictOf(ctx, course, round.logs, holes, salt) });
  }
  return { verdicts, rest: null };
}

/**
 * The queue consumer: the messages of one delivery, in order, under one time box. Audit verdicts are stored in one
 * statement per day after the messages are worked, before any audit message is acknowledged; what the box left is
 * queued again. A message that fails is retried by the queue (and goes to the dead-letter queue after its retries).
 */
export async function consumeBatch(
  ctx: ServiceContext,
  messages: readonly Delivery[],
  box: TimeBox = timeBox(AUDIT_BOX_MS),
): Promise<void> {
  const verdicts = new Map<string, VerdictRecord[]>();
  const leftovers: AuditMessage[] = [];
  const audited: Delivery[] = [];
  for (const message of messages) {
    const parsed = messageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error('dropping a message the audit pipeline does not know', parsed.error.message);
      message.ack();
      continue;
    }
    const msg = parsed.data;
    try {
      if (msg.kind === 'audit') {
        const { verdicts: found, rest } = await auditRounds(ctx, msg, box);
        verdicts.set(msg.date, [...(verdicts.get(msg.date) ?? []), ...found]);
        if (rest) leftovers.push(rest);
        audited.push(message);
        continue;
      }
      if (msg.kind === 'page') await pageStep(ctx, msg);
      else await archiveStep(ctx, msg);
      message.ack();
    } catch (error) {
      console.error(`pipeline step ${msg.kind} of ${msg.date} failed; the queue retries it`, error);
      message.retry();
    }
  }
  const now = ctx.now.getTime();
  for (const [day, list] of verdicts) {
    await ctx.ledger.audits.saveVerdicts(day, list, now);
    if (list.length > 0) await archiveWhenAudited(ctx, day);
  }
  for (const rest of leftovers) await ctx.queue.send(rest);
  for (const message of audited) message.ack();
}

/** Once a day's every round has its verdict, its archive starts (once; the cron would start it too). */
async function archiveWhenAudited(ctx: ServiceContext, date: string): Promise<void> {
  const day = await ctx.ledger.audits.dayAudit(date);
  if (day?.finishedAt != null && day.archiveAt === null) await startArchive(ctx, date);
}

/** Starts a closed day's audit (once): its row, and the first page of its standings on the queue. */
async function startDay(ctx: ServiceContext, date: string): Promise<DayAuditRecord> {
  const day = await ctx.ledger.audits.startDayAudit(date, ctx.now.getTime());
  if (!day.paged)
    await ctx.queue.send({ kind: 'page', date, pass: day.pass, after: day.cursor } satisfies PipelineMessage);
  return day;
}

/** Resumes a day whose pipeline has stalled, or moves it on to its archive. */
async function watchDay(ctx: ServiceContext, day: DayAuditRecord): Promise<void> {
  const now = ctx.now.getTime();
  if (day.finishedAt !== null) {
    await (day.archiveAt === null ? startArchive(ctx, day.date) : watchArchive(ctx, day));
    return;
  }
  await queueLate(ctx, day.date);
  if (day.progressAt !== null && now - day.progressAt < STALL_MS) return;
  const audits = ctx.ledger.audits;
  if (!day.paged) {
    await audits.touch(day.date, now);
    await ctx.queue.send({
      kind: 'page',
      date: day.date,
      pass: day.pass,
      after: day.cursor,
    } satisfies PipelineMessage);
  } else if (day.pass < MAX_PASSES) {
    if (await audits.newPass(day.date, day.pass, now))
      await ctx.queue.send({
        kind: 'page',
        date: day.date,
        pass: day.pass + 1,
        after: null,
      } satisfies PipelineMessage);
  } else
    console.error(
      `the audit of ${day.date} is stuck after ${day.pass} passes: ${day.rounds - day.audited} rounds without a verdict`,
    );
}

/**
 * The cron's part (a few statements, whatever the size of the days): starts the audit of the day that closed
 * last, and watches every day whose audit or archive is not done. Answers the newest closed day's progress.
 */
export async function watchAudits(ctx: ServiceContext): Promise<DayAuditRecord | null> {
  const yesterday = addDays(utcDate(ctx.now), -1);
  if (yesterday < FIRST_DATE) return null;
  const started = await ctx.ledger.audits.dayAudit(yesterday);
  const fresh = started ?? (await startDay(ctx, yesterday));
  for (const day of await ctx.ledger.audits.unfinishedDays(WATCHED_DAYS))
    if (started !== null || day.date !== yesterday) await watchDay(ctx, day);
  return (await ctx.ledger.audits.dayAudit(yesterday)) ?? fresh;
}

/**
 * A closed day's evidence leaves the ledger once every round has its verdict: pages of {@link ARCHIVE_ROUNDS}
 * attempts in player id order become one immutable R2 object each (verified logs, hole and draw times, start time,
 * the verdict with its nine hole audits; never the client address's hash, which the audit no longer needs and
 * which goes with the rows), the ledger records where each object starts, and the archived rows leave D1. Each step is an `archive` message on the audit's queue, safe to repeat (the day's archive
 * cursor moves by compare-and-set). Reads look in the ledger first, then in the archive, so a round is found
 * whichever side of a step it is on.
 */
import type { ArchivedRound, PackRecord } from '../ports/archive.ts';
import type { DayAuditRecord } from '../ports/audit-ledger.ts';
import type { PipelineMessage } from './pipeline-messages.ts';
import type { ServiceContext } from './context.ts';

/** Attempts per archive object (each reads about five rows: evidence, its index, the attempt, the verdict). */
export const ARCHIVE_ROUNDS = 200;
/** An archive that has not moved for this long is resumed by the cron from its stored cursor. */
export const ARCHIVE_STALL_MS = 15 * 60_000;

type ArchiveMessage = Extract<PipelineMessage, { kind: 'archive' }>;

/** One object of the day's archive (see the file's comment). */
export async function archiveStep(ctx: ServiceContext, msg: ArchiveMessage): Promise<void> {
  const day = await ctx.ledger.audits.dayAudit(msg.date);
  if (!day || day.finishedAt === null || day.archivedAt !== null || day.archiveCursor !== msg.after) return;
  const now = ctx.now.getTime();
  const rounds = await ctx.ledger.archive.archivePage(msg.date, msg.after, ARCHIVE_ROUNDS);
  if (rounds.length === 0) {
    await ctx.ledger.archive.finishArchive(msg.date, msg.after, now);
    return;
  }
  const first = rounds[0]!.playerId;
  const last = rounds.at(-1)!.playerId;
  // Written before the ledger lets go of the rows; a repeated step writes the same object again.
  const bytes = await ctx.archive.putPack(msg.date, first, rounds);
  const pack = { first, last, rounds: rounds.length, bytes };
  if (await ctx.ledger.archive.commitPack(msg.date, msg.after, pack, rounds, now))
    await ctx.queue.send({ kind: 'archive', date: msg.date, after: last } satisfies PipelineMessage);
}

/** Starts a fully audited day's archive (once). */
export async function startArchive(ctx: ServiceContext, date: string): Promise<void> {
  if (await ctx.ledger.archive.startArchive(date, ctx.now.getTime()))
    await ctx.queue.send({ kind: 'archive', date, after: null } satisfies PipelineMessage);
}

/** Resumes an archive that has stalled (its message lost), from its stored cursor. */
export async function watchArchive(ctx: ServiceContext, day: DayAuditRecord): Promise<void> {
  const now = ctx.now.getTime();
  if (day.archivedAt !== null || day.archiveAt === null || now - day.archiveAt < ARCHIVE_STALL_MS) return;
  await ctx.ledger.archive.touchArchive(day.date, now);
  await ctx.queue.send({
    kind: 'archive',
    date: day.date,
    after: day.archiveCursor,
  } satisfies PipelineMessage);
}

/** Archive objects read lately, by day and first player (they never change). */
const packs = new Map<string, Promise<ArchivedRound[] | null>>();
const PACKS_KEPT = 8;

/** A player's archived attempt of a day, or null when it is not in the archive. */
export async function archivedRound(
  ctx: ServiceContext,
  date: string,
  playerId: string,
): Promise<ArchivedRound | null> {
  const pack = await ctx.ledger.archive.packOf(date, playerId);
  return pack === null ? null : roundInPack(ctx, date, pack, playerId);
}

/** A player's attempt of a day from the archive object `pack` (read once, then kept among the last few). */
export async function roundInPack(
  ctx: ServiceContext,
  date: string,
  pack: PackRecord,
  playerId: string,
): Promise<ArchivedRound | null> {
  const key = `${date}/${pack.first}`;
  let rounds = packs.get(key);
  if (rounds === undefined) {
    rounds = ctx.archive.readPack(date, pack.first);
    packs.set(key, rounds);
    rounds.catch(() => packs.delete(key));
    if (packs.size > PACKS_KEPT) packs.delete(packs.keys().next().value!);
  }
  return (await rounds)?.find((r) => r.playerId === playerId) ?? null;
}

/** A finished round's verified logs: from the ledger while its day is not archived, else from the archive. */
export async function roundLogs(
  ctx: ServiceContext,
  date: string,
  playerId: string,
): Promise<readonly string[] | null> {
  return (
    (await ctx.ledger.rounds.roundLogs(date, playerId)) ??
    (await archivedRound(ctx, date, playerId))?.finished?.logs ??
    null
  );
}

/** Objects the cron writes again without address hashes per run (each one R2 read and one write). */
export const SCRUB_PACKS_PER_RUN = 20;

/**
 * The cron's housekeeping: objects written before the archive stopped keeping address hashes are written again
 * without them (the same key, the same rounds), a few each run, oldest day first. Answers how many.
 */
export async function forgetArchivedAddresses(ctx: ServiceContext): Promise<number> {
  const packs = await ctx.ledger.archive.packsWithAddresses(SCRUB_PACKS_PER_RUN);
  for (const { date, first } of packs) {
    const rounds = await ctx.archive.readPack(date, first);
    if (rounds !== null) await ctx.archive.putPack(date, first, rounds);
    await ctx.ledger.archive.addressesGone(date, first);
  }
  return packs.length;
}

/**
 * A player's data and the player's leaving (docs/privacy.md): everything the product keeps about a player as one
 * JSON document, and the deletion of the player. A deleted player's row stays as a tombstone named
 * {@link DELETED_NAME}: its rounds keep their places in the day's standings (nobody else's rank moves), its
 * verdicts, replays and archived evidence stay readable, and every page that names it reads that name from the
 * row. Everything else of the player goes.
 */
import { addDays, DAY_MS, DELETED_NAME, utcDate } from '@golf/contract';
import { KEEP_AFTER_CLOSE_MS } from '../attempt-object/session.ts';
import { ApiError } from '../errors.ts';
import type { PackRecord } from '../ports/archive.ts';
import type { PlayerAttemptRecord } from '../ports/rounds.ts';
import type { DeletedPlayer, ExportRound, PlayerExport } from '../views.ts';
import { roundInPack } from './archive.ts';
import type { ServiceContext } from './context.ts';
import { limitExport } from './rate-limit.ts';

export type { DeletedPlayer, ExportRound, PlayerExport };

const iso = (ms: number): string => new Date(ms).toISOString();
const isoOrNull = (ms: number | null | undefined): string | null => (ms == null ? null : iso(ms));

/** The dates whose attempt objects may still hold something: today and the days whose objects are kept. */
export function liveObjectDates(today: string): string[] {
  const days = Math.ceil(KEEP_AFTER_CLOSE_MS / DAY_MS) + 1;
  return Array.from({ length: days }, (_, i) => addDays(today, -i));
}

/** Rounds read at once for an export (each may read one archive object). */
const ROUNDS_AT_ONCE = 6;

async function mapAtMost<T, R>(items: readonly T[], n: number, f: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await f(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return out;
}

/**
 * One round as the export shows it: the ledger's row, its evidence from the ledger or, once its day is archived,
 * from the archive; an unfinished round's finished holes from its attempt object while that is kept.
 */
async function exportRound(
  ctx: ServiceContext,
  playerId: string,
  a: PlayerAttemptRecord,
  where: { readonly live: ReadonlySet<string>; readonly packs: ReadonlyMap<string, PackRecord> },
): Promise<ExportRound> {
  const pack = a.evidence === null ? where.packs.get(a.date) : undefined;
  const archived = pack === undefined ? null : await roundInPack(ctx, a.date, pack, playerId);
  const startedAt = a.evidence?.startedAt ?? archived?.startedAt ?? null;
  const proof = a.evidence?.finished ?? archived?.finished ?? null;
  let holes: ExportRound['holes'] = [];
  let total = a.finished?.total ?? null;
  if (a.finished !== null && proof !== null) {
    holes = proof.logs.map((log, i) => ({
      hole: i + 1,
      log,
      strokes: a.finished!.strokes[i] ?? 0,
      finishedAt: isoOrNull(proof.holeTimes[i]),
      drawnAt: (proof.drawTimes[i] ?? []).map(iso),
    }));
  } else if (a.finished === null && where.live.has(a.date)) {
    const record = await ctx.attempts(a.date, playerId).record();
    holes = (record?.holes ?? []).map((h) => ({ ...h, finishedAt: null, drawnAt: [] }));
    total = record?.total ?? null;
  }
  const verdict = a.verdict ?? archived?.verdict ?? null;
  return {
    date: a.date,
    startedAt: isoOrNull(startedAt),
    finished: a.finished !== null,
    finishedAt: isoOrNull(a.finished?.finishedAt),
    total,
    holes,
    review: a.review,
    verdict: verdict && {
      flagged: verdict.flagged,
      pValue: verdict.pValue,
      telling: verdict.telling,
      decisions: verdict.decisions,
    },
  };
}

/**
 * Everything the product keeps about the player, as one document: never a token, a code or a hash of one, nor the
 * client address's hash kept with recent rounds. Limited per player ({@link limitExport}): it reads every round,
 * in a fixed number of D1 statements whatever their number (18 with the tests' four databases: two per database,
 * the rest on `DB`), and one archive object per archived day the player played
 * (one R2 read each, so a request stays far inside Workers' 10,000 subrequests for decades of daily play).
 */
export async function exportPlayer(ctx: ServiceContext, playerId: string): Promise<PlayerExport> {
  await limitExport(ctx, playerId);
  const { ledger } = ctx;
  const now = ctx.now.getTime();
  const [player, names, tokens, codes, passkeys, leagues, subscriptions, reminder, sent, attempts, packs] =
    await Promise.all([
      ledger.players.playerById(playerId),
      ledger.players.namesOf(playerId),
      ledger.players.tokenTimesOf(playerId),
      ledger.players.transferCodesOf(playerId, now),
      ledger.passkeys.credentialsOf(playerId),
      ledger.leagues.leaguesOf(playerId),
      ledger.push.subscriptionsOf(playerId),
      ledger.push.reminder(playerId),
      ledger.push.sendsOf(playerId),
      ledger.rounds.playerAttempts(playerId),
      ledger.archive.packsOfPlayer(playerId),
    ]);
  if (!player) throw new ApiError('ERR_UNAUTHORIZED', 'unknown token');
  const where = { live: new Set(liveObjectDates(utcDate(ctx.now))), packs };
  const rounds = await mapAtMost(attempts, ROUNDS_AT_ONCE, (a) => exportRound(ctx, playerId, a, where));
  return {
    format: 1,
    exportedAt: iso(now),
    player: { id: player.id, name: player.name, createdAt: iso(player.createdAt) },
    names: names.map((n) => ({ name: n.name, takenAt: isoOrNull(n.takenAt) })),
    devices: tokens.map((t) => ({ signedInAt: iso(t) })),
    transferCodes: codes.map((c) => ({ createdAt: iso(c.createdAt), expiresAt: iso(c.expiresAt) })),
    passkeys: passkeys.map((p) => ({
      id: p.id,
      site: p.rpId,
      transports: [...p.transports],
      createdAt: iso(p.createdAt),
      lastUsedAt: isoOrNull(p.lastUsedAt),
    })),
    leagues: leagues.map((l) => ({
      id: l.id,
      name: l.name,
      joinedAt: iso(l.joinedAt),
      createdByYou: l.createdBy === playerId,
    })),
    push: {
      subscriptions: subscriptions.map((s) => ({
        id: s.id,
        endpoint: s.endpoint,
        createdAt: iso(s.createdAt),
      })),
      reminders: reminder && {
        hour: reminder.hour,
        timeZone: reminder.timeZone,
        kinds: [...reminder.kinds],
        updatedAt: iso(reminder.updatedAt),
      },
      sent: sent.map((s) => ({
        date: s.date,
        kind: s.kind,
        subscriptionId: s.subscriptionId,
        sentAt: iso(s.sentAt),
      })),
    },
    rounds,
  };
}

/**
 * Deletes the player: first the ledger (every token refused from then on, and everything of the player but its
 * tombstone row gone, in one transaction), then the attempt objects that may still remember one of its tokens or
 * hold its address hash (today's and the days whose objects are kept), then the address hashes kept with its
 * rounds not yet archived. An object that cannot be reached is logged and left: it forgets its tokens when it is
 * unloaded, and its address hash goes with its storage a week after its day.
 */
export async function deletePlayer(ctx: ServiceContext, playerId: string): Promise<DeletedPlayer> {
  await ctx.ledger.players.deletePlayer(playerId, DELETED_NAME, ctx.now.getTime());
  const objects = await Promise.allSettled(
    liveObjectDates(utcDate(ctx.now)).map((date) => ctx.attempts(date, playerId).forgetPlayer()),
  );
  for (const r of objects)
    if (r.status === 'rejected') console.error('an attempt object did not forget', r.reason);
  await ctx.ledger.rounds.forgetAddresses([playerId]);
  return { id: playerId, deleted: true };
}

/** How long after a deletion the cron deletes again what a request in flight may have written (runs every 10 min). */
export const SWEEP_AFTER_DELETE_MS = 60 * 60_000;
/** Players swept per run, at most. */
const SWEPT_PER_RUN = 200;

/**
 * The cron's housekeeping: a request that passed its token check just before its player was deleted may still write
 * afterwards (a device, a push subscription, a league membership, an attempt's first row with its address hash).
 * For an hour after each deletion every run deletes all of that again, so nothing of a deleted player outlives it
 * by more than one run.
 */
export async function sweepDeletedPlayers(ctx: ServiceContext): Promise<number> {
  const ids = await ctx.ledger.players.deletedSince(ctx.now.getTime() - SWEEP_AFTER_DELETE_MS, SWEPT_PER_RUN);
  await ctx.ledger.players.eraseAgain(ids);
  await ctx.ledger.rounds.forgetAddresses(ids);
  return ids.length;
}

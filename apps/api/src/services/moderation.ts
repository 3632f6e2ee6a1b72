/**
 * Moderators (docs/names.md): the players listed in `MODERATOR_IDS` see the names waiting for them, hide, restore
 * or dismiss them, and read the log of every such act.
 */
import { ApiError } from '../errors.ts';
import type { LogRecord, ModeratorAction, QueueRecord, Target } from '../ports/moderation.ts';
import type { ServiceContext } from './context.ts';
import type { ModerationItem, ModerationLog, ModerationLogEntry, ModerationQueue } from '../views.ts';

export type { ModerationItem, ModerationLog, ModerationLogEntry, ModerationQueue };

const iso = (ms: number): string => new Date(ms).toISOString();

/** Whether the player may moderate: their id is in `MODERATOR_IDS`. */
export const isModerator = (ctx: ServiceContext, playerId: string): boolean =>
  ctx.config.moderatorIds.has(playerId);

/** ERR_NOT_MODERATOR unless the player may moderate. */
export function requireModerator(ctx: ServiceContext, playerId: string): void {
  if (!isModerator(ctx, playerId)) throw new ApiError('ERR_NOT_MODERATOR', 'only moderators may do this');
}

const itemView = (r: QueueRecord): ModerationItem => ({
  target: { kind: r.target.kind, id: r.target.id },
  name: r.target.name,
  standIn: r.target.hiddenAt === null ? null : 'hidden',
  hiddenBy: r.target.hiddenBy,
  hiddenAt: r.target.hiddenAt === null ? null : iso(r.target.hiddenAt),
  since: iso(r.since),
  reports: r.reports,
  counted: r.counted,
  reasons: { ...r.reasons },
  reporters: r.reporters.map((p) => ({
    playerId: p.playerId,
    name: p.name,
    reason: p.reason,
    counts: p.counts,
    reportedAt: iso(p.at),
  })),
});

const logView = (r: LogRecord): ModerationLogEntry => ({
  id: r.id,
  at: iso(r.at),
  actorId: r.actorId,
  actor: r.actor,
  action: r.action,
  target: { kind: r.target.kind, id: r.target.id },
  name: r.name,
  reports: r.reports,
});

/** The names waiting for a moderator, oldest first. */
export async function moderationQueue(
  ctx: ServiceContext,
  limit: number,
  offset: number,
): Promise<ModerationQueue> {
  const { total, items } = await ctx.ledger.moderation.queue(limit, offset);
  return { total, items: items.map(itemView) };
}

/**
 * A moderator's act on a name: `hide` (hidden, by a moderator, until restored or renamed), `restore` (shown
 * again) or `dismiss` (the reports are unfounded; the name stays shown). Each closes the name's open reports and
 * is logged. Dismissing the reports of a hidden name is ERR_NAME_HIDDEN: keep it hidden, or restore it.
 */
export async function moderate(
  ctx: ServiceContext,
  moderatorId: string,
  action: ModeratorAction,
  target: Target,
): Promise<ModerationLogEntry> {
  const found = await ctx.ledger.moderation.target(target);
  if (found === null) throw new ApiError('ERR_NOT_FOUND', `no ${target.kind} has this id`);
  if (action === 'dismiss' && found.hiddenAt !== null)
    throw new ApiError('ERR_NAME_HIDDEN', 'this name is hidden: hide it (keep it hidden) or restore it');
  const logged = await ctx.ledger.moderation.act(action, target, moderatorId, ctx.now.getTime());
  if (logged === null) throw new ApiError('ERR_NOT_FOUND', `no ${target.kind} has this id`);
  return logView(logged);
}

/** The moderation log, newest first. */
export async function moderationLog(
  ctx: ServiceContext,
  limit: number,
  offset: number,
): Promise<ModerationLog> {
  const { total, entries } = await ctx.ledger.moderation.log(limit, offset);
  return { total, entries: entries.map(logView) };
}

import { ApiError } from '../errors.ts';
import { attemptRecord } from './attempt.ts';
import type { ServiceContext } from './context.ts';
import { courseDay } from './time.ts';
import type { ReplayView } from '../views.ts';

export type { ReplayView };

/**
 * A player's verified logs. Anyone may read them once the day is closed; before that only the player.
 */
export async function replays(
  ctx: ServiceContext,
  date: string,
  playerId: string,
  viewerId: string | null,
): Promise<ReplayView> {
  if (courseDay(date, ctx.now) === 'open') {
    if (viewerId === null)
      throw new ApiError(
        'ERR_UNAUTHORIZED',
        'replays of an open day are for their player only: send your token',
      );
    if (viewerId !== playerId)
      throw new ApiError('ERR_FORBIDDEN', 'replays of other players are public once the day closes');
  }
  const [player, record] = await Promise.all([
    ctx.ledger.players.playerById(playerId),
    attemptRecord(ctx, date, playerId),
  ]);
  if (!player || !record) throw new ApiError('ERR_NOT_FOUND', `no attempt by player ${playerId} on ${date}`);
  return {
    date,
    playerId,
    name: player.name,
    standIn: player.standIn,
    finished: record.finished,
    total: record.total,
    holes: record.holes.map((h) => ({ hole: h.hole, log: h.log, strokes: h.strokes })),
  };
}

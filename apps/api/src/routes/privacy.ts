import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import { requirePlayer } from '../middleware.ts';
import { deletePlayer, exportPlayer } from '../services/privacy.ts';
import { EXPORT_SIZE } from '../services/rate-limit.ts';
import { deletedPlayerSchema, playerExportSchema } from '../views.ts';
import { describe } from './describe.ts';
import { validate } from './validation.ts';

/** The word a deletion must carry, so that no stray request deletes a player. */
export const DELETE_CONFIRMATION = 'delete';

const deleteBody = validate(
  'json',
  z.object({
    confirm: z.literal(DELETE_CONFIRMATION, {
      error: `send {"confirm": "${DELETE_CONFIRMATION}"} to delete your player for good`,
    }),
  }),
);

/** `/api/players/me`: the caller's data as one file, and deleting the caller (docs/privacy.md). */
export const privacyRoutes = () =>
  new Hono<AppEnv>()
    .get(
      '/me/export',
      describe({
        id: 'exportMe',
        tag: 'players',
        summary: 'Everything kept about the caller, as one JSON file',
        description:
          'The player, the names taken, every round with its logs, times and verdict, devices, passkeys, leagues ' +
          `and reminders; never a token, a code or a hash. At most ${EXPORT_SIZE.capacity} exports at once, then ` +
          `one every ${EXPORT_SIZE.refillMs / 60_000} minutes.`,
        auth: 'bearer',
        errors: ['ERR_RATE_LIMITED'],
        ok: {
          schema: playerExportSchema,
          description: 'The data, as a file to save',
          headers: {
            'Cache-Control': { description: 'Never kept', example: 'no-store' },
            'Content-Disposition': {
              description: 'A file to save',
              example: 'attachment; filename="golf-daily-data-2026-06-15.json"',
            },
          },
        },
      }),
      requirePlayer,
      async (c) => {
        const data = await exportPlayer(c.var.services, c.var.playerId);
        c.header(
          'Content-Disposition',
          `attachment; filename="golf-daily-data-${data.exportedAt.slice(0, 10)}.json"`,
        );
        return c.json(data, 200);
      },
    )
    .delete(
      '/me',
      describe({
        id: 'deleteMe',
        tag: 'players',
        summary: 'Delete the caller for good; its rounds stay, as a deleted player',
        description:
          `Needs \`{"confirm": "${DELETE_CONFIRMATION}"}\`. Every token, transfer code, passkey, push ` +
          'subscription, reminder setting, league membership and name of the player goes, and every token ' +
          'answers 401 from then on; its rounds keep their ranks under the name "Deleted player".',
        auth: 'bearer',
        body: true,
        ok: { schema: deletedPlayerSchema, description: 'The player is deleted' },
      }),
      deleteBody,
      requirePlayer,
      async (c) => c.json(await deletePlayer(c.var.services, c.var.playerId), 200),
    );

import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import { requireModeratorPlayer } from '../middleware.ts';
import { moderate, moderationLog, moderationQueue } from '../services/moderation.ts';
import { moderationLogEntrySchema, moderationLogSchema, moderationQueueSchema } from '../views.ts';
import { describe } from './describe.ts';
import { pageQuery, oneTarget, targetFields, targetOf, validate } from './validation.ts';

export const MODERATOR_ACTIONS = ['hide', 'restore', 'dismiss'] as const;

/**
 * `/api/moderation`: for moderators only (`MODERATOR_IDS`). The token and the moderator are checked before the
 * request: anyone else gets ERR_UNAUTHORIZED or ERR_NOT_MODERATOR, whatever they send.
 */
export const moderationRoutes = () =>
  new Hono<AppEnv>()
    .get(
      '/reports',
      describe({
        id: 'getModerationQueue',
        tag: 'moderation',
        summary: 'The names waiting for a moderator, oldest first',
        auth: 'bearer',
        errors: ['ERR_NOT_MODERATOR', 'ERR_VALIDATION'],
        ok: { schema: moderationQueueSchema, description: 'A page of reported (or checked) names' },
      }),
      requireModeratorPlayer,
      validate('query', pageQuery),
      async (c) => {
        const { limit = 50, offset = 0 } = c.req.valid('query');
        return c.json(await moderationQueue(c.var.services, limit, offset), 200);
      },
    )
    .post(
      '/actions',
      describe({
        id: 'moderateName',
        tag: 'moderation',
        summary: 'Hide or restore a name, or dismiss its reports (logged)',
        auth: 'bearer',
        body: true,
        errors: ['ERR_NOT_MODERATOR', 'ERR_NOT_FOUND', 'ERR_NAME_HIDDEN'],
        ok: { schema: moderationLogEntrySchema, description: 'The log entry of the act' },
      }),
      requireModeratorPlayer,
      validate('json', z.object({ ...targetFields, action: z.enum(MODERATOR_ACTIONS) }).refine(...oneTarget)),
      async (c) => {
        const body = c.req.valid('json');
        return c.json(await moderate(c.var.services, c.var.playerId, body.action, targetOf(body)), 200);
      },
    )
    .get(
      '/log',
      describe({
        id: 'getModerationLog',
        tag: 'moderation',
        summary: 'Every hide, restore, dismissal and rename of a hidden name, newest first',
        auth: 'bearer',
        errors: ['ERR_NOT_MODERATOR', 'ERR_VALIDATION'],
        ok: { schema: moderationLogSchema, description: 'A page of the log' },
      }),
      requireModeratorPlayer,
      validate('query', pageQuery),
      async (c) => {
        const { limit = 50, offset = 0 } = c.req.valid('query');
        return c.json(await moderationLog(c.var.services, limit, offset), 200);
      },
    );

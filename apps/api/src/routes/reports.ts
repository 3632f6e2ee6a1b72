import { REPORT_REASONS } from '@golf/contract';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import { requirePlayer } from '../middleware.ts';
import { addressKey } from '../services/address.ts';
import { reportName } from '../services/reports.ts';
import { reportViewSchema } from '../views.ts';
import { describe } from './describe.ts';
import { oneTarget, targetFields, targetOf, validate } from './validation.ts';

/** `/api/reports`: report a player's name or a league's. */
export const reportRoutes = () =>
  new Hono<AppEnv>().post(
    '/',
    describe({
      id: 'reportName',
      tag: 'moderation',
      summary: "Report a player's name or a league's (the same report again answers 200)",
      auth: 'bearer',
      body: true,
      errors: ['ERR_NOT_FOUND', 'ERR_NAME_HIDDEN', 'ERR_RATE_LIMITED'],
      ok: { status: 201, also: 200, schema: reportViewSchema, description: 'The report (200: made before)' },
    }),
    validate('json', z.object({ ...targetFields, reason: z.enum(REPORT_REASONS) }).refine(...oneTarget)),
    requirePlayer,
    async (c) => {
      const body = c.req.valid('json');
      const { status, view } = await reportName(
        c.var.services,
        c.var.playerId,
        targetOf(body),
        body.reason,
        addressKey(c.req.header('cf-connecting-ip')),
      );
      return c.json(view, status);
    },
  );

import { Hono } from 'hono';
import { PUSH_LANGUAGES } from '@golf/contract/push';
import { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import { requirePlayer } from '../middleware.ts';
import {
  REMINDER_KINDS,
  pushKey,
  remindersOf,
  setReminders,
  subscribe,
  subscriptionsOf,
  unsubscribe,
} from '../services/push.ts';
import { pushKeySchema, reminderSettingsSchema, subscribedSchema, subscriptionsSchema } from '../views.ts';
import { describe } from './describe.ts';
import { validate } from './validation.ts';

const b64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'expected base64url');

/** A browser's `PushSubscription.toJSON()`; the keys' contents are checked by the service (src/push/keys.ts). */
const subscriptionBody = validate(
  'json',
  z.object({
    endpoint: z.string().min(1).max(2048),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: b64url(128), auth: b64url(64) }),
  }),
);

const idParam = validate('param', z.object({ id: z.string().min(1).max(64) }));

const remindersBody = validate(
  'json',
  z
    .object({
      hour: z.number().int().min(0).max(23),
      timeZone: z.string().min(1).max(64),
      kinds: z.array(z.enum(REMINDER_KINDS)).max(REMINDER_KINDS.length * 2),
      language: z.enum(PUSH_LANGUAGES),
    })
    .partial(),
);

/** `/api/push/key`: the VAPID public key a browser subscribes with. */
export const pushKeyRoutes = () =>
  new Hono<AppEnv>().get(
    '/key',
    describe({
      id: 'getPushKey',
      tag: 'push',
      summary: 'The VAPID public key a browser subscribes with',
      ok: { schema: pushKeySchema, description: 'The key' },
    }),
    (c) => c.json(pushKey(c.var.services), 200),
  );

/** `/api/players/me/push` and `/api/players/me/reminders`: a player's devices and reminder settings. */
export const pushRoutes = () =>
  new Hono<AppEnv>()
    .post(
      '/me/push',
      describe({
        id: 'subscribe',
        tag: 'push',
        summary: "Subscribe this device to reminders (a browser's PushSubscription)",
        auth: 'bearer',
        body: true,
        errors: ['ERR_TOO_MANY'],
        ok: {
          status: 201,
          also: 200,
          schema: subscribedSchema,
          description: '201 for a new subscription, 200 for one already known',
        },
      }),
      subscriptionBody,
      requirePlayer,
      async (c) => {
        const { id, created } = await subscribe(c.var.services, c.var.playerId, c.req.valid('json'));
        return created ? c.json({ id }, 201) : c.json({ id }, 200);
      },
    )
    .get(
      '/me/push',
      describe({
        id: 'getSubscriptions',
        tag: 'push',
        summary: "The caller's subscribed devices",
        auth: 'bearer',
        ok: { schema: subscriptionsSchema, description: 'The subscriptions' },
      }),
      requirePlayer,
      async (c) => c.json(await subscriptionsOf(c.var.services, c.var.playerId), 200),
    )
    .delete(
      '/me/push/:id',
      describe({
        id: 'unsubscribe',
        tag: 'push',
        summary: 'Remove a subscription',
        auth: 'bearer',
        errors: ['ERR_VALIDATION', 'ERR_NOT_FOUND'],
        ok: { status: 204, description: 'Removed' },
      }),
      idParam,
      requirePlayer,
      async (c) => {
        await unsubscribe(c.var.services, c.var.playerId, c.req.valid('param').id);
        return c.body(null, 204);
      },
    )
    .get(
      '/me/reminders',
      describe({
        id: 'getReminders',
        tag: 'push',
        summary: "The caller's reminder settings (off until set)",
        auth: 'bearer',
        ok: { schema: reminderSettingsSchema, description: 'The settings' },
      }),
      requirePlayer,
      async (c) => c.json(await remindersOf(c.var.services, c.var.playerId), 200),
    )
    .put(
      '/me/reminders',
      describe({
        id: 'setReminders',
        tag: 'push',
        summary: 'Change the reminder settings (the fields sent)',
        auth: 'bearer',
        body: true,
        ok: { schema: reminderSettingsSchema, description: 'The settings now' },
      }),
      remindersBody,
      requirePlayer,
      async (c) => c.json(await setReminders(c.var.services, c.var.playerId, c.req.valid('json')), 200),
    );

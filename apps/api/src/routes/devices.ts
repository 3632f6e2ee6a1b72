import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import { requirePlayer } from '../middleware.ts';
import { addressKey } from '../services/address.ts';
import { claimTransferCode, createTransferCode, signOutEverywhere } from '../services/devices.ts';
import {
  passkeysOf,
  registerPasskey,
  registrationOptions,
  relyingParty,
  signInOptions,
  signInWithPasskey,
} from '../services/passkeys.ts';
import {
  newPlayerSchema,
  passkeysSchema,
  passkeyViewSchema,
  registrationOptionsSchema,
  signInOptionsSchema,
  tokenSchema,
  transferCodeViewSchema,
} from '../views.ts';
import { describe } from './describe.ts';
import { validate } from './validation.ts';

/** base64url as WebAuthn's JSON forms carry it (a passkey's answer fits the 16 KiB body limit). */
const b64url = z
  .string()
  .max(12_000)
  .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'expected base64url');
const transports = z.array(z.string().max(32)).max(10);
const extensions = z.record(z.string(), z.unknown());

/** What `navigator.credentials.create` and `.get` answer alike (JSON-serialised), around their `response`. */
const credentialJson = <R extends z.ZodRawShape>(response: R) =>
  z.object({
    id: b64url.min(1),
    rawId: b64url.min(1),
    type: z.literal('public-key'),
    response: z.object(response),
    clientExtensionResults: extensions.optional(),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  });

const registrationBody = validate(
  'json',
  credentialJson({
    clientDataJSON: b64url.min(1),
    attestationObject: b64url.min(1),
    transports: transports.optional(),
  }),
);

const signInBody = validate(
  'json',
  credentialJson({
    clientDataJSON: b64url.min(1),
    authenticatorData: b64url.min(1),
    signature: b64url.min(1),
    userHandle: b64url.optional(),
  }),
);

const claimBody = validate('json', z.object({ code: z.string().min(1).max(64) }));

/**
 * `/api/players`: moving a player to another device (transfer codes, passkeys) and signing out everywhere.
 */
export const deviceRoutes = () =>
  new Hono<AppEnv>()
    .post(
      '/me/transfer',
      describe({
        id: 'createTransferCode',
        tag: 'devices',
        summary: 'A short-lived code that moves the caller to another device',
        auth: 'bearer',
        ok: { status: 201, schema: transferCodeViewSchema, description: 'The code and when it expires' },
      }),
      requirePlayer,
      async (c) => c.json(await createTransferCode(c.var.services, c.var.playerId), 201),
    )
    .post(
      '/claim',
      describe({
        id: 'claimTransferCode',
        tag: 'devices',
        summary: 'Claim a transfer code: a new token for its player on this device',
        body: true,
        errors: ['ERR_NOT_FOUND', 'ERR_RATE_LIMITED'],
        ok: { schema: newPlayerSchema, description: 'The player, with a token for this device' },
      }),
      claimBody,
      async (c) => {
        const address = addressKey(c.req.header('cf-connecting-ip'));
        const { code } = c.req.valid('json');
        return c.json(await claimTransferCode(c.var.services, code, address), 200);
      },
    )
    .post(
      '/me/sign-out-everywhere',
      describe({
        id: 'signOutEverywhere',
        tag: 'devices',
        summary: "Revoke every token of the caller's player but a new one for this device",
        auth: 'bearer',
        ok: { schema: tokenSchema, description: 'The one token left' },
      }),
      requirePlayer,
      async (c) => c.json(await signOutEverywhere(c.var.services, c.var.playerId), 200),
    )
    .get(
      '/me/passkeys',
      describe({
        id: 'getPasskeys',
        tag: 'devices',
        summary: "The caller's passkeys",
        auth: 'bearer',
        ok: { schema: passkeysSchema, description: 'The passkeys' },
      }),
      requirePlayer,
      async (c) => c.json({ passkeys: await passkeysOf(c.var.services, c.var.playerId) }, 200),
    )
    .post(
      '/me/passkeys/options',
      describe({
        id: 'passkeyRegistrationOptions',
        tag: 'devices',
        summary: 'Options for `navigator.credentials.create`',
        auth: 'bearer',
        ok: { schema: registrationOptionsSchema, description: 'The creation options, with a live challenge' },
      }),
      requirePlayer,
      async (c) => {
        const rp = relyingParty(c.var.services.config, c.req.url, c.req.header('origin'));
        return c.json(await registrationOptions(c.var.services, c.var.playerId, rp), 200);
      },
    )
    .post(
      '/me/passkeys',
      describe({
        id: 'registerPasskey',
        tag: 'devices',
        summary: "Register a passkey: `navigator.credentials.create`'s answer",
        auth: 'bearer',
        body: true,
        ok: { status: 201, schema: passkeyViewSchema, description: 'The passkey' },
      }),
      registrationBody,
      requirePlayer,
      async (c) => {
        const rp = relyingParty(c.var.services.config, c.req.url, c.req.header('origin'));
        const body = c.req.valid('json');
        const response = { ...body, clientExtensionResults: body.clientExtensionResults ?? {} };
        return c.json(await registerPasskey(c.var.services, c.var.playerId, rp, response as never), 201);
      },
    )
    .post(
      '/passkeys/options',
      describe({
        id: 'passkeySignInOptions',
        tag: 'devices',
        summary: 'Options for `navigator.credentials.get`',
        errors: ['ERR_RATE_LIMITED'],
        ok: { schema: signInOptionsSchema, description: 'The request options, with a live challenge' },
      }),
      async (c) => {
        const rp = relyingParty(c.var.services.config, c.req.url, c.req.header('origin'));
        const address = addressKey(c.req.header('cf-connecting-ip'));
        return c.json(await signInOptions(c.var.services, rp, address), 200);
      },
    )
    .post(
      '/passkeys/sign-in',
      describe({
        id: 'signInWithPasskey',
        tag: 'devices',
        summary: "Sign in with a passkey: `navigator.credentials.get`'s answer",
        body: true,
        errors: ['ERR_UNAUTHORIZED'],
        ok: { schema: newPlayerSchema, description: 'The player, with a token for this device' },
      }),
      signInBody,
      async (c) => {
        const rp = relyingParty(c.var.services.config, c.req.url, c.req.header('origin'));
        const body = c.req.valid('json');
        const response = { ...body, clientExtensionResults: body.clientExtensionResults ?? {} };
        return c.json(await signInWithPasskey(c.var.services, rp, response as never), 200);
      },
    );

/**
 * How a route describes itself for the OpenAPI document (openapi.json): its operation id, tag, summary, whether it
 * needs the bearer token, the body of its success and the error codes it can answer, each with the zod schema
 * that the tests check answers against. Request parameters and bodies come from the validators (validation.ts).
 */
import { ERROR_STATUS, type ErrorCode } from '@golf/contract';
import { describeRoute, resolver } from 'hono-openapi';
import type { z } from 'zod';
import { errorBodySchema } from '../views.ts';

export const TAGS = {
  daily: 'The daily course, the attempt protocol, standings, replays and audits',
  players: 'Players: create, rename, history',
  devices: 'Moving a player to another device: transfer codes and passkeys',
  leagues: 'Leagues of friends: day standings and season tables',
  push: 'Reminders by Web Push',
  moderation: 'Reports of names, and what moderators do about them',
  meta: 'Health and this document',
} as const;

type Tag = keyof typeof TAGS;

/** Who may call: anyone, a bearer token required, or a token optional (it personalises the answer). */
type Auth = 'none' | 'bearer' | 'optional';

interface Header {
  readonly description: string;
  readonly example?: string;
}

export const CACHE_CONTROL = 'Cache-Control';

interface RouteDoc {
  readonly id: string;
  readonly tag: Tag;
  readonly summary: string;
  readonly description?: string;
  readonly auth?: Auth;
  /** The success: its status (200 unless said), body schema (none for 204) and the headers a client relies on. */
  readonly ok: {
    readonly status?: 200 | 201 | 204;
    readonly schema?: z.ZodType;
    readonly description: string;
    readonly headers?: Readonly<Record<string, Header>>;
    /** A second success status with the same body (a repeated subscription answers 200, a new one 201). */
    readonly also?: 200 | 201;
  };
  /** The codes this route can answer besides those every route can (see {@link COMMON}). */
  readonly errors?: readonly ErrorCode[];
  /** The route reads a JSON body: a bad one is ERR_VALIDATION. */
  readonly body?: boolean;
}

/**
 * Every API route can answer these: refused outside the local front, a body over the limit (checked before any
 * route), unconfigured, or a logged internal error.
 */
const COMMON: readonly ErrorCode[] = [
  'ERR_FORBIDDEN',
  'ERR_BODY_TOO_LARGE',
  'ERR_INTERNAL',
  'ERR_UNAVAILABLE',
];

const NO_STORE: Header = { description: 'Errors are never cached', example: 'no-store' };
const RETRY_AFTER: Header = { description: 'Seconds to wait before trying again', example: '60' };

const headerObjects = (headers: Readonly<Record<string, Header>>) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, h]) => [
      name,
      {
        description: h.description,
        required: true,
        schema: { type: 'string' as const, ...(h.example === undefined ? {} : { examples: [h.example] }) },
      },
    ]),
  );

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'The request is invalid',
  401: 'No token, or a token that names no player',
  403: 'Not allowed',
  404: 'Nothing here',
  409: 'Refused in the current state',
  413: 'The body is larger than 16 KiB',
  422: 'An illegal move',
  429: 'Too many tries: wait Retry-After seconds',
  500: 'An internal error (logged)',
  503: 'Not available now: wait Retry-After seconds',
};

/** The error responses for `codes`, grouped by status, each body listing exactly the codes of its status. */
function errorResponses(codes: readonly ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      {
        description: `${STATUS_TEXT[status] ?? 'Refused'}: ${list.join(', ')}`,
        headers: headerObjects({
          [CACHE_CONTROL]: NO_STORE,
          ...(status === 429 || status === 503 ? { 'Retry-After': RETRY_AFTER } : {}),
        }),
        content: { 'application/json': { schema: resolver(errorBodySchema(list.sort())) } },
      },
    ]),
  );
}

const SECURITY: Readonly<Record<Auth, readonly Record<string, string[]>[] | undefined>> = {
  none: [],
  bearer: [{ bearer: [] }],
  optional: [{}, { bearer: [] }],
};

/** The route's OpenAPI description, as a (do-nothing) middleware placed first in its handler chain. */
export function describe(doc: RouteDoc) {
  const auth = doc.auth ?? 'none';
  const codes: ErrorCode[] = [...COMMON, ...(doc.errors ?? [])];
  if (auth !== 'none') codes.push('ERR_UNAUTHORIZED');
  if (doc.body) codes.push('ERR_VALIDATION');
  const ok = doc.ok;
  const success = {
    description: ok.description,
    headers: headerObjects(
      ok.headers ?? { [CACHE_CONTROL]: { description: 'Not cached', example: 'no-store' } },
    ),
    ...(ok.schema === undefined ? {} : { content: { 'application/json': { schema: resolver(ok.schema) } } }),
  };
  return describeRoute({
    operationId: doc.id,
    tags: [doc.tag],
    summary: doc.summary,
    ...(doc.description === undefined ? {} : { description: doc.description }),
    security: SECURITY[auth] as Record<string, string[]>[],
    responses: {
      [String(ok.status ?? 200)]: success,
      ...(ok.also === undefined ? {} : { [String(ok.also)]: success }),
      ...errorResponses(codes),
    },
  });
}

/** `Cache-Control` of a public answer kept `what`. */
export const publicCache = (what: string): Readonly<Record<string, Header>> => ({
  [CACHE_CONTROL]: { description: `Public, kept ${what}`, example: 'public, max-age=31536000' },
});

/** What a route with a day in its path refuses: a date that is not one, a day without a course, a day to come. */
export const DAY_ERRORS = ['ERR_VALIDATION', 'ERR_NOT_FOUND', 'ERR_FUTURE_DATE'] as const;

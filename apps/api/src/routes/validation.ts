import { isDate, NAME_MAX, normalizeName } from '@golf/contract';
import { COURSE_HOLES, LOG_PATTERN, MAX_LOG_LENGTH } from '@golf/engine';
import type { Context, ValidationTargets } from 'hono';
import { createMiddleware } from 'hono/factory';
import { validator } from 'hono-openapi';
import { z } from 'zod';
import { ApiError } from '../errors.ts';

type Issue = {
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[];
  readonly message: string;
};

/** The hook of every validator: the first issue becomes a 400 ERR_VALIDATION. */
function onInvalid(result: { readonly success: boolean; readonly error?: readonly Issue[] }): void {
  if (result.success) return;
  const issue = result.error?.[0];
  const path = (issue?.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p));
  const where = path.length > 0 ? `${path.join('.')}: ` : '';
  throw new ApiError('ERR_VALIDATION', `${where}${issue?.message ?? 'invalid request'}`);
}

/** A JSON media type, as Hono's JSON validator recognises it (`application/json`, `application/x+json`, params). */
const JSON_TYPE = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/;
const CHARSET = /;\s*charset=("?)([^;"]*)\1/i;
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * What a JSON body must be before its schema is checked: sent as `application/json` (a body sent as text, a form
 * or without a type is not read as JSON at all, so its schema would only say "received undefined"), in UTF-8,
 * and valid UTF-8 (a decoder would otherwise replace broken bytes with U+FFFD, and a lone surrogate sent as bytes
 * would get in where its `\ud800` escape is refused).
 */
async function checkJsonBody(c: Context): Promise<void> {
  const type = c.req.header('content-type') ?? '';
  if (!JSON_TYPE.test(type.trim()))
    throw new ApiError(
      'ERR_VALIDATION',
      type === ''
        ? 'the body must be JSON sent with Content-Type: application/json (no Content-Type was sent)'
        : `the body must be JSON sent with Content-Type: application/json, not ${type.slice(0, 60)}`,
    );
  const charset = CHARSET.exec(type)?.[2]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')
    throw new ApiError('ERR_VALIDATION', 'a JSON body is UTF-8: send charset=utf-8 or no charset');
  const bytes = await c.req.arrayBuffer();
  try {
    utf8.decode(bytes);
  } catch {
    throw new ApiError('ERR_VALIDATION', 'the body is not valid UTF-8');
  }
}

/**
 * A validator with the API's error shape; a JSON body is first checked by {@link checkJsonBody}. Its schema also
 * describes the request in the OpenAPI document (hono-openapi reads it from the middleware).
 */
export const validate = <T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) => {
  const middleware = validator(target, schema, onInvalid);
  if (target !== 'json') return middleware;
  const checked = createMiddleware(async (c, next) => {
    await checkJsonBody(c);
    return middleware(c, next);
  });
  return Object.assign(checked, middleware) as unknown as typeof middleware;
};

export const dateSchema = z.string().refine(isDate, 'expected a date YYYY-MM-DD');

export const HOLES_MESSAGE = `holes are numbered 1 to ${COURSE_HOLES}`;

export const holeSchema = z.number().int().min(1).max(COURSE_HOLES);

/** A hole's log: `1`..`7` (play that column) and `d` (draw), at most 52 moves. */
export const logSchema = z
  .string()
  .max(MAX_LOG_LENGTH, `a log has at most ${MAX_LOG_LENGTH} moves`)
  .regex(LOG_PATTERN, 'a log holds only 1-7 (play a column) and d (draw)');

/** A display name, normalised (the rules live in @golf/contract). */
export const nameSchema = z
  .string()
  .max(10 * NAME_MAX, `a name has at most ${NAME_MAX} characters`)
  .transform((raw, ctx) => {
    const name = normalizeName(raw);
    if (name.ok) return name.value;
    ctx.addIssue({ code: 'custom', message: name.error });
    return z.NEVER;
  });

const intText = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/, 'expected a whole number')
    .transform(Number)
    .pipe(z.number().min(min).max(max));

export const pageQuery = z.object({
  limit: intText(1, 100).optional(),
  offset: intText(0, 9_999_999).optional(),
});

/** The `:date` of a route, validated once for every route that has one. */
export const dateParam = validate('param', z.object({ date: dateSchema }));

/** An id in a path or a body (players, leagues): opaque, 1 to 64 characters. */
export const idSchema = z.string().min(1).max(64);

/** The fields of a body that names a player's name (`playerId`) or a league's (`leagueId`): exactly one of them. */
export const targetFields = { playerId: idSchema.optional(), leagueId: idSchema.optional() };

interface TargetFields {
  readonly playerId?: string | undefined;
  readonly leagueId?: string | undefined;
}

/** The refinement of a body with {@link targetFields}: exactly one is sent. */
export const oneTarget = [
  (b: TargetFields): boolean => (b.playerId === undefined) !== (b.leagueId === undefined),
  'send exactly one of playerId and leagueId',
] as const;

/** What a body with {@link targetFields} names. */
export const targetOf = (body: TargetFields): { readonly kind: 'player' | 'league'; readonly id: string } =>
  body.playerId !== undefined
    ? { kind: 'player', id: body.playerId }
    : { kind: 'league', id: body.leagueId! };

import { isDate, NAME_MAX, normalizeName } from '@golf/contract';
import { COURSE_HOLES, LOG_PATTERN, MAX_LOG_LENGTH } from '@golf/engine';
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { z } from 'zod';
import { ApiError } from '../errors.ts';

interface ValidationResult {
  readonly success: boolean;
  readonly error?: {
    readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[];
  };
}

/** The hook of every validator: the first issue becomes a 400 ERR_VALIDATION. */
function onInvalid(result: ValidationResult): void {
  if (result.success) return;
  const issue = result.error?.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  throw new ApiError('ERR_VALIDATION', `${where}${issue?.message ?? 'invalid request'}`);
}

/** `zValidator` with the API's error shape. */
export const validate = <T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) => zValidator(target, schema, onInvalid);

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

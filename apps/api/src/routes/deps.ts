import type { Env } from '../env.ts';
import type { ServiceContext } from '../services/context.ts';
import type { Course, PerfectPlay } from '../services/course.ts';
import { PLAYER_BURST } from '../services/players.ts';
import { D1Storage } from '../storage/d1.ts';

/** What the routes share for the lifetime of one app. */
export interface AppDeps {
  readonly now: () => Date;
  readonly perfect: PerfectPlay;
  readonly courses: Map<string, Course>;
  readonly tokens: Map<string, string>;
}

const MIN_SECRET_LENGTH = 16;

/** The services' view of one request. */
export function servicesFor(env: Env, deps: AppDeps): ServiceContext {
  const secret = env.DAILY_SECRET;
  if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) {
    throw new Error('DAILY_SECRET is missing or shorter than 16 characters');
  }
  return {
    storage: new D1Storage(env.DB),
    secret,
    now: deps.now(),
    perfect: deps.perfect,
    courses: deps.courses,
    tokens: deps.tokens,
  };
}

/** The client address: `cf-connecting-ip` (set by Cloudflare's edge), else "unknown". */
export const clientAddress = (header: string | undefined): string => header?.trim() || 'unknown';

export function playerBurst(env: Env): number {
  const n = Number(env.PLAYER_BURST);
  return Number.isInteger(n) && n >= 1 ? n : PLAYER_BURST;
}

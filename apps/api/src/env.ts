import type { D1Database } from '@cloudflare/workers-types';
import type { PerfectPlay } from './services/course.ts';

/** The Worker's bindings (wrangler.jsonc, plus the `DAILY_SECRET` secret). */
export interface Env {
  readonly DB: D1Database;
  /** Keys every course seed and every client-address hash. A Worker secret; a marked development value locally. */
  readonly DAILY_SECRET: string;
  /** Optional override of the player-creation burst per client address (default 20). */
  readonly PLAYER_BURST?: string;
}

/** What the app is built with. Tests inject a clock (to roll the day over) and a cheaper perfect-play function. */
export interface AppOptions {
  readonly now?: () => Date;
  readonly perfect?: PerfectPlay;
}

export type AppEnv = { Bindings: Env };

import type { D1Database, DurableObjectNamespace } from '@cloudflare/workers-types';
import type { Ports } from './deps.ts';
import type { ServiceContext } from './services/context.ts';
import type { Auditor } from './services/auditor.ts';
import type { PerfectPlay } from './services/course.ts';
import type { EdgeCache } from './services/edge-cache.ts';
import type { Bearer } from './services/players.ts';

/** The Worker's bindings (wrangler.jsonc, plus the `DAILY_SECRET` secret). */
export interface Env {
  readonly DB: D1Database;
  /**
   * One attempt object per (date, player), named `date/playerId` (src/attempt/object.ts). Its stubs are used as
   * `AttemptRpc` (src/deps.ts); the class is not named here, so the web can import the API's types.
   */
  readonly ATTEMPTS: DurableObjectNamespace;
  /** Keys every course seed and every client-address hash. A Worker secret; a marked development value locally. */
  readonly DAILY_SECRET?: string;
  /** Optional override of the player-creation burst per client address (default 20). */
  readonly PLAYER_BURST?: string;
  /**
   * "1" only in local development (set by `.dev.vars`, which is never deployed): allows the public development
   * secret. Production refuses it (docs/deploy.md).
   */
  readonly LOCAL_DEV?: string;
  /** The passkeys' relying party ID (the site's host name), e.g. `golf.example`. Default: the page's host. */
  readonly RP_ID?: string;
  /** The site's origin as browsers report it, e.g. `https://golf.example`. Default: the request's `Origin`. */
  readonly RP_ORIGIN?: string;
  /**
   * Local only: a random value of each `pnpm start` run that the local front sends with every request it forwards
   * (src/middleware.ts). Never set in a deployment.
   */
  readonly FRONT_SECRET?: string;
  /** "1" only in the local API bench: adds `Server-Timing` to every answer. Never set in production. */
  readonly SERVER_TIMING?: string;
}

/** What the app is built with. Tests inject a clock (to roll the day over) and a cheaper perfect-play function. */
export interface AppOptions {
  readonly now?: () => Date;
  readonly perfect?: PerfectPlay;
  /** The fair-play audit (default: the engine's). */
  readonly auditor?: Auditor;
  /** Where public answers are kept (default: the Workers cache). */
  readonly cache?: () => EdgeCache;
  /** Where the ledger and the attempts live (default: D1 and Durable Objects). */
  readonly ports?: (env: Env) => Ports;
}

/** What middleware puts on a request's context: the services, and the player a token names. */
export interface AppVariables {
  readonly services: ServiceContext;
  /** The player behind the Authorization header; null without one (routes that require it never see null). */
  readonly playerId: string | null;
  /** The bearer token as sent (routes whose attempt object checks it). */
  readonly bearer: Bearer;
}

export type AppEnv = { Bindings: Env; Variables: AppVariables };

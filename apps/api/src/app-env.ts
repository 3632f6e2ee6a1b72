import type { Env } from './env.ts';
import type { ServiceContext } from './services/context.ts';
import type { Bearer } from './services/players.ts';

/** What middleware puts on a request's context: the services, and the player a token names. */
export interface AppVariables {
  readonly services: ServiceContext;
  /** The player behind the Authorization header; null without one (routes that require it never see null). */
  readonly playerId: string | null;
  /** The bearer token as sent (routes whose attempt object checks it). */
  readonly bearer: Bearer;
}

export type AppEnv = { Bindings: Env; Variables: AppVariables };

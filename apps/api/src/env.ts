import type { D1Database, DurableObjectNamespace, Fetcher, Queue, R2Bucket } from '@cloudflare/workers-types';

/** The Worker's bindings (wrangler.jsonc, plus the `DAILY_SECRET` secret). */
export interface Env {
  readonly DB: D1Database;
  /**
   * The day databases after `DB`, by period (docs/scale.md, "A year at 1 M finishers a day"): a JSON list of
   * `{ "from": "YYYY-MM-DD", "binding": "NAME" }`, each NAME a D1 binding of this Worker whose migrations are
   * `migrations-days/`. Unset: every day in `DB`.
   */
  readonly DAY_DATABASES?: string | readonly { readonly from: string; readonly binding: string }[];
  /**
   * One attempt object per (date, player), named `date/playerId` (src/attempt/object.ts). Its stubs are used as
   * `AttemptRpc` (src/deps.ts); the class is not named here, so the web can import the API's types.
   */
  readonly ATTEMPTS: DurableObjectNamespace;
  /** The closed days' audit pipeline (queue `golf-audit`; this Worker consumes it: services/audit-queue.ts). */
  readonly AUDIT_QUEUE: Queue;
  /**
   * The web's build (`apps/web/build`, Workers static assets): the Worker reads `/` and the shell from it to serve
   * them itself (routes/pages.ts). Absent where the API runs alone (its tests, the memory build).
   */
  readonly ASSETS?: Fetcher;
  /** Archived days' evidence (bucket `golf-archive`: services/archive.ts). */
  readonly ARCHIVE: R2Bucket;
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
  /**
   * Web Push (reminders): the VAPID key pair, base64url (the public key an uncompressed P-256 point, the private
   * key its 32-byte scalar; the private key a Worker secret), and the contact the push services see
   * (`mailto:` or `https:`). Without them reminders are off (docs/deploy.md).
   */
  readonly VAPID_PUBLIC_KEY?: string;
  readonly VAPID_PRIVATE_KEY?: string;
  readonly VAPID_SUBJECT?: string;
  /**
   * Local development only (with `LOCAL_DEV=1`; ignored anywhere else): "1" swaps the engine's fair-play audit for a
   * fixed-cost stand-in that flags nothing, so the local close bench measures the pipeline, not the solver.
   */
  readonly AUDIT_STAND_IN?: string;
  /**
   * The moderators: a comma-separated list of player ids (spaces ignored). Only they may use `/api/moderation/*`;
   * nobody becomes one without a deployment (docs/deploy.md). Locally in `.dev.vars`.
   */
  readonly MODERATOR_IDS?: string;
  /** How many distinct counting reporters hide a name at once (default 3; docs/names.md). */
  readonly REPORTS_TO_HIDE?: string;
  /** How many names one player may report per UTC day (default 20). */
  readonly REPORTS_PER_DAY?: string;
  /** "1" only in the local API bench: adds `Server-Timing` to every answer. Never set in production. */
  readonly SERVER_TIMING?: string;
}

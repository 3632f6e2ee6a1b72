/**
 * The Worker's settings, parsed once from its bindings: the routes and services read this, never `env` itself.
 */
import { isDate } from '@golf/contract';
import type { Env } from './env.ts';
import { fromBase64url } from './crypto.ts';
import { DEVELOPMENT_VAPID_PUBLIC_KEY } from './push/config.ts';
import { isUncompressedP256 } from './push/keys.ts';
import { isVapidSubject } from './push/vapid.ts';

/** The value of `.dev.vars.example`: public, so anyone could compute every course made with it. */
export const DEVELOPMENT_SECRET = 'golf-daily-development-secret-not-for-production';
export const MIN_SECRET_BYTES = 32;

/** Tries per client address and purpose, at most, unless `PLAYER_BURST` says otherwise. */
export const ADDRESS_BURST = 20;

/** Distinct reporters who have finished a ranked round that hide a name at once, unless `REPORTS_TO_HIDE` says. */
export const REPORTS_TO_HIDE = 3;
/** Reports one player may make per UTC day, unless `REPORTS_PER_DAY` says. */
export const REPORTS_PER_DAY = 20;

export interface Config {
  /** Keys every course seed and every client-address hash (empty when {@link problem} says why it cannot). */
  readonly secret: string;
  /** Why the secret cannot key real courses, or null when it can. */
  readonly problem: string | null;
  /** Local development (`LOCAL_DEV=1`): the development secret is allowed, `/api/dev/*` answers. */
  readonly localDev: boolean;
  /** The local API bench (`SERVER_TIMING=1`): `Server-Timing` on every answer. */
  readonly serverTiming: boolean;
  /** Tries per client address and purpose (`PLAYER_BURST`, default 20). */
  readonly playerBurst: number;
  /** Local development only: the audit's fixed-cost stand-in (`AUDIT_STAND_IN=1` with `LOCAL_DEV=1`). */
  readonly auditStandIn: boolean;
  /** The players who may moderate names (`MODERATOR_IDS`, comma-separated; none when unset). */
  readonly moderatorIds: ReadonlySet<string>;
  /** Counting reporters that hide a name (`REPORTS_TO_HIDE`, default 3). */
  readonly reportsToHide: number;
  /** Reports per player and UTC day (`REPORTS_PER_DAY`, default 20). */
  readonly reportsPerDay: number;
  /** The passkeys' relying party, when set (`RP_ID`, `RP_ORIGIN`). */
  readonly rpId: string | null;
  readonly rpOrigin: string | null;
  /** Local development behind its front only: the value the front sends on every request (`FRONT_SECRET`). */
  readonly frontSecret: string | null;
  /** Web Push's VAPID keys and subject (`VAPID_*`), or null when reminders are off ({@link pushProblem} says why). */
  readonly vapid: VapidText | null;
  readonly pushProblem: string | null;
  /**
   * The day databases after `DB`, oldest period first (`DAY_DATABASES`: a JSON list of `{ "from": "YYYY-MM-DD",
   * "binding": "NAME" }`, docs/scale.md); empty when unset or when {@link ledgerProblem} says why it cannot be used.
   */
  readonly dayDatabases: readonly DayDatabase[];
  readonly ledgerProblem: string | null;
}

/** A period of days and the name of the D1 binding that holds them. */
export interface DayDatabase {
  readonly from: string;
  readonly binding: string;
}

/** The VAPID key pair as configured (base64url), checked for shape; the keys are imported where they sign. */
export interface VapidText {
  readonly publicKey: string;
  readonly privateKey: string;
  readonly subject: string;
}

/**
 * Why push cannot be sent with these bindings, or null when it can: both keys set, the public one a P-256 point,
 * the private one 32 bytes, a `mailto:`/`https:` subject, and never the public development pair outside local
 * development (its private half is in the repository).
 */
function pushProblemOf(bindings: Partial<Env>, localDev: boolean): string | null {
  const { VAPID_PUBLIC_KEY: pub, VAPID_PRIVATE_KEY: priv, VAPID_SUBJECT: subject } = bindings;
  if (!pub || !priv) return 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set';
  if (pub === DEVELOPMENT_VAPID_PUBLIC_KEY && !localDev)
    return 'the VAPID key pair is the public development pair';
  const point = fromBase64url(pub);
  if (point === null || !isUncompressedP256(point))
    return 'VAPID_PUBLIC_KEY is not an uncompressed P-256 point (base64url)';
  if (fromBase64url(priv)?.length !== 32) return 'VAPID_PRIVATE_KEY is not 32 bytes (base64url)';
  if (!subject || !isVapidSubject(subject)) return 'VAPID_SUBJECT must be a mailto: or https: URI';
  return null;
}

/**
 * Why the secret cannot key real courses, or null when it can. Missing, shorter than 32 bytes, or the public
 * development value outside local development: never a course from a key someone else may know.
 */
function secretProblem(secret: string | undefined, localDev: boolean): string | null {
  if (typeof secret !== 'string' || secret === '') return 'DAILY_SECRET is not set';
  if (new TextEncoder().encode(secret).length < MIN_SECRET_BYTES)
    return `DAILY_SECRET is shorter than ${MIN_SECRET_BYTES} bytes`;
  if (secret === DEVELOPMENT_SECRET && !localDev) return 'DAILY_SECRET is the public development value';
  return null;
}

/** A whole number of at least 1 from a variable, or `fallback` when it is unset or not one. */
function countOf(text: string | undefined, fallback: number): number {
  const n = Number(text);
  return text !== undefined && text.trim() !== '' && Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** `MODERATOR_IDS`: ids separated by commas, spaces around them ignored, empty entries dropped. */
export const moderatorIdsOf = (text: string | undefined): ReadonlySet<string> =>
  new Set(
    (text ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== ''),
  );

/**
 * `DAY_DATABASES` as a list of periods, or why it is not one: each a date and the name of a D1 binding this Worker
 * has, other than `DB`, the dates strictly increasing and the bindings all different.
 */
export function dayDatabasesOf(bindings: Partial<Env>): DayDatabase[] | string {
  const raw = bindings.DAY_DATABASES;
  if (raw === undefined || raw === '') return [];
  let list: unknown = raw;
  if (typeof raw === 'string')
    try {
      list = JSON.parse(raw);
    } catch {
      return 'DAY_DATABASES is not JSON';
    }
  if (!Array.isArray(list)) return 'DAY_DATABASES is not a list';
  const out: DayDatabase[] = [];
  for (const item of list as unknown[]) {
    const { from, binding } = (item ?? {}) as { from?: unknown; binding?: unknown };
    if (typeof from !== 'string' || !isDate(from))
      return 'DAY_DATABASES: a period without a valid `from` date';
    if (typeof binding !== 'string' || binding === 'DB' || out.some((p) => p.binding === binding))
      return `DAY_DATABASES: ${String(binding)} cannot hold a period (DB, repeated, or not a name)`;
    const db = (bindings as Record<string, unknown>)[binding] as { prepare?: unknown } | undefined;
    if (typeof db?.prepare !== 'function') return `DAY_DATABASES names ${binding}, which is not a D1 binding`;
    if (out.length > 0 && out.at(-1)!.from >= from) return 'DAY_DATABASES: the dates must increase';
    out.push({ from, binding });
  }
  return out;
}

const parsed = new WeakMap<object, Config>();

/** The settings of `env` (parsed on first use, then kept for as long as the bindings object lives). */
export function configOf(env: Partial<Env> | undefined): Config {
  const bindings = env ?? {};
  const known = parsed.get(bindings);
  if (known) return known;
  const localDev = bindings.LOCAL_DEV === '1';
  const problem = secretProblem(bindings.DAILY_SECRET, localDev);
  const pushProblem = pushProblemOf(bindings, localDev);
  const days = dayDatabasesOf(bindings);
  const config: Config = {
    secret: problem === null ? bindings.DAILY_SECRET! : '',
    problem,
    localDev,
    serverTiming: bindings.SERVER_TIMING === '1',
    playerBurst: countOf(bindings.PLAYER_BURST, ADDRESS_BURST),
    moderatorIds: moderatorIdsOf(bindings.MODERATOR_IDS),
    reportsToHide: countOf(bindings.REPORTS_TO_HIDE, REPORTS_TO_HIDE),
    reportsPerDay: countOf(bindings.REPORTS_PER_DAY, REPORTS_PER_DAY),
    auditStandIn: localDev && bindings.AUDIT_STAND_IN === '1',
    rpId: bindings.RP_ID || null,
    rpOrigin: bindings.RP_ORIGIN || null,
    frontSecret: bindings.FRONT_SECRET || null,
    vapid:
      pushProblem === null
        ? {
            publicKey: bindings.VAPID_PUBLIC_KEY!,
            privateKey: bindings.VAPID_PRIVATE_KEY!,
            subject: bindings.VAPID_SUBJECT!,
          }
        : null,
    pushProblem,
    dayDatabases: typeof days === 'string' ? [] : days,
    ledgerProblem: typeof days === 'string' ? days : null,
  };
  parsed.set(bindings, config);
  return config;
}

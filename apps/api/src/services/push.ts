/**
 * Reminders by Web Push (issue 19): a player's push subscriptions (one per device), their reminder settings (an
 * hour in their time zone, and which kinds), and the scheduled run that sends each due reminder once.
 */
import { addDays, closesAt, utcDate } from '@golf/contract';
import { pushText, type PushLanguage } from '@golf/contract/push';
import type { Config, VapidText } from '../config.ts';
import { fromBase64url } from '../crypto.ts';
import { ApiError } from '../errors.ts';
import {
  buildPushRequest,
  importVapidKeys,
  parseSubscription,
  type PushMessage,
  type PushSubscriptionJson,
  type VapidKeys,
} from '../push/index.ts';
import type {
  DueCursor,
  DueReminderRecord,
  ReminderKind,
  ReminderRecord,
  SendRecord,
  SubscriptionRecord,
} from '../ports/push.ts';
import type { ServiceContext } from './context.ts';
import { canonicalTimeZone, nextLocalHour } from './local-time.ts';
import { REMINDER_KINDS, type ReminderSettings, type SubscriptionView } from '../views.ts';

export type { ReminderSettings, SubscriptionView };

export { REMINDER_KINDS };
/** Subscriptions (devices) per player, at most. */
export const MAX_SUBSCRIPTIONS = 10;
/** The "closing" reminder goes out only when the player's hour falls in the last this-many hours of the UTC day. */
export const CLOSING_HOURS = 6;
/** Players per page of a scheduled run, and the most messages one run sends (pages go on until this is spent). */
export const REMINDER_PAGE = 20;
export const MAX_SENDS_PER_RUN = 500;
/** A send that failed (not 404/410) is tried again by the first run this long after. */
export const RETRY_MS = 10 * 60_000;
/** Send records older than this many days are deleted by the cron's housekeeping, at most 1,000 a run. */
const KEEP_SENDS_DAYS = 2;

/** What `GET /api/players/me/reminders` answers before a player stored anything: off. */
export const DEFAULT_REMINDERS: ReminderSettings = { hour: 9, timeZone: 'UTC', kinds: [], language: 'en' };

export interface ReminderRun {
  readonly sent: number;
  readonly gone: number;
  readonly failed: number;
}

const told = new WeakSet<Config>();

/** The VAPID configuration, or a coded 503 when this deployment has reminders off (docs/deploy.md). */
function vapidOf(config: Config): VapidText {
  if (config.vapid === null) {
    // Logged once per instance and configuration: the web asks on every visit to "My rounds".
    if (!told.has(config)) console.error(`reminders are off: ${config.pushProblem} (see docs/deploy.md)`);
    told.add(config);
    throw new ApiError('ERR_UNAVAILABLE', 'reminders are not available on this server');
  }
  return config.vapid;
}

const imported = new WeakMap<VapidText, Promise<VapidKeys | null>>();

/** The signing key, imported once per configuration; null (logged) when the pair does not match. */
function vapidKeys(vapid: VapidText): Promise<VapidKeys | null> {
  let keys = imported.get(vapid);
  if (!keys) {
    keys = importVapidKeys(vapid).then((r) => {
      if (r.ok) return r.value;
      console.error(`reminders are off: ${r.error.message} (see docs/deploy.md)`);
      return null;
    });
    imported.set(vapid, keys);
  }
  return keys;
}

/** `GET /api/push/key`: the application server key a browser subscribes with. */
export const pushKey = (ctx: ServiceContext): { key: string } => ({ key: vapidOf(ctx.config).publicKey });

const subscriptionView = (s: SubscriptionRecord): SubscriptionView => ({
  id: s.id,
  endpoint: s.endpoint,
  createdAt: new Date(s.createdAt).toISOString(),
});

/**
 * Stores a browser's subscription for the player: `created` when new, the same id again for an endpoint the
 * player already subscribed (its keys updated). An endpoint another player subscribed moves to this one.
 */
export async function subscribe(
  ctx: ServiceContext,
  playerId: string,
  json: PushSubscriptionJson,
): Promise<{ created: boolean; id: string }> {
  vapidOf(ctx.config);
  const parsed = await parseSubscription(json, { localHttp: ctx.config.localDev });
  if (!parsed.ok) throw new ApiError('ERR_VALIDATION', parsed.error.message);
  const endpoint = parsed.value.endpoint;
  const { p256dh, auth } = json.keys;
  const store = ctx.ledger.push;
  const known = await store.subscriptionByEndpoint(endpoint);
  if (known && known.playerId === playerId) {
    if (known.p256dh !== p256dh || known.auth !== auth)
      await store.updateSubscriptionKeys(known.id, playerId, p256dh, auth);
    return { created: false, id: known.id };
  }
  const id = crypto.randomUUID();
  const stored = await store.insertSubscription(
    { id, playerId, endpoint, p256dh, auth, createdAt: ctx.now.getTime() },
    MAX_SUBSCRIPTIONS,
  );
  if (stored === null)
    throw new ApiError(
      'ERR_TOO_MANY',
      `a player has at most ${MAX_SUBSCRIPTIONS} devices with reminders; remove one first`,
    );
  return { created: stored.id === id, id: stored.id };
}

export async function subscriptionsOf(
  ctx: ServiceContext,
  playerId: string,
): Promise<{ subscriptions: SubscriptionView[] }> {
  vapidOf(ctx.config);
  return { subscriptions: (await ctx.ledger.push.subscriptionsOf(playerId)).map(subscriptionView) };
}

export async function unsubscribe(ctx: ServiceContext, playerId: string, id: string): Promise<void> {
  vapidOf(ctx.config);
  if (!(await ctx.ledger.push.deleteSubscription(playerId, id)))
    throw new ApiError('ERR_NOT_FOUND', 'you have no push subscription with that id');
}

const settingsOf = (r: ReminderRecord | null): ReminderSettings =>
  r === null
    ? DEFAULT_REMINDERS
    : { hour: r.hour, timeZone: r.timeZone, kinds: r.kinds, language: r.language };

export async function remindersOf(ctx: ServiceContext, playerId: string): Promise<ReminderSettings> {
  vapidOf(ctx.config);
  return settingsOf(await ctx.ledger.push.reminder(playerId));
}

/**
 * Stores the player's reminder settings: the fields given replace the stored ones (or the defaults); `kinds: []`
 * turns reminders off. The next due time is the next time the player's clock reads `hour`:00.
 */
export async function setReminders(
  ctx: ServiceContext,
  playerId: string,
  change: Partial<ReminderSettings>,
): Promise<ReminderSettings> {
  vapidOf(ctx.config);
  const stored = settingsOf(await ctx.ledger.push.reminder(playerId));
  let timeZone = stored.timeZone;
  if (change.timeZone !== undefined) {
    const canonical = canonicalTimeZone(change.timeZone);
    if (canonical === null)
      throw new ApiError('ERR_VALIDATION', `timeZone: unknown time zone ${JSON.stringify(change.timeZone)}`);
    timeZone = canonical;
  }
  const hour = change.hour ?? stored.hour;
  const wanted = new Set(change.kinds ?? stored.kinds);
  const kinds = REMINDER_KINDS.filter((k) => wanted.has(k));
  const language = change.language ?? stored.language;
  const now = ctx.now.getTime();
  await ctx.ledger.push.putReminder({
    playerId,
    hour,
    timeZone,
    kinds,
    language,
    dueAt: kinds.length === 0 ? null : nextLocalHour(timeZone, hour, now),
    updatedAt: now,
  });
  return { hour, timeZone, kinds, language };
}

/**
 * The kind a reminder due at `now` is: "closing" when the player wants it and the UTC day (the course's) ends
 * within {@link CLOSING_HOURS}; otherwise "open" when wanted; otherwise none. One message per device at a time:
 * a player who wants both gets only "closing" when both would fall at the same hour.
 */
export function reminderKind(kinds: readonly ReminderKind[], now: Date): ReminderKind | null {
  const closing = now.getUTCHours() >= 24 - CLOSING_HOURS;
  if (closing && kinds.includes('closing')) return 'closing';
  if (kinds.includes('open')) return 'open';
  return null;
}

/**
 * The message of a reminder, in the player's language: what the service worker shows, opening today's course on a
 * click.
 */
export function reminderMessage(kind: ReminderKind, now: Date, language: PushLanguage = 'en'): PushMessage {
  const date = utcDate(now);
  const hours = Math.max(1, Math.ceil((closesAt(date).getTime() - now.getTime()) / 3_600_000));
  return { kind, date, ...pushText(kind, language, hours), url: '/' };
}

type Delivery = 'sent' | 'gone' | 'failed';

/** One push message to one subscription: 2xx sent, 404/410 gone (the browser dropped it), anything else failed. */
async function deliver(
  ctx: ServiceContext,
  keys: VapidKeys,
  subject: string,
  subscription: SubscriptionRecord,
  message: PushMessage,
): Promise<Delivery> {
  const publicKey = fromBase64url(subscription.p256dh);
  const auth = fromBase64url(subscription.auth);
  if (publicKey === null || auth === null) return 'gone';
  const now = ctx.now.getTime();
  const request = await buildPushRequest({
    subscription: { endpoint: subscription.endpoint, publicKey, auth },
    message,
    vapid: keys,
    subject,
    // Kept by the push service until the course closes at the latest: a reminder for a closed day is noise.
    ttl: Math.max(60, Math.floor((closesAt(message.date).getTime() - now) / 1000)),
    urgency: 'normal',
    now,
  });
  if (!request.ok) {
    console.error('push: cannot build the message', request.error.message);
    return 'failed';
  }
  try {
    const { endpoint, method, headers, body } = request.value;
    const response = await ctx.fetch(new Request(endpoint, { method, headers, body }));
    await response.body?.cancel();
    if (response.ok) return 'sent';
    if (response.status === 404 || response.status === 410) return 'gone';
    console.error(`push: ${new URL(endpoint).origin} answered ${response.status}; retried next run`);
    return 'failed';
  } catch (error) {
    console.error('push: the push service could not be reached; retried next run', error);
    return 'failed';
  }
}

/**
 * The scheduled run's reminders: pages of players whose due time has come (the due index, keyset-paged, at most
 * {@link REMINDER_PAGE} a page and {@link MAX_SENDS_PER_RUN} messages a run). For each: nothing when the due time
 * belongs to a day already closed, when they finished today's round, or when no kind applies; otherwise one
 * message per device, each recorded before it is sent (so an overlapping run skips it). Then each player's next
 * due time: their hour tomorrow, or {@link RETRY_MS} from now when a send failed.
 */
export async function sendReminders(ctx: ServiceContext): Promise<ReminderRun> {
  const tally = { sent: 0, gone: 0, failed: 0 };
  const vapid = ctx.config.vapid;
  if (vapid === null) return tally;
  const keys = await vapidKeys(vapid);
  if (keys === null) return tally;
  const now = ctx.now.getTime();
  const date = utcDate(ctx.now);
  let after: DueCursor | null = null;
  let budget = MAX_SENDS_PER_RUN;
  for (;;) {
    const limit = Math.min(REMINDER_PAGE, Math.floor(budget / MAX_SUBSCRIPTIONS));
    if (limit === 0) break;
    const page = await ctx.ledger.push.dueReminders(now, date, after, limit);
    if (page.length === 0) break;
    const last = page[page.length - 1]!;
    after = { dueAt: last.dueAt, playerId: last.playerId };

    const wanted: { send: SendRecord; subscription: SubscriptionRecord; player: DueReminderRecord }[] = [];
    for (const player of page) {
      const kind = reminderKind(player.kinds, ctx.now);
      const fresh = utcDate(new Date(player.dueAt)) === date;
      if (!fresh || player.finished || kind === null) continue;
      for (const subscription of player.subscriptions)
        wanted.push({
          send: { date, kind, subscriptionId: subscription.id, sentAt: now },
          subscription,
          player,
        });
    }
    budget -= wanted.length;
    const claimed = new Set(
      (await ctx.ledger.push.claimSends(wanted.map((w) => w.send))).map((s) => s.subscriptionId),
    );
    const outcomes = await Promise.all(
      wanted
        .filter((w) => claimed.has(w.send.subscriptionId))
        .map(async (w) => ({
          ...w,
          delivery: await deliver(
            ctx,
            keys,
            vapid.subject,
            w.subscription,
            reminderMessage(w.send.kind, ctx.now, w.player.language),
          ),
        })),
    );
    const retry = new Set<string>();
    for (const o of outcomes) {
      tally[o.delivery]++;
      if (o.delivery === 'failed') retry.add(o.player.playerId);
    }
    await ctx.ledger.push.settle({
      failed: outcomes.filter((o) => o.delivery === 'failed').map((o) => o.send),
      gone: outcomes.filter((o) => o.delivery === 'gone').map((o) => o.subscription.id),
      next: page.map((p) => ({
        playerId: p.playerId,
        was: p.dueAt,
        dueAt: retry.has(p.playerId) ? now + RETRY_MS : nextLocalHour(p.timeZone, p.hour, now),
      })),
    });
    if (page.length < limit) break;
  }
  return tally;
}

/** The cron's housekeeping: send records of days long closed. */
export const forgetOldSends = (ctx: ServiceContext): Promise<void> =>
  ctx.ledger.push.deleteSendsBefore(addDays(utcDate(ctx.now), -KEEP_SENDS_DAYS), 1000);

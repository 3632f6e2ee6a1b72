/**
 * The service worker's side of Web Push: a `push` event shows the message as a notification, a click on it
 * brings the app to the message's page (today's course). The payload is the contract's push message
 * (`{ kind, date, title, body, url }`, which the API's cron sends), checked here before it is shown; its url
 * may only name a page of this site.
 */
import { PUSH_KINDS, type PushKind, type PushMessage } from '@golf/contract/push';

const isKind = (v: unknown): v is PushKind => PUSH_KINDS.some((k) => k === v);

const isText = (v: unknown, max: number): v is string =>
  typeof v === 'string' && v.length > 0 && v.length <= max;

/** The payload of a push, or null when it is not one of ours. */
export function parsePushPayload(raw: unknown): PushMessage | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (!isKind(r.kind) || !isText(r.title, 200) || !isText(r.url, 2000)) return null;
  if (typeof r.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(r.date)) return null;
  if (typeof r.body !== 'string' || r.body.length > 1000) return null;
  return { kind: r.kind, date: r.date, title: r.title, body: r.body, url: r.url };
}

/** The page a payload opens, on this origin only (another origin's url opens today's course instead). */
export function pageUrl(url: string, origin: string): string {
  try {
    const u = new URL(url, origin);
    return u.origin === origin ? u.href : new URL('/', origin).href;
  } catch {
    return new URL('/', origin).href;
  }
}

/** What `showNotification` is given: one notification per kind and day (a newer one replaces it). */
export function notificationFor(
  payload: PushMessage,
  origin: string,
): { title: string; options: NotificationOptions } {
  return {
    title: payload.title,
    options: {
      body: payload.body,
      tag: `golf-${payload.kind}-${payload.date}`,
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      data: { url: pageUrl(payload.url, origin) },
    },
  };
}

/** The parts of the service worker the handlers use (the real one, or a fake in tests). */
export interface PushWorker {
  readonly origin: string;
  showNotification(title: string, options: NotificationOptions): Promise<void>;
  windows(): Promise<
    readonly { url: string; focus(): Promise<unknown>; navigate?(url: string): Promise<unknown> }[]
  >;
  openWindow(url: string): Promise<unknown>;
}

/** A push arrived: show it. A payload that is not ours still shows a plain notice (browsers require one). */
export async function onPush(worker: PushWorker, data: { json(): unknown } | null): Promise<void> {
  let payload: PushMessage | null;
  try {
    payload = parsePushPayload(data?.json());
  } catch {
    payload = null;
  }
  if (payload === null) {
    await worker.showNotification('Golf Daily', {
      body: "Today's course is waiting.",
      tag: 'golf',
      data: { url: pageUrl('/', worker.origin) },
    });
    return;
  }
  const { title, options } = notificationFor(payload, worker.origin);
  await worker.showNotification(title, options);
}

/** A notification was clicked: focus a window already on that page, else one of the app's, else open one. */
export async function onNotificationClick(worker: PushWorker, data: unknown): Promise<void> {
  const wanted = pageUrl(
    typeof data === 'object' && data !== null && typeof (data as { url?: unknown }).url === 'string'
      ? (data as { url: string }).url
      : '/',
    worker.origin,
  );
  const windows = await worker.windows();
  const same = windows.find((w) => w.url === wanted);
  if (same) {
    await same.focus();
    return;
  }
  const ours = windows.find((w) => w.url.startsWith(worker.origin));
  if (ours?.navigate) {
    await ours.focus();
    await ours.navigate(wanted);
    return;
  }
  await worker.openWindow(wanted);
}

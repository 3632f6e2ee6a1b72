/** The browser's push calls: the Notification permission and the service worker's PushManager. */
import type { PushSubscriptionJson } from '@golf/api';
import type { PushCalls } from './reminders.svelte.ts';

/** The bytes of a base64url text (the server's key, as `applicationServerKey` wants it). */
function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

const json = (s: PushSubscription): PushSubscriptionJson => {
  const j = s.toJSON();
  return { endpoint: s.endpoint, keys: { p256dh: j.keys?.p256dh ?? '', auth: j.keys?.auth ?? '' } };
};

const manager = async (): Promise<PushManager> => (await navigator.serviceWorker.ready).pushManager;

export const browserPush: PushCalls = {
  supported: () =>
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window,
  permission: () => Notification.requestPermission(),
  current: async () => {
    // Not `ready`, which waits forever where no service worker is registered (a dev server).
    const s = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
    return s ? json(s) : null;
  },
  subscribe: async (key) =>
    json(await (await manager()).subscribe({ userVisibleOnly: true, applicationServerKey: bytesOf(key) })),
  unsubscribe: async () => {
    const s = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
    await s?.unsubscribe();
  },
  timeZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
};

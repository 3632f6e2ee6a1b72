import type { PushSubscriptionJson } from '@golf/api';
import { memoryApp } from '@golf/api/testing';
import { describe, expect, it } from 'vitest';
import { GolfApi } from '../api.ts';
import { Identity } from '../api-player.svelte.ts';
import { memoryStore } from '../persisted.svelte.ts';
import { Reminders, type PushCalls } from './reminders.svelte.ts';

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');

async function p256(algorithm: 'ECDH' | 'ECDSA') {
  const usages: KeyUsage[] = algorithm === 'ECDH' ? ['deriveBits'] : ['sign', 'verify'];
  const pair = (await crypto.subtle.generateKey(
    { name: algorithm, namedCurve: 'P-256' },
    true,
    usages,
  )) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
  return { publicKey: b64url(raw), privateKey: jwk.d! };
}

/** A browser that grants (or refuses) notifications and subscribes with a real P-256 key. */
async function fakeBrowser(permission: NotificationPermission = 'granted') {
  const ua = await p256('ECDH');
  let subscription: PushSubscriptionJson | null = null;
  const keys: string[] = [];
  const calls: PushCalls = {
    supported: () => true,
    permission: async () => permission,
    current: async () => subscription,
    subscribe: async (key) => {
      keys.push(key);
      subscription = {
        endpoint: `https://push.example/send/${crypto.randomUUID()}`,
        keys: { p256dh: ua.publicKey, auth: b64url(crypto.getRandomValues(new Uint8Array(16))) },
      };
      return subscription;
    },
    unsubscribe: async () => {
      subscription = null;
    },
    timeZone: () => 'Europe/Paris',
  };
  return { calls, keys, subscribed: () => subscription };
}

async function world(withKeys = true) {
  let now = new Date('2026-06-15T05:00:00.000Z');
  const vapid = { ...(await p256('ECDSA')), subject: 'mailto:ops@golf.test' };
  const pushed: Request[] = [];
  const server = memoryApp({
    now: () => now,
    perfect: () => ({ strokes: 0, log: '', exact: false }),
    local: true,
    ...(withKeys ? { vapid } : {}),
    fetch: async (request) => {
      pushed.push(request);
      return new Response(null, { status: 201 });
    },
  });
  const identity = new Identity(memoryStore());
  const api = new GolfApi({ fetch: server.fetch, token: () => identity.token });
  await identity.create(api, 'Ada');
  const scheduled = async (iso: string) => {
    now = new Date(iso);
    const res = await server.fetch(`/api/dev/scheduled?time=${now.getTime()}`, { method: 'POST' });
    expect(res.status).toBe(200);
  };
  return { api, vapid, pushed, scheduled };
}

describe('Reminders', () => {
  it('turns reminders on (permission, subscription with the server key, hour and time zone) and off', async () => {
    const w = await world();
    const browser = await fakeBrowser();
    const reminders = new Reminders(w.api, browser.calls);
    await reminders.load();
    expect(reminders.available).toBe(true);
    expect(reminders.settings).toEqual({ hour: 9, timeZone: 'UTC', kinds: [], language: 'en' });
    expect(reminders.on).toBe(false);

    expect(await reminders.turnOn(8, ['open'])).toBe(true);
    expect(browser.keys).toEqual([w.vapid.publicKey]);
    expect(reminders.on).toBe(true);
    expect(reminders.settings).toEqual({
      hour: 8,
      timeZone: 'Europe/Paris',
      kinds: ['open'],
      language: 'en',
    });
    expect(reminders.notice).toBe('Reminders on, at 08:00 (Europe/Paris).');
    const devices = await w.api.pushDevices();
    expect(devices.ok && devices.value.subscriptions.map((d) => d.endpoint)).toEqual([
      browser.subscribed()!.endpoint,
    ]);

    // A page load later finds this device again.
    const again = new Reminders(w.api, browser.calls);
    await again.load();
    expect(again.on).toBe(true);

    // 08:00 in Paris is 06:00 UTC in June: the cron sends one message to this device.
    await w.scheduled('2026-06-15T06:02:00.000Z');
    expect(w.pushed.map((r) => r.url)).toEqual([browser.subscribed()!.endpoint]);
    expect(w.pushed[0]!.headers.get('content-encoding')).toBe('aes128gcm');

    expect(await again.turnOff()).toBe(true);
    expect(again.on).toBe(false);
    expect(again.settings?.kinds).toEqual([]);
    expect(browser.subscribed()).toBeNull();
    const none = await w.api.pushDevices();
    expect(none.ok && none.value.subscriptions).toEqual([]);
  });

  it('says why when notifications are refused, and hides itself when the server has reminders off', async () => {
    const w = await world();
    const refused = new Reminders(w.api, (await fakeBrowser('denied')).calls);
    await refused.load();
    expect(await refused.turnOn(8, ['open'])).toBe(false);
    expect(refused.failure?.code).toBe('ERR_PUSH');
    expect(refused.on).toBe(false);
    expect(await refused.turnOn(8, [])).toBe(false);

    const off = new Reminders((await world(false)).api, (await fakeBrowser()).calls);
    await off.load();
    expect(off.available).toBe(false);
    const unsupported = new Reminders(w.api, { ...(await fakeBrowser()).calls, supported: () => false });
    await unsupported.load();
    expect(unsupported.available).toBe(false);
  });
});

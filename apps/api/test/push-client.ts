/**
 * The push tests' harness: the app on a clock the test moves, with VAPID bindings and a push service the test
 * plays, and browsers' subscriptions with the keys to read what they receive.
 */
import { env } from 'cloudflare:workers';
import { createApp } from '../src/app.ts';
import { base64url, fromBase64url } from '../src/push/index.ts';
import { noCache } from '../src/ports/edge-cache.ts';
import type { Env } from '../src/env.ts';
import { callerOf, DAY, quickPerfect, testAuditor } from './helpers.ts';
import { userAgent, vapidPair } from './push-receiver.ts';

export const pair = await vapidPair();
export const SUBJECT = 'mailto:ops@golf.test';
export const VAPID = {
  VAPID_PUBLIC_KEY: pair.publicKey,
  VAPID_PRIVATE_KEY: pair.privateKey,
  VAPID_SUBJECT: SUBJECT,
};

export interface Pushed {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: Uint8Array<ArrayBuffer>;
}

/** A push service the test plays: it keeps every request and answers each endpoint's status (201 unless told). */
function pushService() {
  const received: Pushed[] = [];
  const status = new Map<string, number>();
  /** Runs while a message is being delivered (what a player does meanwhile). */
  const during: { run: (() => Promise<void>) | null } = { run: null };
  const fetch = async (request: Request): Promise<Response> => {
    await during.run?.();
    received.push({
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: new Uint8Array(await request.arrayBuffer()),
    });
    return new Response(null, { status: status.get(request.url) ?? 201 });
  };
  return {
    received,
    status,
    during,
    fetch,
    to: (endpoint: string) => received.filter((r) => r.url === endpoint),
  };
}

let ips = 0;

/** An app on a clock the test moves, with these bindings and a push service of its own. */
export function client(bindings: Partial<Env> = { ...VAPID, LOCAL_DEV: '1' }, at = `${DAY}T05:00:00.000Z`) {
  let now = new Date(at);
  const service = pushService();
  const app = createApp({
    now: () => now,
    perfect: quickPerfect,
    cache: () => noCache,
    auditor: testAuditor(),
    fetch: service.fetch,
  });
  const appEnv = { ...env, ...bindings } as unknown as Env;
  const call = callerOf(app, appEnv);
  return {
    app,
    call,
    service,
    setNow: (next: string) => {
      now = new Date(next);
    },
    now: () => now,
    async player(): Promise<{ id: string; token: string }> {
      ips++;
      const r = await call<{ id: string; token: string }>('POST', '/api/players', {
        body: { name: 'Pusher' },
        headers: { 'cf-connecting-ip': `10.77.${ips >> 8}.${ips & 255}` },
      });
      if (r.status !== 201) throw new Error(`player: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body;
    },
    /** The cron's job at `time` (through the local `/api/dev/scheduled`). */
    async scheduled(time: string) {
      now = new Date(time);
      const r = await call<{ reminders: { sent: number; gone: number; failed: number } | null }>(
        'POST',
        `/api/dev/scheduled?time=${now.getTime()}`,
      );
      if (r.status !== 200) throw new Error(`scheduled: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.reminders;
    },
  };
}

let endpoints = 0;
const endpoint = () => `http://127.0.0.1:9${String(endpoints % 1000).padStart(3, '0')}/push/${++endpoints}`;

/** A browser's subscription to a push service at `url`, with the keys to read what it receives. */
export async function browser(url = endpoint()) {
  const ua = await userAgent();
  return { ua, json: { endpoint: url, keys: { p256dh: base64url(ua.publicKey), auth: base64url(ua.auth) } } };
}

export const b = (text: string): Uint8Array<ArrayBuffer> => fromBase64url(text)!;
export const claims = (part: string) =>
  JSON.parse(new TextDecoder().decode(b(part))) as Record<string, unknown>;

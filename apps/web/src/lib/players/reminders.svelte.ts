/**
 * Reminders on this device: the notification permission, this browser's push subscription (with the server's
 * VAPID key), and the player's reminder hour, time zone and kinds. The browser's calls are injected
 * ({@link PushCalls}; web-push.ts has the real ones), so tests run without a browser. The push handler that shows
 * a message is the service worker's.
 */
import type { PushLanguage } from '@golf/contract/push';
import type { PushSubscriptionJson, ReminderKind, ReminderSettings } from '@golf/api';
import type { ApiFailure, GolfApi } from '../api.ts';
import { m } from '../i18n/index.ts';
import { hourText } from './reminder-words.ts';

export interface PushCalls {
  /** Whether this browser can receive push messages at all (service worker, PushManager, Notification). */
  readonly supported: () => boolean;
  /** Asks for the notification permission (answers at once when already given or refused). */
  readonly permission: () => Promise<NotificationPermission>;
  /** This browser's subscription, or null. */
  readonly current: () => Promise<PushSubscriptionJson | null>;
  /** Subscribes with the server's key (base64url), `userVisibleOnly`. */
  readonly subscribe: (applicationServerKey: string) => Promise<PushSubscriptionJson>;
  /** Drops this browser's subscription, if any. */
  readonly unsubscribe: () => Promise<void>;
  /** The device's time zone (IANA name). */
  readonly timeZone: () => string;
}

const pushFailure = (message: string): ApiFailure => ({ status: 0, code: 'ERR_PUSH', message });

export class Reminders {
  /** null until loaded; false when this browser or this server cannot do reminders. */
  available = $state<boolean | null>(null);
  settings = $state.raw<ReminderSettings | null>(null);
  /** The server's id of this browser's subscription, null when this device gets no reminders. */
  deviceId = $state<string | null>(null);
  busy = $state(false);
  failure = $state.raw<ApiFailure | null>(null);
  notice = $state<string | null>(null);

  readonly #api: GolfApi;
  readonly #push: PushCalls;

  constructor(api: GolfApi, push: PushCalls) {
    this.#api = api;
    this.#push = push;
  }

  /** Reminders reach this device: the player wants some kind and this browser is subscribed. */
  get on(): boolean {
    return this.deviceId !== null && (this.settings?.kinds.length ?? 0) > 0;
  }

  async load(): Promise<void> {
    if (!this.#push.supported()) {
      this.available = false;
      return;
    }
    const [key, settings, devices] = await Promise.all([
      this.#api.pushKey(),
      this.#api.reminders(),
      this.#api.pushDevices(),
    ]);
    if (!key.ok && key.error.code === 'ERR_UNAVAILABLE') {
      this.available = false;
      return;
    }
    if (!settings.ok || !devices.ok) {
      this.failure = !settings.ok ? settings.error : !devices.ok ? devices.error : null;
      return;
    }
    this.available = true;
    this.settings = settings.value;
    const mine = await this.#push.current().catch(() => null);
    this.deviceId = devices.value.subscriptions.find((d) => d.endpoint === mine?.endpoint)?.id ?? null;
  }

  async #step(run: () => Promise<ApiFailure | null>): Promise<boolean> {
    if (this.busy) return false;
    this.busy = true;
    this.failure = null;
    this.notice = null;
    try {
      this.failure = await run();
      return this.failure === null;
    } finally {
      this.busy = false;
    }
  }

  /**
   * Asks for permission, subscribes this browser, and stores the hour (this device's time zone), the kinds and the
   * language the reminders are to be written in.
   */
  turnOn(hour: number, kinds: readonly ReminderKind[], language: PushLanguage = 'en'): Promise<boolean> {
    return this.#step(async () => {
      if (kinds.length === 0) return pushFailure(m.reminders_choose_kind());
      if ((await this.#push.permission()) !== 'granted') return pushFailure(m.reminders_blocked());
      const key = await this.#api.pushKey();
      if (!key.ok) return key.error;
      let subscription: PushSubscriptionJson;
      try {
        subscription = await this.#push.subscribe(key.value.key);
      } catch {
        return pushFailure(m.reminders_refused());
      }
      const device = await this.#api.subscribePush({
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
      });
      if (!device.ok) return device.error;
      const stored = await this.#api.setReminders({
        hour,
        timeZone: this.#push.timeZone(),
        kinds: [...kinds],
        language,
      });
      if (!stored.ok) return stored.error;
      this.deviceId = device.value.id;
      this.settings = stored.value;
      this.notice = m.reminders_on_notice({ time: hourText(hour), zone: stored.value.timeZone });
      return null;
    });
  }

  /** Stores a new language for reminders that are on (the player chose another one); nothing otherwise. */
  async followLanguage(language: PushLanguage): Promise<void> {
    const s = this.settings;
    if (this.busy || s === null || s.kinds.length === 0 || s.language === language) return;
    const stored = await this.#api.setReminders({ language });
    if (stored.ok) this.settings = stored.value;
  }

  /** Turns reminders off for the player and drops this device's subscription. */
  turnOff(): Promise<boolean> {
    return this.#step(async () => {
      const stored = await this.#api.setReminders({ kinds: [] });
      if (!stored.ok) return stored.error;
      this.settings = stored.value;
      if (this.deviceId !== null) {
        const removed = await this.#api.unsubscribePush(this.deviceId);
        if (!removed.ok && removed.error.code !== 'ERR_NOT_FOUND') return removed.error;
        this.deviceId = null;
      }
      await this.#push.unsubscribe().catch(() => undefined);
      this.notice = m.reminders_off_notice();
      return null;
    });
  }
}

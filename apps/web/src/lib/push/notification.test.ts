import type { PushMessage } from '@golf/contract/push';
import { describe, expect, it } from 'vitest';
import {
  notificationFor,
  onNotificationClick,
  onPush,
  pageUrl,
  parsePushPayload,
  type PushWorker,
} from './notification.ts';

const ORIGIN = 'https://golf.example';
const PAYLOAD: PushMessage = {
  kind: 'open',
  date: '2026-12-02',
  title: "Today's course is ready",
  body: 'Nine new holes, par 45.',
  url: '/',
};

interface FakeWindow {
  url: string;
  focused: number;
  navigated: string[];
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
const win = (url: string): FakeWindow => ({
  url,
  focused: 0,
  navigated: [],
  focus() {
    this.focused++;
    return Promise.resolve(this);
  },
  navigate(to: string) {
    this.navigated.push(to);
    return Promise.resolve(this);
  },
});

function fakeWorker(windows: FakeWindow[] = []) {
  const shown: { title: string; options: NotificationOptions }[] = [];
  const opened: string[] = [];
  const worker: PushWorker = {
    origin: ORIGIN,
    showNotification: (title, options) => {
      shown.push({ title, options });
      return Promise.resolve();
    },
    windows: () => Promise.resolve(windows),
    openWindow: (url) => {
      opened.push(url);
      return Promise.resolve(null);
    },
  };
  return { worker, shown, opened };
}

describe('push notifications in the service worker', () => {
  it('shows the payload: title, body, one tag per kind and day, the page to open', async () => {
    const { worker, shown } = fakeWorker();
    await onPush(worker, { json: () => PAYLOAD });
    expect(shown).toEqual([notificationFor(PAYLOAD, ORIGIN)]);
    expect(shown[0]!.title).toBe("Today's course is ready");
    expect(shown[0]!.options).toMatchObject({
      body: 'Nine new holes, par 45.',
      tag: 'golf-open-2026-12-02',
      data: { url: 'https://golf.example/' },
    });
  });

  it('still shows a plain notice for a payload that is not ours, or none', async () => {
    for (const data of [null, { json: () => ({ title: 'x' }) }, { json: () => JSON.parse('{') as unknown }]) {
      const { worker, shown } = fakeWorker();
      await onPush(worker, data);
      expect(shown).toHaveLength(1);
      expect(shown[0]!.title).toBe('Golf Daily');
    }
    expect(parsePushPayload({ ...PAYLOAD, date: 'today' })).toBeNull();
    expect(parsePushPayload({ ...PAYLOAD, kind: 'course' })).toBeNull();
    expect(parsePushPayload(PAYLOAD)).toEqual(PAYLOAD);
  });

  it('never opens another site', () => {
    expect(pageUrl('/standings/2026-12-02', ORIGIN)).toBe('https://golf.example/standings/2026-12-02');
    expect(pageUrl('https://evil.example/', ORIGIN)).toBe('https://golf.example/');
    expect(pageUrl('javascript:alert(1)', ORIGIN)).toBe('https://golf.example/');
  });

  it('a click focuses the window already on the page', async () => {
    const there = win('https://golf.example/');
    const { worker, opened } = fakeWorker([win('https://golf.example/rules'), there]);
    await onNotificationClick(worker, { url: 'https://golf.example/' });
    expect(there.focused).toBe(1);
    expect(opened).toEqual([]);
  });

  it("a click brings another of the app's windows to the page, or opens one", async () => {
    const rules = win('https://golf.example/rules');
    const one = fakeWorker([rules]);
    await onNotificationClick(one.worker, { url: 'https://golf.example/' });
    expect(rules.focused).toBe(1);
    expect(rules.navigated).toEqual(['https://golf.example/']);

    const none = fakeWorker([]);
    await onNotificationClick(none.worker, { url: 'https://golf.example/' });
    expect(none.opened).toEqual(['https://golf.example/']);
    const odd = fakeWorker([]);
    await onNotificationClick(odd.worker, null);
    expect(odd.opened).toEqual(['https://golf.example/']);
  });
});

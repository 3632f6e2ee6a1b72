import { describe, expect, it } from 'vitest';
import { memoryStore } from '../persisted.svelte.ts';
import {
  DEFAULT_TABLE_SETTINGS,
  TableSettings,
  applyTableSettings,
  parseTableSettings,
} from './table-settings.svelte.ts';

/** A stand-in for <html> that records each write to its data attributes. */
function recordingRoot(initial: Record<string, string>): { root: HTMLElement; writes: string[] } {
  const writes: string[] = [];
  const values: Record<string, string> = { ...initial };
  const dataset = new Proxy(values, {
    set: (target, key, value: string) => {
      writes.push(`${String(key)}=${value}`);
      target[key as string] = value;
      return true;
    },
  });
  return { root: { dataset } as unknown as HTMLElement, writes };
}

describe('TableSettings', () => {
  it('starts with the two-colour deck, normal cards, the dark felt, and sound off', () => {
    const s = new TableSettings({ store: memoryStore() });
    expect(s.value).toEqual(DEFAULT_TABLE_SETTINGS);
    expect(s.attributes).toEqual({ deck: 'two', cards: 'normal', table: 'felt', motion: 'normal' });
    expect(s.sound).toBe(false);
  });

  it('keeps every change on the device and reads it back', () => {
    const store = memoryStore();
    const s = new TableSettings({ store });
    s.deck = 'four';
    s.cards = 'large';
    s.table = 'contrast';
    s.motion = 'fast';
    s.sound = true;
    s.language = 'ja';
    const again = new TableSettings({ store });
    expect(again.value).toEqual({
      deck: 'four',
      cards: 'large',
      table: 'contrast',
      motion: 'fast',
      sound: true,
      language: 'ja',
    });
    expect(again.motionScale).toBe(0.5);
    again.reset();
    expect(new TableSettings({ store }).value).toEqual(DEFAULT_TABLE_SETTINGS);
  });

  it('turns animations off by default under reduced motion, until the player chooses', () => {
    const s = new TableSettings({ store: memoryStore(), reducedMotion: () => true });
    expect(s.motion).toBe('off');
    expect(s.motionScale).toBe(0);
    expect(s.motionFromSystem).toBe(true);
    s.motion = 'normal';
    expect(s.motion).toBe('normal');
    expect(s.motionFromSystem).toBe(false);
    const t = new TableSettings({ store: memoryStore() });
    t.systemReducedMotion = true;
    expect(t.motion).toBe('off');
  });

  it('reads foreign or partial data field by field', () => {
    expect(parseTableSettings(null)).toBeUndefined();
    expect(parseTableSettings([])).toBeUndefined();
    expect(parseTableSettings({ deck: 'four', cards: 'huge', motion: 'slow', sound: 'yes' })).toEqual({
      ...DEFAULT_TABLE_SETTINGS,
      deck: 'four',
    });
  });

  it('writes to <html> only the attributes that differ (a write restyles the page, even with the same value)', () => {
    const s = new TableSettings({ store: memoryStore() });
    // As the head script left them before the first paint: nothing to write.
    const same = recordingRoot({ ...s.attributes });
    applyTableSettings(s, same.root)();
    expect(same.writes).toEqual([]);
    // One setting changed since: that one only.
    s.deck = 'four';
    applyTableSettings(s, same.root)();
    expect(same.writes).toEqual(['deck=four']);
    // A root with none of them: every one.
    const bare = recordingRoot({});
    applyTableSettings(s, bare.root)();
    expect(bare.writes.sort()).toEqual(
      Object.entries(s.attributes)
        .map(([k, v]) => `${k}=${v}`)
        .sort(),
    );
  });
});

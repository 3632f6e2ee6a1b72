import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, nextLocalHour } from '../src/services/local-time.ts';
import { reminderKind, reminderMessage } from '../src/services/push.ts';

const at = (iso: string): number => Date.parse(iso);
const iso = (t: number): string => new Date(t).toISOString();

describe('hours in time zones', () => {
  it('finds the next time the clock reads hour:00, today or tomorrow', () => {
    expect(iso(nextLocalHour('UTC', 8, at('2026-06-15T07:59:59Z')))).toBe('2026-06-15T08:00:00.000Z');
    expect(iso(nextLocalHour('UTC', 8, at('2026-06-15T08:00:00Z')))).toBe('2026-06-16T08:00:00.000Z');
    expect(iso(nextLocalHour('Europe/Paris', 8, at('2026-06-15T05:00:00Z')))).toBe(
      '2026-06-15T06:00:00.000Z',
    );
    expect(iso(nextLocalHour('Europe/Paris', 8, at('2026-01-15T05:00:00Z')))).toBe(
      '2026-01-15T07:00:00.000Z',
    );
    expect(iso(nextLocalHour('Asia/Kolkata', 0, at('2026-06-15T12:00:00Z')))).toBe(
      '2026-06-15T18:30:00.000Z',
    );
    expect(iso(nextLocalHour('Pacific/Kiritimati', 23, at('2026-06-15T12:00:00Z')))).toBe(
      '2026-06-16T09:00:00.000Z',
    );
    expect(iso(nextLocalHour('America/Los_Angeles', 20, at('2026-06-15T12:00:00Z')))).toBe(
      '2026-06-16T03:00:00.000Z',
    );
  });

  it('keeps to the clock across daylight-saving changes', () => {
    // Paris springs forward on 2026-03-29 (02:00 → 03:00) and falls back on 2026-10-25.
    expect(iso(nextLocalHour('Europe/Paris', 8, at('2026-03-28T08:00:00Z')))).toBe(
      '2026-03-29T06:00:00.000Z',
    );
    expect(iso(nextLocalHour('Europe/Paris', 8, at('2026-10-24T07:00:00Z')))).toBe(
      '2026-10-25T07:00:00.000Z',
    );
    // An hour that does not exist that day comes an hour later, as clocks do; the next day is normal again.
    const gap = nextLocalHour('Europe/Paris', 2, at('2026-03-28T23:30:00Z'));
    expect(gap).toBeGreaterThan(at('2026-03-28T23:30:00Z'));
    expect(gap).toBeLessThanOrEqual(at('2026-03-29T01:00:00Z'));
    expect(iso(nextLocalHour('Europe/Paris', 2, gap))).toBe('2026-03-30T00:00:00.000Z');
    // Every answer is after its start and at most a day and an hour later.
    for (let t = at('2026-03-27T00:00:00Z'); t < at('2026-04-01T00:00:00Z'); t += 37 * 60_000) {
      for (const hour of [0, 2, 3, 12, 23]) {
        const next = nextLocalHour('Europe/Paris', hour, t);
        expect(next).toBeGreaterThan(t);
        expect(next - t).toBeLessThanOrEqual(25 * 3_600_000);
      }
    }
  });

  it('knows the IANA names, in their canonical spelling', () => {
    expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const bad of ['', 'Mars/Olympus', 'x'.repeat(65), 'Europe/Paris\n'])
      expect(canonicalTimeZone(bad)).toBeNull();
  });
});

describe('which reminder', () => {
  it('is "closing" in the last six hours of the UTC day when wanted, "open" otherwise', () => {
    const both = ['open', 'closing'] as const;
    expect(reminderKind(both, new Date('2026-06-15T17:59:00Z'))).toBe('open');
    expect(reminderKind(both, new Date('2026-06-15T18:00:00Z'))).toBe('closing');
    expect(reminderKind(['closing'], new Date('2026-06-15T08:00:00Z'))).toBeNull();
    expect(reminderKind(['open'], new Date('2026-06-15T23:00:00Z'))).toBe('open');
    expect(reminderKind([], new Date('2026-06-15T23:00:00Z'))).toBeNull();
    expect(reminderMessage('closing', new Date('2026-06-15T23:30:00Z')).title).toBe(
      "Today's course closes in 1 hour",
    );
    expect(reminderMessage('closing', new Date('2026-06-15T18:00:00Z')).title).toBe(
      "Today's course closes in 6 hours",
    );
  });
});

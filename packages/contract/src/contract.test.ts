import { describe, expect, it } from 'vitest';
import {
  addDays,
  closesAt,
  dayState,
  isDate,
  nextCourseAt,
  normalizeName,
  opensAt,
  utcDate,
} from './index.ts';
import { ACCEPTED_NAMES, REFUSED_NAMES } from './name-cases.ts';

describe('dates', () => {
  it.each(['2026-02-28', '2028-02-29', '2026-12-31', '2026-01-01'])('%s is a date', (d) => {
    expect(isDate(d)).toBe(true);
  });

  it.each(['2026-02-29', '2026-13-01', '2026-1-01', '2026-01-01T00:00', '', '20260101', '2026-00-10'])(
    '%j is not a date',
    (d) => expect(isDate(d)).toBe(false),
  );

  it('a day opens at 00:00 UTC and closes at the next 00:00 UTC', () => {
    expect(opensAt('2026-12-31').toISOString()).toBe('2026-12-31T00:00:00.000Z');
    expect(closesAt('2026-12-31').toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(nextCourseAt(new Date('2026-03-01T23:59:59.999Z')).toISOString()).toBe('2026-03-02T00:00:00.000Z');
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('today is open, earlier days closed, later days in the future', () => {
    const now = new Date('2026-06-15T12:00:00Z');
    expect(utcDate(now)).toBe('2026-06-15');
    expect(dayState('2026-06-15', now)).toBe('open');
    expect(dayState('2026-06-14', now)).toBe('closed');
    expect(dayState('2026-06-16', now)).toBe('future');
    expect(dayState('2025-12-31', now)).toBe('before-first');
  });
});

describe('names', () => {
  it.each(ACCEPTED_NAMES)('%j is stored as %j', (input, stored) => {
    expect(normalizeName(input)).toEqual({ ok: true, value: stored });
  });

  it.each(REFUSED_NAMES)('refuses %s', (_fault, input) => {
    expect(normalizeName(input).ok).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { utcToday } from './utc-date.ts';

describe('utcToday', () => {
  it('is the UTC calendar date, not the local one', () => {
    expect(utcToday(new Date('2026-03-01T23:30:00-05:00'))).toBe('2026-03-02');
    expect(utcToday(new Date('2026-03-01T00:00:00Z'))).toBe('2026-03-01');
  });
});

/**
 * Wall-clock hours in IANA time zones, with `Intl.DateTimeFormat` only (the same in workerd, browsers and Node):
 * the one place a player's reminder hour becomes an instant.
 */

const HOUR_MS = 3_600_000;
const formats = new Map<string, Intl.DateTimeFormat>();

/** The time zone's canonical name (`europe/paris` → `Europe/Paris`), or null when the runtime does not know it. */
export function canonicalTimeZone(name: string): string | null {
  if (name.length === 0 || name.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

function format(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** The wall clock in `timeZone` at instant `t`, read as if it were UTC (milliseconds). */
function wallAsUtc(timeZone: string, t: number): number {
  const parts: Record<string, number> = {};
  for (const p of format(timeZone).formatToParts(new Date(t)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!);
}

/** The instant the wall clock in `timeZone` reads `hour`:00 on the local day whose midnight, as UTC, is `dayUtc`. */
function instantOf(timeZone: string, dayUtc: number, hour: number): number {
  const wall = dayUtc + hour * HOUR_MS;
  // Two passes settle the offset, also next to a daylight-saving change (an hour that does not exist that day
  // lands an hour later, as clocks do).
  let t = wall - (wallAsUtc(timeZone, wall) - wall);
  t = wall - (wallAsUtc(timeZone, t) - t);
  return t;
}

/** The first instant after `after` at which the wall clock in `timeZone` reads `hour`:00. */
export function nextLocalHour(timeZone: string, hour: number, after: number): number {
  const wall = wallAsUtc(timeZone, after);
  const today = wall - (((wall % 86_400_000) + 86_400_000) % 86_400_000);
  for (let k = -1; k <= 2; k++) {
    const t = instantOf(timeZone, today + k * 86_400_000, hour);
    if (t > after) return t;
  }
  return after + 86_400_000;
}

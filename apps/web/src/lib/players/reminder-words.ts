/** The words of the reminders panel that depend on a value: the kinds offered and the hours, in the locale in effect. */
import type { ReminderKind } from '@golf/api';
import { m } from '../i18n/index.ts';
import { dateText } from '../i18n/intl.ts';

/** The kinds of reminder a player may choose, in the order the page offers them. */
export const REMINDER_KINDS: readonly ReminderKind[] = ['open', 'closing'];

/** An hour of the day on the 24-hour clock, two digits, in the locale's digits and separator: "08:00". */
export const hourText = (hour: number): string =>
  dateText(new Date(Date.UTC(2000, 0, 1, hour)), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  });

/** A kind's label, in the player's words. */
export const kindLabel = (kind: ReminderKind): string =>
  kind === 'open' ? m.reminders_kind_open() : m.reminders_kind_closing({ time: `${hourText(18)} UTC` });

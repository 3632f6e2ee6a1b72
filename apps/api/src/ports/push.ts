/**
 * Reminders by Web Push: players' push subscriptions, their reminder settings, and the record of each message sent.
 * Times are milliseconds since the epoch.
 */
import type { PushLanguage } from '@golf/contract/push';

export interface PushStore {
  subscriptionByEndpoint(endpoint: string): Promise<SubscriptionRecord | null>;
  /**
   * Stores a subscription unless its player already has `max` of them. An endpoint another player subscribed
   * moves to this player (with the new id); one this player already has is left as it is. Returns the row now
   * stored for the endpoint (not necessarily the one given), or null when the player is full.
   */
  insertSubscription(subscription: SubscriptionRecord, max: number): Promise<SubscriptionRecord | null>;
  /** New keys for a subscription the player has (a browser may rotate them). */
  updateSubscriptionKeys(id: string, playerId: string, p256dh: string, auth: string): Promise<void>;
  /** A player's subscriptions, oldest first. */
  subscriptionsOf(playerId: string): Promise<SubscriptionRecord[]>;
  /** Deletes one of the player's subscriptions; false when they have none with that id. */
  deleteSubscription(playerId: string, id: string): Promise<boolean>;
  reminder(playerId: string): Promise<ReminderRecord | null>;
  putReminder(reminder: ReminderRecord): Promise<void>;
  /**
   * One page of reminders due at `now` (due_at ≤ now), in (dueAt, playerId) order after `after`, at most `limit`
   * players, each with its subscriptions and whether the player finished `date`'s round. One statement, whose work
   * is the page: it seeks the due index and looks each player up by key.
   */
  dueReminders(
    now: number,
    date: string,
    after: DueCursor | null,
    limit: number,
  ): Promise<DueReminderRecord[]>;
  /**
   * Records sends before they are made, in one transaction; returns those recorded now (a send already recorded,
   * by this run or an overlapping one, is left out and must not be made).
   */
  claimSends(sends: readonly SendRecord[]): Promise<SendRecord[]>;
  /**
   * After a page's sends, in one transaction: forgets the sends that failed (so a later run retries them), deletes
   * the subscriptions the push service said are gone, and moves each player's due time from `was` to `dueAt`
   * (unless it changed meanwhile: the player put new settings while the run was sending).
   */
  settle(outcome: {
    readonly failed: readonly SendRecord[];
    readonly gone: readonly string[];
    readonly next: readonly { readonly playerId: string; readonly was: number; readonly dueAt: number }[];
  }): Promise<void>;
  /** The records of what was sent to the player's subscriptions (kept a few days), oldest first. */
  sendsOf(playerId: string): Promise<SendRecord[]>;
  /** Deletes at most `limit` send records of dates before `date` (the cron's housekeeping). */
  deleteSendsBefore(date: string, limit: number): Promise<void>;
}

export type ReminderKind = 'open' | 'closing';

export interface SubscriptionRecord {
  readonly id: string;
  readonly playerId: string;
  readonly endpoint: string;
  /** base64url */
  readonly p256dh: string;
  /** base64url */
  readonly auth: string;
  readonly createdAt: number;
}

export interface ReminderRecord {
  readonly playerId: string;
  /** 0–23, in `timeZone`. */
  readonly hour: number;
  /** An IANA time zone name. */
  readonly timeZone: string;
  readonly kinds: readonly ReminderKind[];
  /** The language the reminders are written in. */
  readonly language: PushLanguage;
  /** The next time a scheduled run looks at this player; null when no kind is wanted. */
  readonly dueAt: number | null;
  readonly updatedAt: number;
}

export interface DueCursor {
  readonly dueAt: number;
  readonly playerId: string;
}

export interface DueReminderRecord extends ReminderRecord {
  readonly dueAt: number;
  readonly finished: boolean;
  readonly subscriptions: readonly SubscriptionRecord[];
}

export interface SendRecord {
  readonly date: string;
  readonly kind: ReminderKind;
  readonly subscriptionId: string;
  readonly sentAt: number;
}

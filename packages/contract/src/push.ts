/**
 * A Web Push message's payload: what the API's cron sends (apps/api/src/push/message.ts) and what the web's service
 * worker shows (apps/web/src/lib/push/notification.ts). Plain TypeScript with no imports, so the service worker can
 * take it without the rest of the contract.
 */

/** Why a message is sent: today's course is open, or it closes soon and today's round is not finished. */
export const PUSH_KINDS = ['open', 'closing'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** The payload, as JSON; the service worker shows `title` and `body` and opens `url` on a click. */
export interface PushMessage {
  readonly kind: PushKind;
  /** The course's UTC date, YYYY-MM-DD. */
  readonly date: string;
  readonly title: string;
  readonly body: string;
  /** A path on the site (`/`, today's course), never another origin. */
  readonly url: string;
}

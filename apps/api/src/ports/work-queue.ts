/**
 * The queue the closed day's pipeline runs on (services/audit-queue.ts): Cloudflare Queues in the Worker
 * (`AUDIT_QUEUE`), src/adapters/memory-queue.ts in Node. Messages are plain JSON; a message may be delivered more
 * than once, so every step is safe to repeat.
 */
export interface WorkQueue {
  send(body: unknown): Promise<unknown>;
  sendBatch(messages: Iterable<{ readonly body: unknown }>): Promise<unknown>;
  /**
   * Resolves once every message sent so far has been handled (the memory build's queue only: Cloudflare's runs on
   * its own, and the local development route answers without waiting for it).
   */
  settled?(): Promise<void>;
}

/** One delivered message as the consumer sees it: Cloudflare's `Message`, or the memory build's. */
export interface Delivery {
  readonly id: string;
  readonly body: unknown;
  readonly attempts: number;
  ack(): void;
  retry(): void;
}

/**
 * A queue outside workerd, in memory: only a driver with Cloudflare Queues' delivery rules (batches of up to
 * `batchSize`, a handler that throws retries every message it did not acknowledge, an explicit `retry()` retries
 * one, after `maxRetries` retries a message goes to `deadLetters`), delivering to the Worker's own consumer. The
 * pipeline's logic is the one production runs (services/audit-queue.ts). Never bundled into the Worker
 * (src/testing.ts is its only user).
 */
import type { Delivery, WorkQueue } from '../ports/work-queue.ts';

export interface MemoryQueue extends WorkQueue {
  settled(): Promise<void>;
  /** Messages that failed `maxRetries` retries. */
  readonly deadLetters: unknown[];
}

interface Pending {
  readonly id: string;
  readonly body: unknown;
  attempts: number;
}

export function memoryQueue(
  consume: (messages: readonly Delivery[]) => Promise<void>,
  options: { readonly batchSize?: number; readonly maxRetries?: number } = {},
): MemoryQueue {
  const batchSize = options.batchSize ?? 4;
  const maxRetries = options.maxRetries ?? 3;
  const pending: Pending[] = [];
  const deadLetters: unknown[] = [];
  let ids = 0;
  let running: Promise<void> | null = null;

  async function deliver(batch: Pending[]): Promise<void> {
    const outcome = new Map<Pending, 'ack' | 'retry'>();
    const deliveries: Delivery[] = batch.map((m) => ({
      id: m.id,
      body: structuredClone(m.body),
      attempts: m.attempts,
      ack: () => void outcome.set(m, 'ack'),
      retry: () => void outcome.set(m, 'retry'),
    }));
    let failed = false;
    try {
      await consume(deliveries);
    } catch (error) {
      console.error('queue consumer failed; its batch is retried', error);
      failed = true;
    }
    for (const m of batch) {
      const state = outcome.get(m);
      if (state === 'ack' || (state === undefined && !failed)) continue;
      if (m.attempts > maxRetries) deadLetters.push(m.body);
      else pending.push({ ...m, attempts: m.attempts + 1 });
    }
  }

  function pump(): Promise<void> {
    running ??= (async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      while (pending.length > 0) await deliver(pending.splice(0, batchSize));
      running = null;
    })();
    return running;
  }

  const enqueue = (body: unknown) => {
    pending.push({ id: String(++ids), body: structuredClone(body), attempts: 1 });
    void pump();
  };
  return {
    async send(body) {
      enqueue(body);
    },
    async sendBatch(messages) {
      for (const m of messages) enqueue(m.body);
    },
    async settled() {
      while (running !== null || pending.length > 0) await pump();
    },
    deadLetters,
  };
}

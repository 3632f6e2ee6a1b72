import type { ArchivedRound, RoundArchive } from '../ports/archive.ts';

/**
 * What the archive needs of an R2 bucket: the binding in the Worker, src/adapters/node-r2.ts in Node. Objects are
 * written once under a key that names their day and first player, and never changed.
 */
export interface Bucket {
  put(
    key: string,
    value: Uint8Array,
    options?: { httpMetadata?: { contentType?: string } },
  ): Promise<unknown>;
  get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null>;
  list(options?: { prefix?: string; cursor?: string }): Promise<{
    objects: { key: string; size: number }[];
    truncated: boolean;
    cursor?: string;
  }>;
}

/** The format of an archive object: gzip of this JSON. */
interface PackBody {
  readonly format: 1;
  readonly date: string;
  readonly rounds: readonly ArchivedRound[];
}

/** A round as stored: objects written before migration 0010 also hold the client address's hash. */
type StoredRound = ArchivedRound & { readonly addressHash?: string | null };

const keyOf = (date: string, first: string): string => `rounds/${date}/${first}.json.gz`;

async function transform(
  data: ArrayBuffer,
  stream: CompressionStream | DecompressionStream,
): Promise<Uint8Array> {
  const out = new Response(new Response(data).body!.pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

/** Archive objects on a bucket: one gzip JSON object per pack of rounds (ports/archive.ts). */
export function bucketArchive(bucket: Bucket): RoundArchive {
  return {
    async putPack(date, first, rounds) {
      const body: PackBody = { format: 1, date, rounds };
      const json = new TextEncoder().encode(JSON.stringify(body));
      const bytes = await transform(json.buffer as ArrayBuffer, new CompressionStream('gzip'));
      await bucket.put(keyOf(date, first), bytes, { httpMetadata: { contentType: 'application/gzip' } });
      return bytes.length;
    },
    async readPack(date, first) {
      const object = await bucket.get(keyOf(date, first));
      if (object === null) return null;
      const text = new TextDecoder().decode(
        await transform(await object.arrayBuffer(), new DecompressionStream('gzip')),
      );
      // Objects written before the archive stopped keeping address hashes hold one per round: left out.
      return (JSON.parse(text) as PackBody).rounds.map(({ addressHash: _, ...round }: StoredRound) => round);
    },
    async count() {
      let objects = 0;
      let bytes = 0;
      let cursor: string | undefined;
      for (;;) {
        const page = await bucket.list({ prefix: 'rounds/', ...(cursor ? { cursor } : {}) });
        objects += page.objects.length;
        bytes += page.objects.reduce((n, o) => n + o.size, 0);
        if (!page.truncated) return { objects, bytes };
        cursor = page.cursor;
      }
    },
  };
}

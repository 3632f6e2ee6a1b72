/**
 * An R2 bucket outside workerd, in memory: only a driver (put, get, list by prefix), so the archive's logic in
 * src/adapters/r2-archive.ts is the one production runs. Never bundled into the Worker (src/testing.ts is its
 * only user).
 */
import type { Bucket } from './r2-archive.ts';

export function memoryBucket(): Bucket {
  const objects = new Map<string, Uint8Array>();
  return {
    async put(key, value) {
      objects.set(key, value.slice());
      return null;
    },
    async get(key) {
      const value = objects.get(key);
      if (value === undefined) return null;
      return { arrayBuffer: async () => value.slice().buffer };
    },
    async list(options = {}) {
      const keys = [...objects.keys()].filter((k) => k.startsWith(options.prefix ?? '')).sort();
      return { objects: keys.map((key) => ({ key, size: objects.get(key)!.length })), truncated: false };
    },
  };
}

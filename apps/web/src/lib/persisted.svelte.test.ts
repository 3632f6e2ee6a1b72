import { describe, expect, it } from 'vitest';
import { Persisted, memoryStore, type KeyValueStore } from './persisted.svelte.ts';

const isCount = (raw: unknown): { n: number } | undefined =>
  typeof raw === 'object' && raw !== null && typeof (raw as { n?: unknown }).n === 'number'
    ? { n: (raw as { n: number }).n }
    : undefined;

describe('Persisted', () => {
  it('writes every assignment and reads it back in a new instance', () => {
    const store = memoryStore();
    const a = new Persisted('k', { n: 0 }, isCount, store);
    a.value = { n: 3 };
    expect(store.getItem('k')).toBe('{"n":3}');
    expect(new Persisted('k', { n: 0 }, isCount, store).value).toEqual({ n: 3 });
  });

  it('falls back to the initial value on corrupt or foreign data', () => {
    const store = memoryStore();
    store.setItem('k', '{not json');
    expect(new Persisted('k', { n: 1 }, isCount, store).value).toEqual({ n: 1 });
    store.setItem('k', '{"n":"three"}');
    expect(new Persisted('k', { n: 1 }, isCount, store).value).toEqual({ n: 1 });
  });

  it('clear() forgets the value here and in storage', () => {
    const store = memoryStore();
    const p = new Persisted('k', { n: 0 }, isCount, store);
    p.value = { n: 4 };
    p.clear();
    expect(p.value).toEqual({ n: 0 });
    expect(store.getItem('k')).toBeNull();
  });

  it('keeps playing from memory when storage refuses writes', () => {
    const full: KeyValueStore = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const p = new Persisted('k', { n: 0 }, isCount, full);
    p.value = { n: 9 };
    expect(p.value).toEqual({ n: 9 });
  });
});

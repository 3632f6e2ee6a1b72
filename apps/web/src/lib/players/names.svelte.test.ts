import { ACCEPTED_DECENT_NAMES, REFUSED_OFFENSIVE_NAMES } from '@golf/contract/name-cases';
import { memoryApp } from '@golf/api/testing';
import { describe, expect, it } from 'vitest';
import { GolfApi } from '../api.ts';
import { Identity } from '../api-player.svelte.ts';
import { nameRefusedText, nameFailureText } from '../format.ts';
import { memoryStore } from '../persisted.svelte.ts';
import { MyLeagues } from './leagues.svelte.ts';

// The real API in memory: the name check is the server's, the words on the form are the page's.
const server = memoryApp({
  now: () => new Date('2026-06-15T12:00:00.000Z'),
  perfect: () => ({ strokes: 0, log: '', exact: false }),
});
let addresses = 0;

/** A device of its own, from an address of its own (player creation is limited per address). */
function device() {
  const identity = new Identity(memoryStore());
  const address = `198.51.100.${++addresses % 250}`;
  const api = new GolfApi({
    token: () => identity.token,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('cf-connecting-ip', address);
      return server.fetch(input, { ...init, headers });
    },
  });
  return { identity, api };
}

describe('a refused name on the name forms', () => {
  it('shows the page’s own words for each code, never the API’s English message', () => {
    expect(nameFailureText({ status: 400, code: 'ERR_NAME_REFUSED', message: 'from the server' })).toBe(
      nameRefusedText(),
    );
    expect(nameFailureText({ status: 400, code: 'ERR_VALIDATION', message: 'A name is too long.' })).toBe(
      'The request was not valid.',
    );
  });

  it.each(REFUSED_OFFENSIVE_NAMES)(
    '%s: %j is refused on create, rename and league create',
    async (_how, name) => {
      const { identity, api } = device();
      const created = await identity.create(api, name);
      expect(created.ok || nameFailureText(created.error)).toBe(nameRefusedText());
      expect(identity.player).toBeNull();

      expect((await identity.create(api, 'Kept')).ok).toBe(true);
      const renamed = await identity.rename(api, name);
      expect(renamed.ok || nameFailureText(renamed.error)).toBe(nameRefusedText());
      expect(identity.player?.name).toBe('Kept');

      const leagues = new MyLeagues(api);
      expect(await leagues.create(name)).toBeNull();
      expect(leagues.failure && nameFailureText(leagues.failure)).toBe(nameRefusedText());
    },
  );

  it.each(ACCEPTED_DECENT_NAMES)('%j is kept', async (name) => {
    const { identity, api } = device();
    expect((await identity.create(api, name)).ok).toBe(true);
    expect(await new MyLeagues(api).create(name)).not.toBeNull();
  });
});

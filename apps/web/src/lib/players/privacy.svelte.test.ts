import type { PlayerExport } from '@golf/api';
import { memoryApp } from '@golf/api/testing';
import { describe, expect, it } from 'vitest';
import { GolfApi } from '../api.ts';
import { Identity } from '../api-player.svelte.ts';
import { memoryStore } from '../persisted.svelte.ts';
import { confirms, Privacy } from './privacy.svelte.ts';

function device() {
  const server = memoryApp({
    now: () => new Date('2026-06-15T12:00:00.000Z'),
    perfect: () => ({ strokes: 0, log: '', exact: false }),
  });
  const identity = new Identity(memoryStore());
  const api = new GolfApi({ fetch: server.fetch, token: () => identity.token });
  const saved: { name: string; text: string }[] = [];
  const privacy = new Privacy(api, identity, (name, text) => saved.push({ name, text }));
  return { server, identity, api, saved, privacy };
}

describe('Privacy', () => {
  it('saves the player’s data as one JSON file named after the day', async () => {
    const d = device();
    await d.identity.create(d.api, 'Keeper');
    expect(await d.privacy.download()).toBe(true);
    expect(d.saved.map((s) => s.name)).toEqual(['golf-daily-data-2026-06-15.json']);
    const data = JSON.parse(d.saved[0]!.text) as PlayerExport;
    expect(data.player).toMatchObject({ id: d.identity.player!.id, name: 'Keeper' });
    expect(data.names.map((n) => n.name)).toEqual(['Keeper']);
    expect(d.saved[0]!.text).not.toContain(d.identity.token!);
    expect(d.privacy.notice).toBe('Your data is saved as golf-daily-data-2026-06-15.json.');
  });

  it('deletes only after the word is typed, then forgets the player on this device', async () => {
    const d = device();
    await d.identity.create(d.api, 'Leaver');
    const { token } = d.identity.player!;
    expect(await d.privacy.remove('del')).toBe(false);
    expect(d.privacy.failure?.message).toBe('Type delete to confirm.');
    expect(d.identity.player).not.toBeNull();
    expect((await d.api.me()).ok).toBe(true);

    expect(await d.privacy.remove('  Delete ')).toBe(true);
    expect(d.privacy.deleted).toBe(true);
    expect(d.identity.player).toBeNull();
    const old = new GolfApi({ fetch: d.server.fetch, token: () => token });
    const me = await old.me();
    expect(me.ok ? null : me.error.status).toBe(401);
  });

  it('confirms the word alone, whatever its case and surrounding spaces', () => {
    for (const yes of ['delete', 'DELETE', ' Delete ', '\tdelete\n']) expect(confirms(yes)).toBe(true);
    for (const no of ['', 'del', 'deleted', 'delete it', 'yes', 'd e l e t e'])
      expect(confirms(no)).toBe(false);
  });
});

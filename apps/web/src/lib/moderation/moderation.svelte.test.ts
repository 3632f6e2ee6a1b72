import { standInName } from '@golf/contract';
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { Identity } from '../api-player.svelte.ts';
import { reportFailureText } from './report-text.ts';
import { memoryStore, type KeyValueStore } from '../persisted.svelte.ts';
import { Today } from '../daily/today.svelte.ts';
import { DailyServer } from '../testing/daily-server.ts';
import { actionsFor, Moderation } from './moderation.svelte.ts';
import { Reporting, targetKey } from './reporting.svelte.ts';

const roots: (() => void)[] = [];
afterEach(() => roots.splice(0).forEach((stop) => stop()));

/** A device: its identity, kept in memory, and a client that sends its token. */
async function device(server: DailyServer, name: string) {
  const store = memoryStore();
  const identity = new Identity(store);
  const api = server.client(() => identity.token);
  const created = await identity.create(api, name);
  if (!created.ok) throw new Error(created.error.message);
  return { identity, api, id: created.value.id, store };
}

/** The device's next visit: the same saved player, read again by a new page. */
function nextVisit(server: DailyServer, store: KeyValueStore) {
  const identity = new Identity(store);
  return { identity, api: server.client(() => identity.token) };
}

describe('reporting a name', () => {
  it('offers the report only for another player’s shown name, sends it, and words a refusal', async () => {
    const server = new DailyServer();
    const ann = await device(server, 'Ann');
    const bo = await device(server, 'Bo');
    const reporting = new Reporting(ann.api, ann.identity);
    const bos = { kind: 'player', id: bo.id } as const;
    expect(reporting.canReport(bos, null)).toBe(true);
    expect(reporting.canReport({ kind: 'player', id: ann.id }, null)).toBe(false);
    expect(reporting.canReport(bos, 'hidden')).toBe(false);
    expect(reporting.canReport({ kind: 'league', id: 'l' }, null, ann.id)).toBe(false);
    expect(reporting.canReport({ kind: 'league', id: 'l' }, null, bo.id)).toBe(true);
    expect(new Reporting(ann.api, new Identity(memoryStore())).canReport(bos, null)).toBe(false);

    reporting.open(bos, 'Bo');
    reporting.reason = 'impersonation';
    expect(await reporting.send()).toEqual({ sent: true });
    expect(reporting.reported.has(targetKey(bos))).toBe(true);
    // The same report again is the same report.
    reporting.open(bos, 'Bo');
    expect(await reporting.send()).toEqual({ sent: true });
    // A target the page should never offer: the API refuses, the dialog says why in its own words.
    reporting.open({ kind: 'player', id: ann.id }, 'Ann');
    expect(await reporting.send()).toEqual({
      sent: false,
      text: reportFailureText({ status: 403, code: 'ERR_FORBIDDEN', message: '' }),
    });
    reporting.close();
    expect(reporting.target).toBeNull();
  });
});

describe('moderation and a hidden name', () => {
  it('shows a non-moderator a plain refusal, a moderator the list; a hidden name is told, refused a round and renamed', async () => {
    const server = new DailyServer();
    const mod = await device(server, 'Mod');
    const target = await device(server, 'Loud');
    const bystander = await device(server, 'Quiet');

    const outsider = new Moderation(bystander.api);
    await outsider.load();
    expect(outsider.notModerator).toBe(true);
    expect(outsider.queue).toBeNull();

    server.moderators.push(mod.id);
    const reporting = new Reporting(bystander.api, bystander.identity);
    reporting.open({ kind: 'player', id: target.id }, 'Loud');
    expect((await reporting.send())?.sent).toBe(true);
    const moderation = new Moderation(mod.api);
    await moderation.load();
    expect(moderation.failure).toBeNull();
    const item = moderation.queue!.items.find((i) => i.target.id === target.id)!;
    expect(item).toMatchObject({ name: 'Loud', standIn: null, reports: 1, counted: 0 });
    expect(actionsFor(item)).toEqual(['hide', 'dismiss']);
    expect(await moderation.act('hide', item.target)).toBe(true);
    expect(moderation.queue!.items.some((i) => i.target.id === target.id)).toBe(false);
    expect(moderation.log!.entries[0]).toMatchObject({ action: 'hide', actorId: mod.id, name: 'Loud' });
    expect(actionsFor({ standIn: 'hidden' })).toEqual(['hide', 'restore']);

    // On the visit that created it, the owner's page was told the name was shown, and asks nothing more.
    await target.identity.refresh(target.api);
    expect(target.identity.nameHidden).toBe(false);
    // The owner's next visit: told, refused a ranked round, and asked for another name than the hidden one.
    const owner = nextVisit(server, target.store);
    await owner.identity.refresh(owner.api);
    expect(owner.identity.nameHidden).toBe(true);
    let today: Today | undefined;
    const said: string[] = [];
    roots.push(
      $effect.root(() => {
        today = new Today({ api: owner.api, identity: owner.identity, announce: (t) => said.push(t) });
      }),
    );
    await today!.load();
    // Hole 1 is on the table, but the first move (which starts the ranked round) waits for a new name.
    expect(today!.view).toBe('course');
    expect(await today!.draw()).toBeNull();
    flushSync();
    expect([today!.view, today!.failure]).toEqual(['course', null]);
    expect(said).toContain('Choose a new name before your next ranked round.');
    const same = await owner.identity.rename(owner.api, 'Loud');
    expect(!same.ok && same.error.code).toBe('ERR_NAME_HIDDEN');
    const asHidden = await owner.api.me();
    expect(asHidden.ok && asHidden.value).toEqual({
      id: target.id,
      name: standInName(target.id),
      standIn: 'hidden',
    });
    const renamed = await owner.identity.rename(owner.api, 'Calm');
    expect(renamed.ok).toBe(true);
    expect(owner.identity.nameHidden).toBe(false);
    // The same move again starts the round.
    expect(await today!.draw()).not.toBeNull();
    expect(today!.session?.started).toBe(true);
    const me = await owner.api.me();
    expect(me.ok && me.value).toEqual({ id: target.id, name: 'Calm', standIn: null });
  });
});

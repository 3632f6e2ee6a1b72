import { memoryApp } from '@golf/api/testing';
import { describe, expect, it } from 'vitest';
import { GolfApi } from '../api.ts';
import { Identity } from '../api-player.svelte.ts';
import { memoryStore } from '../persisted.svelte.ts';
import { claimUrl, Devices, formatCode, formatRemaining, type WebAuthnCalls } from './devices.svelte.ts';
import { inviteUrl, LeagueBoard, leagueDayUrl, MyLeagues } from './leagues.svelte.ts';
import { qrPath, QUIET_ZONE } from './qr.ts';
import { MyRounds, trend } from './rounds.svelte.ts';

const store = memoryStore;

/** Two devices against one API in memory, each with its own storage and identity. */
function world() {
  let now = new Date('2026-06-15T12:00:00.000Z');
  const server = memoryApp({ now: () => now, perfect: () => ({ strokes: 0, log: '', exact: false }) });
  const device = () => {
    const identity = new Identity(store());
    const api = new GolfApi({ fetch: server.fetch, token: () => identity.token });
    return { identity, api };
  };
  return { device, setNow: (iso: string) => (now = new Date(iso)) };
}

const noPasskeys: WebAuthnCalls = {
  supported: () => false,
  register: () => Promise.reject(Object.assign(new Error('closed'), { name: 'NotAllowedError' })),
  authenticate: () => Promise.reject(new Error('no authenticator')),
};

describe('Devices', () => {
  it('moves a player to another device with a code, then signs out everywhere', async () => {
    const w = world();
    const phone = w.device();
    await phone.identity.create(phone.api, 'Ada');
    const here = new Devices(phone.api, phone.identity, noPasskeys);
    expect(await here.showCode()).toBe(true);
    expect(here.code?.code).toMatch(/^[A-Z2-9]{8}$/);
    here.tick(Date.parse(here.code!.expiresAt) - 65_000);
    expect(formatRemaining(here.remaining!)).toBe('1:05');

    const laptop = w.device();
    const there = new Devices(laptop.api, laptop.identity, noPasskeys);
    expect(await there.claim(formatCode(here.code!.code).toLowerCase())).toBe(true);
    expect(laptop.identity.player).toMatchObject({ id: phone.identity.player!.id, name: 'Ada' });
    expect(there.notice).toBe('Signed in as Ada.');
    // Used once.
    expect(await new Devices(w.device().api, w.device().identity, noPasskeys).claim(here.code!.code)).toBe(
      false,
    );

    const oldToken = phone.identity.token;
    expect(await there.signOutEverywhere()).toBe(true);
    expect(laptop.identity.token).not.toBe(oldToken);
    expect((await phone.api.me()).ok).toBe(false);
    expect((await laptop.api.me()).ok).toBe(true);

    here.tick(Date.parse(here.code!.expiresAt));
    expect(here.code).toBeNull();
  });

  it('explains an empty or wrong code and a closed passkey prompt', async () => {
    const w = world();
    const d = w.device();
    const devices = new Devices(d.api, d.identity, noPasskeys);
    expect(await devices.claim('  ')).toBe(false);
    expect(devices.failure?.message).toMatch(/Enter the code/);
    expect(await devices.claim('ABCD EFGH')).toBe(false);
    expect(devices.failure?.code).toBe('ERR_NOT_FOUND');
    await d.identity.create(d.api, 'Bo');
    expect(await devices.registerPasskey()).toBe(false);
    expect(devices.failure).toMatchObject({
      code: 'ERR_PASSKEY',
      message: 'The passkey prompt was closed or timed out.',
    });
    expect(await devices.signInWithPasskey()).toBe(false);
    expect(devices.failure?.message).toBe('no authenticator');
    expect(devices.passkeysSupported).toBe(false);
  });

  it('links and QR codes', () => {
    expect(claimUrl('https://golf.example', 'K7QMW2XP')).toBe('https://golf.example/signin?code=K7QMW2XP');
    const qr = qrPath(claimUrl('https://golf.example', 'K7QMW2XP'));
    expect([21, 25, 29, 33]).toContain(qr.size);
    expect(qr.path.startsWith(`M${QUIET_ZONE} ${QUIET_ZONE}h1v1h-1z`)).toBe(true); // a finder pattern's corner
    expect(inviteUrl('https://g.example', 'ABCDEFGHJK')).toBe('https://g.example/join/ABCDEFGHJK');
    expect(leagueDayUrl('https://g.example', 'id', '2026-06-15')).toBe(
      'https://g.example/leagues/id?date=2026-06-15',
    );
  });
});

describe('MyRounds', () => {
  it('loads an empty record', async () => {
    const w = world();
    const d = w.device();
    await d.identity.create(d.api, 'New');
    const rounds = new MyRounds(d.api);
    await rounds.load();
    expect(rounds.history).toMatchObject({ rounds: [], played: 0, best: null });
    expect(rounds.average).toBeNull();
  });

  it('draws totals oldest first, better totals higher, par inside the range', () => {
    const round = (date: string, total: number) => ({
      date,
      total,
      rank: 1,
      finishers: 1,
      strokes: [],
      review: false,
    });
    const t = trend(
      [round('2026-06-03', 60), round('2026-06-01', 30), round('2026-06-02', 45)],
      200,
      100,
      10,
    );
    expect(t.points.map((p) => p.round.date)).toEqual(['2026-06-01', '2026-06-02', '2026-06-03']);
    expect(t.points.map((p) => p.x)).toEqual([10, 100, 190]);
    expect(t.points[0]!.y).toBe(10);
    expect(t.points[2]!.y).toBe(90);
    expect(t.parY).toBe(t.points[1]!.y);
    expect(t.line).toBe('M10.0 10.0 L100.0 50.0 L190.0 90.0');
    expect(trend([round('2026-06-01', 45)], 200, 100).points[0]!.x).toBe(100);
  });
});

describe('leagues', () => {
  it('creates, joins, reads the board and leaves', async () => {
    const w = world();
    const a = w.device();
    const b = w.device();
    await a.identity.create(a.api, 'Ada');
    await b.identity.create(b.api, 'Bo');
    const mine = new MyLeagues(a.api);
    const created = await mine.create('Club');
    expect(created?.name).toBe('Club');
    expect(mine.leagues?.map((l) => l.name)).toEqual(['Club']);

    const theirs = new MyLeagues(b.api);
    expect(await theirs.join(created!.code)).toEqual({ id: created!.id, name: 'Club', standIn: null });
    const board = new LeagueBoard(b.api, created!.id);
    await board.loadLeague();
    expect(board.league?.members).toBe(2);
    await board.loadDay('2026-06-15');
    expect(board.standings).toMatchObject({ players: 0, entries: [] });
    await board.loadSeason('week', '2026-06-15');
    expect(board.season).toMatchObject({ from: '2026-06-15', to: '2026-06-21', best: 5 });

    expect(await theirs.leave(created!.id)).toEqual({ id: created!.id, left: true });
    expect(theirs.leagues).toEqual([]);
    await board.loadLeague();
    expect(board.failure?.code).toBe('ERR_FORBIDDEN');
    expect(await theirs.join('nope')).toBeNull();
    expect(theirs.failure?.code).toBe('ERR_NOT_FOUND');
  });
});

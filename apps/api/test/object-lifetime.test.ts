import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { AttemptHousekeeping, AttemptRpc } from '../src/attempt-object/session.ts';
import { sha256Hex } from '../src/crypto.ts';
import { DAY, errorCode, started, testClient } from './helpers.ts';

/** An SQLite file with nothing in it: one page. */
const EMPTY_DATABASE_BYTES = 4096;

/** What an object's storage holds, read straight from its SQLite (not through the object's own methods). */
function storageOf(stub: DurableObjectStub) {
  return runInDurableObject(stub, async (_object, state) => ({
    bytes: state.storage.sql.databaseSize,
    tables: state.storage.sql
      .exec<{ name: string }>(`SELECT name FROM sqlite_master ORDER BY name`)
      .toArray()
      .map((t) => t.name),
    alarm: await state.storage.getAlarm(),
  }));
}

const nothingStored = { bytes: EMPTY_DATABASE_BYTES, tables: [], alarm: null };

const decks = Array.from({ length: 9 }, () => Array.from({ length: 52 }, (_, i) => i));

describe('an attempt object that goes away', () => {
  it('leaves its storage empty after its final alarm: no table, no alarm, one empty page', async () => {
    const client = testClient();
    const player = await client.player('Gone');
    const caller = { playerId: player.id, tokenHash: await sha256Hex(player.token) };
    // A day closed long ago, started through the object itself (the routes refuse a closed day).
    const stub = env.ATTEMPTS.getByName(`2026-01-05/${player.id}`);
    const rpc = stub as unknown as AttemptRpc;
    const input = { date: '2026-01-05', rules: 'classic' as const, decks, addressHash: 'x', now: 1 };
    expect((await rpc.start(caller, input)).ok).toBe(true);
    expect((await storageOf(stub)).tables).toEqual(['attempt', 'holes']);
    // Its expiry is long past, so the alarm that comes clears it (as the expiry alarm would).
    await runInDurableObject(stub, (_o, state) => state.storage.setAlarm(Date.now() + 60_000));
    expect((await storageOf(stub)).tables).toEqual(['_cf_METADATA', 'attempt', 'holes']);
    expect(await runDurableObjectAlarm(stub)).toBe(true);

    expect(await storageOf(stub)).toEqual(nothingStored);
    // Reading it afterwards stores nothing either, and the ledger still has the round.
    expect(await rpc.record()).toBeNull();
    expect(await rpc.view(caller)).toMatchObject({ ok: false, error: { code: 'ERR_NO_ATTEMPT' } });
    expect(await storageOf(stub)).toEqual(nothingStored);
    const row = await env.DB.prepare('SELECT started_at FROM round_evidence WHERE date = ? AND player_id = ?')
      .bind('2026-01-05', player.id)
      .first<{ started_at: number }>();
    expect(row?.started_at).toBe(1);
  });

  it('stores nothing for a read of an attempt that was never started', async () => {
    const client = testClient();
    const player = await client.player('Looker');
    const caller = { playerId: player.id, tokenHash: await sha256Hex(player.token) };
    const stub = env.ATTEMPTS.getByName(`${DAY}/${player.id}`);
    const rpc = stub as unknown as AttemptRpc;
    // Through the routes: the attempt, a draw and a hole of an attempt never started.
    const view = await client.call('GET', `/api/daily/${DAY}/attempt`, { token: player.token });
    expect(errorCode(view)).toBe('ERR_NO_ATTEMPT');
    const drawn = await client.call('POST', `/api/daily/${DAY}/attempt/draw`, {
      token: player.token,
      body: { hole: 1, log: 'd' },
    });
    expect(errorCode(drawn)).toBe('ERR_NO_ATTEMPT');
    // And straight through the object: its record, forgetting tokens, a finish, a start with a forged token.
    expect(await rpc.record()).toBeNull();
    await rpc.forgetTokens();
    expect(await rpc.finishHole(caller, 1, '1', 1)).toMatchObject({ ok: false });
    const forged = { playerId: player.id, tokenHash: 'f'.repeat(64) };
    const refused = await rpc.start(forged, { date: DAY, rules: 'classic', decks, addressHash: 'x', now: 1 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'ERR_UNAUTHORIZED' } });

    expect(await storageOf(stub)).toEqual(nothingStored);
  });

  it('keeps an attempt whole until its expiry, a week after its day closes', async () => {
    const client = testClient();
    const player = await client.player('Kept');
    const caller = { playerId: player.id, tokenHash: await sha256Hex(player.token) };
    // A day still to come for the machine's clock.
    const stub = env.ATTEMPTS.getByName(`2099-03-01/${player.id}`);
    const input = { date: '2099-03-01', rules: 'classic' as const, decks, addressHash: 'x', now: 1 };
    expect((await (stub as unknown as AttemptRpc).start(caller, input)).ok).toBe(true);
    const expiry = Date.parse('2099-03-02T00:00:00.000Z') + 7 * 86_400_000;
    expect((await storageOf(stub)).alarm).toBe(expiry);
    // An alarm that runs before the expiry (a retried ledger write) only sets the expiry again.
    await runInDurableObject(stub, (_o, state) => state.storage.setAlarm(Date.now() + 60_000));
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const kept = await storageOf(stub);
    expect(kept.tables).toEqual(['_cf_METADATA', 'attempt', 'holes']);
    expect(kept.alarm).toBe(expiry);
  });
});

describe('the attempt objects’ dev housekeeping', () => {
  it('runs the final alarm of objects now and counts what is left (LOCAL_DEV only)', async () => {
    const client = testClient();
    const a = await started(client);
    const b = await started(client);
    const never = crypto.randomUUID();
    const body = { date: DAY, playerIds: [a.player.id, b.player.id, never] };
    const call = (bindings: object) =>
      client.app.request(
        '/api/dev/attempt-objects/expire',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        bindings,
      );
    expect((await call(env)).status).toBe(404);
    const before = await (
      env.ATTEMPTS.getByName(`${DAY}/${a.player.id}`) as unknown as AttemptHousekeeping
    ).footprint();
    expect(before.empty).toBe(false);

    const reply = await call({ ...env, LOCAL_DEV: '1' });
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({
      objects: 3,
      leftAfterClear: 0,
      bytes: 3 * EMPTY_DATABASE_BYTES,
      left: [],
    });
    for (const id of body.playerIds)
      expect(await storageOf(env.ATTEMPTS.getByName(`${DAY}/${id}`))).toEqual(nothingStored);
  });
});

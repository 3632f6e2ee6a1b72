import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { testLedger } from './seed.ts';
import { describe, expect, it } from 'vitest';
import { AttemptSession, type AttemptRpc } from '../src/attempt-object/session.ts';
import type { DrawView } from '../src/index.ts';
import type { RoundStartRecord } from '../src/ports/rounds.ts';
import { sha256Hex } from '../src/crypto.ts';
import { DAY, inAttemptStorage, playHole, started, testClient } from './helpers.ts';

/** Every row of every ledger table, as text: what a draw must leave unchanged. */
async function ledgerSnapshot(): Promise<string> {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations' ORDER BY name",
  ).all<{ name: string }>();
  const parts: string[] = [];
  for (const { name } of tables.results) {
    const rows = await env.DB.prepare(`SELECT * FROM "${name}" ORDER BY 1, 2`).all();
    parts.push(`${name}: ${JSON.stringify(rows.results)}`);
  }
  return parts.join('\n');
}

describe('the attempt object', () => {
  it('keeps draws in the object: a draw changes nothing in D1', async () => {
    const client = testClient();
    const { player, token } = await started(client);
    const before = await ledgerSnapshot();
    let log = '';
    for (let i = 0; i < 5; i++) {
      log += 'd';
      const r = await client.call<DrawView>('POST', `/api/daily/${DAY}/attempt/draw`, {
        token,
        body: { hole: 1, log },
      });
      expect(r.status).toBe(200);
    }
    expect(await ledgerSnapshot()).toBe(before);
    const stub = env.ATTEMPTS.getByName(`${DAY}/${player.id}`);
    const hole = await runInDurableObject(stub, (_o, state) =>
      state.storage.sql
        .exec<{ log: string; drawn: number }>('SELECT log, drawn FROM holes WHERE hole = 1')
        .one(),
    );
    expect(hole).toEqual({ log: 'ddddd', drawn: 5 });
  });

  it('writes the ledger twice per attempt: the started row, then the finished row with its logs', async () => {
    const client = testClient();
    const { player, token, course } = await started(client);
    const row = () =>
      env.DB.prepare(
        `SELECT a.finished_at, a.total, a.strokes, e.logs FROM attempts a
         JOIN round_evidence e ON e.date = a.date AND e.player_id = a.player_id
         WHERE a.date = ? AND a.player_id = ?`,
      )
        .bind(DAY, player.id)
        .first<{
          finished_at: number | null;
          total: number | null;
          strokes: string | null;
          logs: string | null;
        }>();
    expect(await row()).toEqual({ finished_at: null, total: null, strokes: null, logs: null });
    const logs: string[] = [];
    const strokes: number[] = [];
    for (let hole = 1; hole <= 9; hole++) {
      const played = await playHole(client, DAY, token, course, hole);
      logs.push(played.log);
      strokes.push(played.result.strokes);
      if (hole < 9) expect((await row())!.finished_at).toBeNull();
    }
    const done = (await row())!;
    expect(JSON.parse(done.logs!)).toEqual(logs);
    expect(JSON.parse(done.strokes!)).toEqual(strokes);
    expect(done.total).toBe(strokes.reduce((a, b) => a + b, 0));
  });

  it('refuses a token that is not the player’s, even one that names the player’s id', async () => {
    const client = testClient();
    const { player } = await started(client);
    const intruder = await client.player('Intruder');
    const stub = env.ATTEMPTS.getByName(`${DAY}/${player.id}`) as unknown as AttemptRpc;
    const forged = await stub.view({ playerId: player.id, tokenHash: await sha256Hex(intruder.token) });
    expect(forged).toMatchObject({ ok: false, error: { code: 'ERR_UNAUTHORIZED' } });
    const own = await stub.view({ playerId: player.id, tokenHash: await sha256Hex(player.token) });
    expect(own.ok).toBe(true);
  });

  it('sets no alarm once the ledger has every row it is owed', async () => {
    const client = testClient();
    const { player } = await started(client);
    const stub = env.ATTEMPTS.getByName(`${DAY}/${player.id}`);
    expect(await runDurableObjectAlarm(stub)).toBe(false);
    const synced = await runInDurableObject(stub, (_o, state) =>
      state.storage.sql.exec<{ s: number }>('SELECT synced_started AS s FROM attempt').one(),
    );
    expect(synced.s).toBe(1);
  });
});

describe('an attempt session', () => {
  it('keeps the rows it owes when the ledger fails, and writes them once it answers again', async () => {
    const ledger = testLedger();
    let failing = true;
    const rounds = new Proxy(ledger.rounds, {
      get(target, key) {
        if (key === 'attemptStarted')
          return async (row: RoundStartRecord) => {
            if (failing) throw new Error('D1 is unreachable');
            return target.attemptStarted(row);
          };
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const flaky = { ...ledger, rounds };
    await inAttemptStorage(async (fresh) => {
      let retries = 0;
      const session = new AttemptSession(
        fresh(),
        () => ({ ledger: flaky, bookmark: () => null }),
        () => retries++,
      );
      const tokenHash = 'h'.repeat(64);
      await ledger.players.createPlayer({
        id: 'flaky-ledger',
        name: 'P',
        createdAt: 0,
        tokenHash,
      });
      const quiet = console.error;
      console.error = () => undefined;
      const view = await session.start(
        { playerId: 'flaky-ledger', tokenHash },
        { date: DAY, rules: 'classic', decks: [], addressHash: 'x', now: 1 },
      );
      console.error = quiet;
      expect(view.ok).toBe(true);
      expect(retries).toBe(1);
      expect(await ledger.rounds.attempt(DAY, 'flaky-ledger')).toBeNull();
      failing = false;
      expect(await session.sync()).toBe(true);
      expect(await ledger.rounds.attempt(DAY, 'flaky-ledger')).toMatchObject({
        date: DAY,
        playerId: 'flaky-ledger',
        finished: null,
      });
    });
  });
});

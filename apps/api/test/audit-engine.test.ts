import { courseDecks, dealFromDeck, PRESETS, solve } from '@golf/engine';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { DrawView, HoleResultView, StandingsView } from '../src/index.ts';
import type { RoundAuditView } from '../src/services/audit.ts';
import { engineAuditor } from '../src/adapters/engine-auditor.ts';
import { courseSeed } from '../src/services/course.ts';
import { playCourse, testClient } from './helpers.ts';

const DATE = '2026-07-10';

/** The stocks a scout would learn: the day's deals, computed here from the secret the tests run with. */
async function perfectLogs(): Promise<string[]> {
  const decks = courseDecks(await courseSeed(env.DAILY_SECRET, DATE));
  if (!decks.ok) throw new Error(decks.error.message);
  return decks.value.map((deck) => {
    const r = solve(dealFromDeck(deck, PRESETS.classic), PRESETS.classic, { objective: 'strokes' });
    if (!r.ok) throw new Error(r.error.message);
    return r.value.log;
  });
}

describe('the engine audit through the API', () => {
  it('audits a hole after the holes before it, and answers null to earlier holes of another version', async () => {
    const logs = await perfectLogs();
    const decks = courseDecks(await courseSeed(env.DAILY_SECRET, DATE));
    if (!decks.ok) throw new Error(decks.error.message);
    const deal = (i: number) => dealFromDeck(decks.value[i]!, PRESETS.classic);
    const first = engineAuditor.hole(deal(0), PRESETS.classic, logs[0]!, [], '') as {
      version: number;
      prior: number[];
    };
    const second = engineAuditor.hole(deal(1), PRESETS.classic, logs[1]!, [first], '');
    expect(second).toMatchObject({ version: first.version });
    expect(engineAuditor.verdict([first, second]).decisions).toBeGreaterThan(0);
    const older = { ...first, version: first.version - 1 };
    expect(engineAuditor.hole(deal(1), PRESETS.classic, logs[1]!, [older], '')).toBeNull();
  });

  it('flags a round played with the stock known and ranks the honest one', { timeout: 180_000 }, async () => {
    const client = testClient(`${DATE}T12:00:00.000Z`, undefined, engineAuditor);
    const honest = await client.player('Honest');
    await playCourse(client, DATE, honest.token);

    // The scout plays the perfect-information line through the fair-stock protocol, one draw per request.
    const scout = await client.player('Scout');
    await client.call('POST', `/api/daily/${DATE}/attempt`, { token: scout.token });
    const logs = await perfectLogs();
    for (const [i, log] of logs.entries()) {
      for (let k = 0; k < log.length; k++)
        if (log[k] === 'd') {
          const r = await client.call<DrawView>('POST', `/api/daily/${DATE}/attempt/draw`, {
            token: scout.token,
            body: { hole: i + 1, log: log.slice(0, k + 1) },
          });
          expect(r.status).toBe(200);
        }
      const done = await client.call<HoleResultView>('POST', `/api/daily/${DATE}/attempt/holes/${i + 1}`, {
        token: scout.token,
        body: { log },
      });
      expect(done.status).toBe(200);
    }

    client.setNow('2026-07-11T00:05:00.000Z');
    const run = await client.app.request(
      '/api/dev/scheduled',
      { method: 'POST' },
      { ...env, LOCAL_DEV: '1' },
    );
    expect(run.status).toBe(200);
    const audits = await Promise.all(
      [scout, honest].map(
        async (p) => (await client.call<RoundAuditView>('GET', `/api/daily/${DATE}/audits/${p.id}`)).body,
      ),
    );
    const [scoutAudit, honestAudit] = audits;
    expect(scoutAudit).toMatchObject({ status: 'done', verdict: { flagged: true } });
    expect(scoutAudit!.verdict!.pValue).toBeLessThan(0.001);
    expect(scoutAudit!.holes.some((h) => h.telling.length > 0)).toBe(true);
    expect(honestAudit).toMatchObject({ status: 'done', verdict: { flagged: false } });

    const standings = await client.call<StandingsView>('GET', `/api/daily/${DATE}/standings`);
    expect(standings.body.entries.map((e) => e.playerId)).toEqual([honest.id]);
    expect(standings.body.underReview).toBe(1);
  });
});

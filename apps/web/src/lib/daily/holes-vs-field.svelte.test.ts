import { describe, expect, it } from 'vitest';
import { DailyServer } from '../testing/daily-server.ts';
import { HolesVsField } from './holes-vs-field.svelte.ts';

describe('each hole against the field', () => {
  it('waits for the close, then shows the player’s strokes beside perfect play, the median and the clears', async () => {
    const server = new DailyServer('2026-11-20');
    const ann = await server.player('Ann');
    const bo = await server.player('Bo');
    const cy = await server.player('Cy');
    await server.playRound(ann, 0);
    await server.playRound(bo, 1);
    await server.playRound(cy, 2);
    const mine = (await server.attempt(ann)).holes.map((h) => h.strokes);
    const strokes = await Promise.all(
      [ann, bo, cy].map(async (p) => (await server.attempt(p)).holes.map((h) => h.strokes!)),
    );

    const open = new HolesVsField(ann.api);
    await open.load(server.date, mine);
    expect(open.status).toBe('open');
    expect(open.rows).toEqual([]);

    server.closeDay();
    const holes = new HolesVsField(ann.api);
    await holes.load(server.date, mine);
    expect(holes.status).toBe('ready');
    expect(holes.finishers).toBe(3);
    expect(holes.rows).toHaveLength(9);
    for (const [i, row] of holes.rows.entries()) {
      const field = strokes.map((s) => s[i]!).sort((a, b) => a - b);
      expect(row).toEqual({
        hole: i + 1,
        mine: mine[i],
        perfect: 0, // the test server's stand-in for perfect play
        median: field[1],
        cleared: field.filter((s) => s <= 0).length,
      });
    }

    // Without the strokes at hand (the archive), they come from the player's replay; a stranger has none.
    const fromReplay = new HolesVsField(server.client());
    await fromReplay.load(server.date, null, ann.id);
    expect(fromReplay.rows.map((r) => r.mine)).toEqual(mine);
    const stranger = new HolesVsField(server.client());
    await stranger.load(server.date, null, 'nobody');
    expect(stranger.status).toBe('ready');
    expect(stranger.rows.every((r) => r.mine === null)).toBe(true);
  });

  it('says when it could not load, and drops an answer for a date no longer wanted', async () => {
    const server = new DailyServer('2026-11-21');
    server.closeDay();
    const holes = new HolesVsField(server.client());
    await holes.load('2025-01-01');
    expect([holes.status, holes.failure?.code]).toEqual(['failed', 'ERR_NOT_FOUND']);
    const first = holes.load('2025-01-02');
    const second = holes.load('2026-11-21');
    await Promise.all([first, second]);
    expect(holes.status).toBe('ready');
    expect(holes.field?.date).toBe('2026-11-21');
  });
});

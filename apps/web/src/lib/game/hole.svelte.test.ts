import { describe, expect, it } from 'vitest';
import { PRESETS, dealNumber, exposed, playableColumns, standInDeal, type Deal } from '@golf/engine';
import { Hole } from './hole.svelte.ts';

const rules = PRESETS.classic;
const deal = (n: number): Deal => {
  const r = dealNumber(n, rules);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** A column that plays now, or null. */
const firstPlayable = (h: Hole): number | null => playableColumns(h.position)[0] ?? null;

describe('Hole', () => {
  it('plays, draws, undoes and restarts by replaying its log', async () => {
    const d = deal(7);
    const h = new Hole(d, rules);
    expect(h.log).toBe('');
    expect(h.canUndo).toBe(false);
    expect(await h.draw()).toMatchObject({ ok: true });
    expect(h.log).toBe('d');
    expect(h.position.top).toBe(d.stock[0]);
    expect(h.waste).toEqual([d.waste, d.stock[0]]);
    // Draw until something plays, then play it.
    while (firstPlayable(h) === null) await h.draw();
    const col = firstPlayable(h)!;
    const card = exposed(h.position, col);
    const before = h.score.cardsLeft;
    expect(h.play(col).ok).toBe(true);
    expect(h.position.top).toBe(card);
    expect(h.score.cardsLeft).toBe(before - 1);
    expect(h.log.endsWith(String(col))).toBe(true);
    expect(h.undo()).toBe(true);
    expect(h.score.cardsLeft).toBe(before);
    h.restart();
    expect(h.log).toBe('');
    expect(h.position.top).toBe(d.waste);
  });

  it('refuses an illegal play with a reason and changes nothing', () => {
    const d = deal(7);
    const h = new Hole(d, rules);
    const bad = [1, 2, 3, 4, 5, 6, 7].find((c) => !h.playable.includes(c))!;
    const r = h.play(bad);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('ERR_NOT_ADJACENT');
    expect(h.log).toBe('');
  });

  it('never undoes below the floor, and lockDraws raises it at every draw', async () => {
    const d = deal(11);
    const h = new Hole(d, rules, { lockDraws: true });
    await h.draw();
    expect(h.undoFloor).toBe(1);
    expect(h.canUndo).toBe(false);
    expect(h.undo()).toBe(false);
    expect(h.log).toBe('d');
    h.restart();
    expect(h.log).toBe('d');
  });

  it('cuts an invalid saved log at its first bad move', () => {
    const h = new Hole(deal(3), rules, { log: 'dddx1' });
    expect(h.log).toBe('ddd');
  });

  it('takes draws from an async drawer and moves the card into the next stock slot', async () => {
    const real = deal(5);
    // The client knows only the layout: its stock is the real unseen cards in a fixed (sorted) order.
    const unseen = real.stock.slice().sort((a, b) => a - b);
    const client: Deal = { ...real, stock: unseen };
    const asked: string[] = [];
    const h = new Hole(client, rules, {
      lockDraws: true,
      drawer: async (log) => {
        asked.push(log);
        await Promise.resolve();
        return real.stock[log.split('d').length - 2]!;
      },
    });
    const pending = h.draw();
    expect(h.busy).toBe(true);
    expect((await h.draw()).ok).toBe(false); // a second draw while one is in flight is refused
    expect((await pending).ok).toBe(true);
    expect(h.busy).toBe(false);
    expect(asked).toEqual(['d']);
    expect(h.position.top).toBe(real.stock[0]);
    await h.draw();
    expect(asked).toEqual(['d', 'dd']);
    expect(h.position.top).toBe(real.stock[1]);
    expect(h.deal.stock.slice(0, 2)).toEqual(real.stock.slice(0, 2));
    expect(h.undoFloor).toBe(2);
  });

  it('keeps the hole unchanged when the drawer fails', async () => {
    const h = new Hole(deal(5), rules, {
      drawer: () => Promise.reject(new Error('offline')),
    });
    const r = await h.draw();
    expect(r.ok).toBe(false);
    expect(h.error).toBe('offline');
    expect(h.log).toBe('');
    expect(h.busy).toBe(false);
  });

  it('reports changes for autosave', () => {
    const logs: string[] = [];
    const h = new Hole(deal(2), rules, { onchange: (l) => logs.push(l) });
    void h.draw();
    h.undo();
    expect(logs).toEqual(['d', '']);
  });

  it('applies a card drawn elsewhere as the next stock card, and refuses one already seen', () => {
    const real = deal(9);
    const known = standInDeal(real, [], 16);
    if (!known.ok) throw new Error(known.error.message);
    const h = new Hole(known.value, rules);
    const columns = h.deal.columns;
    expect(h.applyDrawn(real.stock[0]!).ok).toBe(true);
    expect(h.deal.columns).toBe(columns);
    const after = standInDeal(real, real.stock.slice(0, 1), 16);
    expect(after).toEqual({ ok: true, value: h.deal });
    expect(h.waste).toEqual([real.waste, real.stock[0]]);
    const seen = h.applyDrawn(real.waste!);
    expect(seen.ok ? null : seen.error.code).toBe('ERR_DRAWER');
    expect(h.log).toBe('d');
  });
});

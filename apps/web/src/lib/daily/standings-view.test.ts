import { describe, expect, it } from 'vitest';
import type { Auditor } from '@golf/api/testing';
import { DailyServer } from '../testing/daily-server.ts';
import {
  hidesHoles,
  holesFinishedText,
  reviewRows,
  rowHoles,
  standingsAuditText,
  underReviewText,
} from './standings-view.ts';

/** A cheap audit: a hole whose log is one of `scouted` has a telling first move; any telling move flags the round. */
function fakeAuditor(scouted: ReadonlySet<string>): Auditor {
  return {
    hole: (_deal, _rules, log) => ({
      telling: scouted.has(log) ? [{ at: 0, move: log[0], why: 'Drew with 7C playable' }] : [],
    }),
    verdict: (holes) => {
      const telling = (holes as { telling: unknown[] }[]).reduce((n, h) => n + h.telling.length, 0);
      return { flagged: telling > 0, pValue: telling > 0 ? 1.2e-7 : 1, telling, decisions: 100 };
    },
  };
}

describe('standings view', () => {
  it("shows only the viewer's own holes while the day is open, and how far everyone else went", async () => {
    // Closing the day starts its audit: keep it cheap.
    const server = new DailyServer('2026-11-30', { auditor: fakeAuditor(new Set()) });
    const ann = await server.player('Ann');
    const bob = await server.player('Bob');
    await server.playRound(ann, 0);
    await server.playRound(bob, 1);

    const seen = await ann.api.standings(server.date);
    if (!seen.ok) throw new Error(seen.error.message);
    const s = seen.value;
    expect(s.closed).toBe(false);
    const row = (id: string) => s.entries.find((e) => e.playerId === id)!;
    expect(rowHoles(row(ann.id))).toEqual({ strokes: s.me!.holes });
    expect(rowHoles(row(bob.id))).toEqual({ hidden: '9/9 holes' });
    expect(hidesHoles(s.entries)).toBe(true);
    expect(standingsAuditText(s)).toBeNull();
    expect(holesFinishedText(4)).toBe('4/9 holes');

    // Once the day closes everyone's holes are public.
    server.closeDay();
    const closed = await bob.api.standings(server.date);
    if (!closed.ok) throw new Error(closed.error.message);
    expect(hidesHoles(closed.value.entries)).toBe(false);
    expect(closed.value.entries.every((e) => 'strokes' in rowHoles(e))).toBe(true);
  });

  it('lists a flagged round under review, apart from the ranking, with the day audit in words', async () => {
    const scouted = new Set<string>();
    const server = new DailyServer('2026-11-30', { auditor: fakeAuditor(scouted) });
    const ann = await server.player('Ann');
    const scout = await server.player('Scout');
    await server.playRound(ann, 0);
    for (const log of await server.playRound(scout, 1)) scouted.add(log);

    server.closeDay();
    const before = await ann.api.standings(server.date);
    if (!before.ok) throw new Error(before.error.message);
    expect(before.value.entries).toHaveLength(2);

    const progress = await server.runScheduled();
    expect(progress).toEqual({ rounds: 2, audited: 2, flagged: 1, complete: true });
    const after = await ann.api.standings(server.date);
    const review = await ann.api.review(server.date);
    if (!after.ok || !review.ok) throw new Error('no answer');
    expect(after.value.entries.map((e) => e.name)).toEqual(['Ann']);
    expect(after.value.underReview).toBe(1);
    expect(underReviewText(after.value.underReview)).toBe('1 round under review, not ranked');
    expect(underReviewText(0)).toBeNull();
    expect(standingsAuditText(after.value)).toBe(
      'Fair-play audit complete: 2 rounds checked, 1 under review.',
    );

    const rows = reviewRows(server.date, review.value.rounds);
    expect(rows).toEqual([
      {
        playerId: scout.id,
        name: 'Scout',
        standIn: null,
        total: review.value.rounds[0]!.total,
        toPar: expect.any(String),
        pValue: '1.2 × 10⁻⁷',
        href: `/archive/2026-11-30?player=${scout.id}`,
      },
    ]);
  });
});

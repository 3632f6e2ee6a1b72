import type { CourseView, ReplayView, ReviewRound, RoundAuditView, StandingEntry } from '@golf/api';
import {
  COURSE_HOLES,
  PRESETS,
  dealNumber,
  legalMoves,
  makeCard,
  makeMove,
  replay,
  scoreOf,
  type Deal,
} from '@golf/engine';
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { ArchiveDay, PERFECT, type ArchiveData } from './archive-day.svelte.ts';

const rules = PRESETS.classic;
const deals: Deal[] = Array.from({ length: COURSE_HOLES }, (_, i) => {
  const d = dealNumber(500 + i, rules);
  if (!d.ok) throw new Error(d.error.message);
  return d.value;
});
/** A whole hole played by a simple policy: the `pick`-th legal move each time. */
const playOut = (deal: Deal, pick: number): string => {
  let log = '';
  for (;;) {
    const r = replay(deal, rules, log);
    if (!r.ok) throw new Error(r.error.message);
    const moves = legalMoves(r.value);
    if (moves.length === 0) return log;
    log += makeMove(moves[Math.min(pick, moves.length - 1)]!);
  }
};
const strokesOf = (deal: Deal, log: string): number => {
  const r = replay(deal, rules, log);
  if (!r.ok) throw new Error(r.error.message);
  return scoreOf(r.value).strokes;
};

const course: CourseView = {
  date: '2026-11-30',
  rules: 'classic',
  par: 45,
  opensAt: '2026-11-30T00:00:00.000Z',
  closesAt: '2026-12-01T00:00:00.000Z',
  closed: true,
  holes: deals.map((d, i) => ({
    hole: i + 1,
    columns: d.columns.map((c) => c.map(makeCard)),
    waste: makeCard(d.waste!),
    stockSize: d.stock.length,
    stock: d.stock.map(makeCard),
    perfect: { strokes: strokesOf(d, playOut(d, 0)), log: playOut(d, 0) },
  })),
};
const ann: ReplayView = {
  date: course.date,
  playerId: 'ann',
  name: 'Ann',
  standIn: null,
  finished: true,
  total: 0,
  holes: deals.map((d, i) => ({ hole: i + 1, log: playOut(d, 1), strokes: strokesOf(d, playOut(d, 1)) })),
};
const entry = (playerId: string, name: string): StandingEntry => ({
  rank: 1,
  playerId,
  name,
  standIn: null,
  total: 40,
  holesFinished: 9,
  holes: [],
  finishedAt: '2026-11-30T12:00:00.000Z',
});

/** A round under review: the third legal move each time, so its logs differ from Ann's. */
const scoutLogs = deals.map((d) => playOut(d, 2));
const scoutReplay: ReplayView = {
  date: course.date,
  playerId: 'scout',
  name: 'Scout',
  standIn: null,
  finished: true,
  total: 0,
  holes: deals.map((d, i) => ({ hole: i + 1, log: scoutLogs[i]!, strokes: strokesOf(d, scoutLogs[i]!) })),
};
const scout: ReviewRound = {
  playerId: 'scout',
  name: 'Scout',
  standIn: null,
  total: 30,
  pValue: 1.2e-7,
  telling: 2,
  decisions: 200,
};
/** The scout's telling moves on hole 1: its first draw and its first play. */
const scoutDraw = scoutLogs[0]!.indexOf('d');
const scoutPlay = scoutLogs[0]!.search(/[1-7]/);
const progress = { rounds: 3, audited: 3, flagged: 1, complete: true };
const auditOf: Readonly<Record<string, RoundAuditView>> = {
  ann: {
    date: course.date,
    playerId: 'ann',
    name: 'Ann',
    standIn: null,
    total: 40,
    status: 'done',
    verdict: { flagged: false, pValue: 0.25, telling: 1, decisions: 180 },
    holes: [{ hole: 1, telling: [] }],
    day: progress,
  },
  bob: {
    date: course.date,
    playerId: 'bob',
    name: 'Bob',
    standIn: null,
    total: 40,
    status: 'pending',
    verdict: null,
    holes: [],
    day: { rounds: 3, audited: 1, flagged: 0, complete: false },
  },
  scout: {
    date: course.date,
    playerId: 'scout',
    name: 'Scout',
    standIn: null,
    total: 30,
    status: 'done',
    verdict: { flagged: true, pValue: 1.2e-7, telling: 2, decisions: 200 },
    holes: [
      {
        hole: 1,
        telling: [
          { at: scoutPlay, move: scoutLogs[0]![scoutPlay]!, why: 'Played with QH next' },
          { at: scoutDraw, move: 'd', why: 'Drew with 7C playable' },
        ],
      },
      { hole: 2, telling: [] },
    ],
    day: progress,
  },
};

const roots: (() => void)[] = [];
afterEach(() => roots.splice(0).forEach((stop) => stop()));

function open(wanted: string | null = null) {
  const asked: string[] = [];
  const audits: string[] = [];
  let data = $state<ArchiveData>({
    date: course.date,
    course: { ok: true, value: course },
    players: [entry('ann', 'Ann'), entry('bob', 'Bob')],
    review: [scout],
    wanted,
  });
  let day: ArchiveDay | undefined;
  roots.push(
    $effect.root(() => {
      day = new ArchiveDay(() => data, {
        replay: async (date, id) => {
          asked.push(`${date}/${id}`);
          const round = { ann, scout: scoutReplay }[id];
          return round
            ? { ok: true, value: round }
            : { ok: false, error: { status: 404, code: 'ERR_NOT_FOUND', message: 'no' } };
        },
        audit: async (date, id) => {
          audits.push(`${date}/${id}`);
          const audit = auditOf[id];
          return audit
            ? { ok: true, value: audit }
            : { ok: false, error: { status: 404, code: 'ERR_NOT_FOUND', message: 'no finished round' } };
        },
      });
    }),
  );
  flushSync();
  return {
    day: day!,
    asked,
    audits,
    setData: (next: ArchiveData) => {
      data = next;
      flushSync();
    },
  };
}

const landed = async () => {
  for (let i = 0; i < 3; i++) await Promise.resolve();
  flushSync();
};

describe('ArchiveDay', () => {
  it('replays perfect play on hole 1 from the start, and a new hole from its start', () => {
    const { day } = open();
    expect(day.line).toBe(PERFECT);
    expect(day.lineName).toBe('Perfect play');
    expect(day.deal).toEqual(deals[0]);
    expect(day.player.log).toBe(course.holes[0]!.perfect!.log);
    day.player.forward();
    day.player.forward();
    day.holeNo = 4;
    flushSync();
    expect(day.player.log).toBe(course.holes[3]!.perfect!.log);
    expect(day.player.step).toBe(0);
    expect(day.player.endScore?.strokes).toBe(course.holes[3]!.perfect!.strokes);
  });

  it("fetches a player's round the first time their line is chosen, and replays it", async () => {
    const { day, asked } = open();
    day.line = 'ann';
    flushSync();
    expect(day.log).toBe('');
    await landed();
    expect(asked).toEqual(['2026-11-30/ann']);
    expect(day.player.log).toBe(ann.holes[0]!.log);
    expect(day.lineName).toBe('Ann');
    day.holeNo = 2;
    day.line = PERFECT;
    flushSync();
    day.line = 'ann';
    flushSync();
    await landed();
    expect(asked).toEqual(['2026-11-30/ann']);
    expect(day.player.log).toBe(ann.holes[1]!.log);
  });

  it('preselects the player the URL names when they have a round that day; new data brings its own default', async () => {
    const { day, setData } = open('ann');
    expect(day.line).toBe('ann');
    await landed();
    const other = {
      date: course.date,
      course: { ok: true, value: course },
      players: [],
      review: [],
      wanted: 'ann',
    } as const;
    day.line = PERFECT;
    expect(day.line).toBe(PERFECT);
    setData(other);
    expect(day.line).toBe(PERFECT);
    setData({ ...other, players: [entry('ann', 'Ann')] });
    expect(day.line).toBe('ann');
  });

  it('practises the chosen hole on its full deal, kept for that hole only; the replay pauses', () => {
    const { day } = open();
    day.holeNo = 3;
    day.player.play();
    expect(day.startPractice()).toBe(true);
    expect(day.player.playing).toBe(false);
    expect(day.practice?.deal).toEqual(deals[2]);
    day.practice!.draw();
    expect(day.practice?.log).toBe('d');
    day.holeNo = 5;
    expect(day.practice).toBeNull();
    day.holeNo = 3;
    expect(day.practice?.log).toBe('d');
    day.stopPractice();
    expect(day.practice).toBeNull();
  });

  it('says why when the day has no course', () => {
    const { day, setData } = open();
    setData({
      date: '2026-12-02',
      course: { ok: false, error: { status: 404, code: 'ERR_FUTURE_DATE', message: 'not yet' } },
      players: [],
      review: [],
      wanted: null,
    });
    expect(day.failure?.status).toBe(404);
    expect(day.course).toBeNull();
    expect(day.player.loaded).toBe(false);
  });
  it("fetches the chosen round's audit once and says its verdict in plain words", async () => {
    const { day, audits } = open();
    expect(day.auditStatus).toBe('none');
    expect(day.auditSummary).toBe('');
    day.line = 'ann';
    flushSync();
    expect(day.auditStatus).toBe('loading');
    await landed();
    expect(audits).toEqual(['2026-11-30/ann']);
    expect(day.auditStatus).toBe('clean');
    expect(day.auditSummary).toMatch(
      /^Clean: an honest round gets a p-value this low up to once in 4 rounds/,
    );
    expect(day.auditSummary).toContain('1 telling move in 180 decisions');
    expect(day.telling).toEqual([]);
    day.line = 'bob';
    flushSync();
    await landed();
    expect(day.auditStatus).toBe('pending');
    expect(day.auditSummary).toBe(
      'Not audited yet. Fair-play audit: 1 of 3 rounds checked, 0 under review so far.',
    );
    day.line = 'ann';
    flushSync();
    await landed();
    expect(audits).toEqual(['2026-11-30/ann', '2026-11-30/bob']);
    day.refreshAudit();
    await landed();
    expect(audits).toEqual(['2026-11-30/ann', '2026-11-30/bob', '2026-11-30/ann']);
  });

  it("says why when the audit could not be loaded, in the player's words (never the API's message)", async () => {
    const { day, setData } = open();
    setData({
      date: course.date,
      course: { ok: true, value: course },
      players: [entry('cy', 'Cy')],
      review: [],
      wanted: 'cy',
    });
    await landed();
    expect(day.line).toBe('cy');
    expect(day.auditStatus).toBe('failed');
    // The test server answers 404 (ERR_NOT_FOUND) with the message "no finished round".
    expect(day.auditSummary).toBe('Could not load the fair-play audit: Not found.');
  });

  it('lists rounds under review as lines apart from the ranked ones, and preselects one the URL names', async () => {
    const { day } = open('scout');
    expect(day.review.map((r) => r.playerId)).toEqual(['scout']);
    expect(day.players.map((p) => p.playerId)).toEqual(['ann', 'bob']);
    expect(day.line).toBe('scout');
    expect(day.lineName).toBe('Scout');
    await landed();
    expect(day.player.log).toBe(scoutLogs[0]);
    expect(day.auditStatus).toBe('review');
    expect(day.auditSummary).toMatch(
      /^Under review: an honest round gets a p-value this low at most once in 8\.3 million rounds \(the line is once in 1,000\)\. 2 telling moves in 200 decisions\.$/,
    );
  });

  it("steps the replay to the board before each of the hole's telling moves, in log order", async () => {
    const { day } = open('scout');
    await landed();
    const steps = day.telling;
    expect(steps.map((t) => t.at)).toEqual([scoutDraw, scoutPlay].sort((a, b) => a - b));
    const draw = steps.find((t) => t.at === scoutDraw)!;
    expect(draw).toMatchObject({
      move: 'a draw',
      target: 'draw',
      label: `Move ${scoutDraw + 1}: a draw`,
      why: 'Drew with 7♣ playable',
    });
    const play = steps.find((t) => t.at === scoutPlay)!;
    expect(play.target).toBe(Number(scoutLogs[0]![scoutPlay]));
    expect(play.move).toMatch(new RegExp(`from column ${play.target}$`));
    expect(play.why).toBe('Played with Q♥ next');
    expect(day.tellingHoles).toEqual([{ hole: 1, count: 2 }]);

    day.player.play();
    expect(day.showTelling(scoutPlay)).toBe(
      `The board before move ${scoutPlay + 1}, the telling move: ${play.move}.`,
    );
    expect(day.player.playing).toBe(false);
    expect(day.player.step).toBe(scoutPlay);
    expect(day.shownTelling).toEqual(play);
    day.player.forward();
    expect(day.shownTelling).toBeNull();
    expect(day.showTelling(scoutPlay + 1000)).toBeNull();

    // Another hole has its own (here none).
    day.holeNo = 2;
    flushSync();
    expect(day.telling).toEqual([]);
    expect(day.shownTelling).toBeNull();
  });
});

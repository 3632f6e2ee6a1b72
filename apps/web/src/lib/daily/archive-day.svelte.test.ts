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
import type { Course, Replay, StandingsEntry } from '../api-types.ts';
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

const course: Course = {
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
const ann: Replay = {
  date: course.date,
  playerId: 'ann',
  name: 'Ann',
  finished: true,
  total: 0,
  holes: deals.map((d, i) => ({ hole: i + 1, log: playOut(d, 1), strokes: strokesOf(d, playOut(d, 1)) })),
};
const entry = (playerId: string, name: string): StandingsEntry => ({
  rank: 1,
  playerId,
  name,
  total: 40,
  holesFinished: 9,
  holes: [],
  finishedAt: '2026-11-30T12:00:00.000Z',
});

const roots: (() => void)[] = [];
afterEach(() => roots.splice(0).forEach((stop) => stop()));

function open(wanted: string | null = null) {
  const asked: string[] = [];
  let data = $state<ArchiveData>({
    date: course.date,
    course: { ok: true, value: course },
    players: [entry('ann', 'Ann'), entry('bob', 'Bob')],
    wanted,
  });
  let day: ArchiveDay | undefined;
  roots.push(
    $effect.root(() => {
      day = new ArchiveDay(() => data, {
        replay: async (date, id) => {
          asked.push(`${date}/${id}`);
          return id === 'ann'
            ? { ok: true, value: ann }
            : { ok: false, error: { status: 404, code: 'ERR_NOT_FOUND', message: 'no' } };
        },
      });
    }),
  );
  flushSync();
  return {
    day: day!,
    asked,
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
      wanted: null,
    });
    expect(day.failure?.status).toBe(404);
    expect(day.course).toBeNull();
    expect(day.player.loaded).toBe(false);
  });
});

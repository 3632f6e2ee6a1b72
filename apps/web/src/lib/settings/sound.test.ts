import { describe, expect, it } from 'vitest';
import { SOUNDS, SOUND_TONES, SoundBoard, type AudioLike } from './sound.ts';

/** Just enough of an AudioContext to count what a sound starts. */
function fakeAudio(): { ctx: AudioLike; started: number[] } {
  const started: number[] = [];
  const param = () => ({ setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} });
  const node = () => ({ connect: (n: unknown) => n });
  const ctx = {
    currentTime: 0,
    destination: {},
    state: 'running',
    resume: () => Promise.resolve(),
    createOscillator: () => ({
      ...node(),
      type: 'sine',
      frequency: param(),
      start: (t: number) => started.push(t),
      stop: () => {},
    }),
    createGain: () => ({ ...node(), gain: param() }),
  } as unknown as AudioLike;
  return { ctx, started };
}

describe('SoundBoard', () => {
  it('makes no audio at all while sound is off', () => {
    let created = 0;
    const board = new SoundBoard(
      () => false,
      () => {
        created++;
        return fakeAudio().ctx;
      },
    );
    for (const s of SOUNDS) board.play(s);
    expect(created).toBe(0);
  });

  it('plays each sound as its tones once sound is on, with one context', () => {
    const { ctx, started } = fakeAudio();
    let created = 0;
    const board = new SoundBoard(
      () => true,
      () => {
        created++;
        return ctx;
      },
    );
    for (const s of SOUNDS) board.play(s);
    expect(created).toBe(1);
    expect(started.length).toBe(SOUNDS.reduce((n, s) => n + SOUND_TONES[s].length, 0));
  });

  it('stays silent, without throwing, where there is no audio', () => {
    const board = new SoundBoard(
      () => true,
      () => null,
    );
    expect(() => board.play('done')).not.toThrow();
  });

  it('keeps every tone short and quiet', () => {
    for (const s of SOUNDS)
      for (const t of SOUND_TONES[s]) {
        expect(t.gain).toBeLessThanOrEqual(0.2);
        expect(t.at + t.len).toBeLessThanOrEqual(1);
      }
  });
});

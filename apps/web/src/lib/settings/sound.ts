/**
 * The table's sound effects, synthesised with Web Audio (no files to load): a card played, a card drawn, a hole
 * cleared, a round done. Silent unless the player turned sound on; the AudioContext is made on the first sound
 * after that (browsers allow audio only after a gesture, and turning sound on is one).
 */
export const SOUNDS = ['play', 'draw', 'cleared', 'done'] as const;
export type Sound = (typeof SOUNDS)[number];

/** One tone: when (seconds after now), frequency (Hz), length (s), peak gain, waveform. */
interface Tone {
  readonly at: number;
  readonly hz: number;
  readonly len: number;
  readonly gain: number;
  readonly type: OscillatorType;
  /** A glide to this frequency over the tone. */
  readonly to?: number;
}

const NOTE = { C4: 261.63, E4: 329.63, G4: 392, C5: 523.25, E5: 659.25, G5: 783.99, C6: 1046.5 } as const;

/** What each sound is made of: short, soft, never above a gain of 0.2. */
export const SOUND_TONES: Readonly<Record<Sound, readonly Tone[]>> = {
  play: [{ at: 0, hz: 880, to: 1320, len: 0.07, gain: 0.12, type: 'triangle' }],
  draw: [{ at: 0, hz: 240, to: 160, len: 0.1, gain: 0.15, type: 'sine' }],
  cleared: [
    { at: 0, hz: NOTE.C5, len: 0.12, gain: 0.12, type: 'triangle' },
    { at: 0.09, hz: NOTE.E5, len: 0.12, gain: 0.12, type: 'triangle' },
    { at: 0.18, hz: NOTE.G5, len: 0.12, gain: 0.12, type: 'triangle' },
    { at: 0.27, hz: NOTE.C6, len: 0.3, gain: 0.12, type: 'triangle' },
  ],
  done: [
    { at: 0, hz: NOTE.C4, len: 0.8, gain: 0.08, type: 'sine' },
    { at: 0.05, hz: NOTE.E4, len: 0.75, gain: 0.08, type: 'sine' },
    { at: 0.1, hz: NOTE.G4, len: 0.7, gain: 0.08, type: 'sine' },
    { at: 0.15, hz: NOTE.C5, len: 0.65, gain: 0.08, type: 'sine' },
  ],
};

/** The part of an AudioContext the board uses (a fake in tests). */
export type AudioLike = Pick<
  AudioContext,
  'currentTime' | 'destination' | 'state' | 'resume' | 'createOscillator' | 'createGain'
>;

export class SoundBoard {
  readonly #enabled: () => boolean;
  readonly #create: () => AudioLike | null;
  #context: AudioLike | null = null;
  #failed = false;

  /**
   * `enabled` says whether sound is on now (the table settings); `create` makes the AudioContext, null where
   * there is none.
   */
  constructor(enabled: () => boolean, create: () => AudioLike | null = browserAudio) {
    this.#enabled = enabled;
    this.#create = create;
  }

  /** Plays one sound if sound is on; never throws (audio is a nicety). */
  play(sound: Sound): void {
    if (!this.#enabled()) return;
    const ctx = this.#audio();
    if (ctx === null) return;
    try {
      if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
      const now = ctx.currentTime;
      for (const t of SOUND_TONES[sound]) {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.type = t.type;
        const start = now + t.at;
        const end = start + t.len;
        osc.frequency.setValueAtTime(t.hz, start);
        if (t.to !== undefined) osc.frequency.exponentialRampToValueAtTime(t.to, end);
        // A quick attack and an exponential fade, so nothing clicks.
        gain.gain.setValueAtTime(0.0001, start);
        gain.gain.exponentialRampToValueAtTime(t.gain, start + 0.01);
        gain.gain.exponentialRampToValueAtTime(0.0001, end);
        osc.connect(gain).connect(ctx.destination);
        osc.start(start);
        osc.stop(end + 0.02);
      }
    } catch {
      // A browser that refuses audio plays silently.
    }
  }

  #audio(): AudioLike | null {
    if (this.#context !== null || this.#failed) return this.#context;
    try {
      this.#context = this.#create();
    } catch {
      this.#context = null;
    }
    if (this.#context === null) this.#failed = true;
    return this.#context;
  }
}

function browserAudio(): AudioLike | null {
  const Ctor =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ??
        (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  return Ctor ? new Ctor() : null;
}

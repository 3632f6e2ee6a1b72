/**
 * A finished round's hole and draw times, compactly, for the ledger's evidence column `times`: the events in the
 * order they happened (each hole's draws, then its finish), each as the milliseconds since the one before in base
 * 36, but the first, milliseconds since the epoch in decimal. Holes are separated by `;`, a hole's finish follows its draws after `/`,
 * draws are separated by `,`. A round of 144 draws takes about 600 bytes instead of 2,200 as JSON. Evidence written
 * before this form (JSON `{"holes": [...], "draws": [[...], ...]}`) still reads.
 */
export interface RoundTimes {
  readonly holeTimes: readonly number[];
  readonly drawTimes: readonly (readonly number[])[];
}

export function encodeTimes({ holeTimes, drawTimes }: RoundTimes): string {
  let last: number | null = null;
  const step = (t: number): string => {
    const text = last === null ? String(t) : (t - last).toString(36);
    last = t;
    return text;
  };
  return holeTimes
    .map((finish, h) => `${(drawTimes[h] ?? []).map(step).join(',')}/${step(finish)}`)
    .join(';');
}

export function decodeTimes(text: string): RoundTimes {
  if (text.startsWith('{')) {
    const old = JSON.parse(text) as { holes?: number[]; draws?: number[][] };
    return { holeTimes: old.holes ?? [], drawTimes: old.draws ?? [] };
  }
  let last: number | null = null;
  const next = (part: string): number =>
    (last = last === null ? parseInt(part, 10) : last + parseInt(part, 36));
  const holeTimes: number[] = [];
  const drawTimes: number[][] = [];
  for (const hole of text === '' ? [] : text.split(';')) {
    const [draws = '', finish = '0'] = hole.split('/');
    drawTimes.push(draws === '' ? [] : draws.split(',').map(next));
    holeTimes.push(next(finish));
  }
  return { holeTimes, drawTimes };
}

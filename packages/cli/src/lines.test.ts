import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { answerLines } from './lines.ts';

/** Feeds `chunks` through answerLines with an answer that echoes the line; returns each write. */
async function run(chunks: string[]): Promise<string[]> {
  const writes: string[] = [];
  await answerLines(
    Readable.from(chunks.map((c) => Buffer.from(c, 'utf8'))),
    (t) => writes.push(t),
    (l) => `<${l}>`,
  );
  return writes;
}

describe('answerLines', () => {
  it('answers every line, in order, across chunk boundaries', async () => {
    expect((await run(['a\nb', 'c\n', 'd\n'])).join('')).toBe('<a>\n<bc>\n<d>\n');
  });

  it('answers blank lines, drops CR before LF, counts a last line without a newline', async () => {
    expect((await run(['a\r\n\r\n', '\nb'])).join('')).toBe('<a>\n<>\n<>\n<b>\n');
  });

  it('writes nothing for empty input, and nothing extra after a final newline', async () => {
    expect(await run([])).toEqual([]);
    expect((await run(['x\n'])).join('')).toBe('<x>\n');
  });

  it('drops a byte-order mark at the start only', async () => {
    expect((await run(['\ufeffa\n\ufeffb\n'])).join('')).toBe('<a>\n<\ufeffb>\n');
  });

  it('keeps a multi-byte character split across chunks whole', async () => {
    const bytes = Buffer.from('é\n', 'utf8');
    const writes: string[] = [];
    await answerLines(
      Readable.from([bytes.subarray(0, 1), bytes.subarray(1)]),
      (t) => writes.push(t),
      (l) => `<${l}>`,
    );
    expect(writes.join('')).toBe('<é>\n');
  });
});

describe('answerLines with eachLine', () => {
  it('writes each answer before computing the next, even for lines of one chunk', async () => {
    const events: string[] = [];
    await answerLines(
      Readable.from([Buffer.from('a\nb\nc', 'utf8')]),
      (t) => events.push(`write ${t.trimEnd()}`),
      (l) => {
        events.push(`answer ${l}`);
        return `<${l}>`;
      },
      { eachLine: true },
    );
    expect(events).toEqual(['answer a', 'write <a>', 'answer b', 'write <b>', 'answer c', 'write <c>']);
  });
});

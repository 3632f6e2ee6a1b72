/** Runs the real `golf` command in a child process. */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CLEAR_TWO_LEFT,
  CLEAR_TWO_LEFT_LOG,
  DEAL_1_BOARD,
  RUN_OF_EIGHT,
} from '../../engine/test-fixtures/boards.ts';
import { refAnswer } from '../../engine/test-fixtures/reference.ts';
import { generateCases } from '../../engine/test-fixtures/reference-cases.ts';

const cliDir = join(import.meta.dirname, '..');
const golfArgs = (...args: string[]) => ['--import', 'tsx', join(cliDir, 'src', 'main.ts'), ...args];
const golf = (args: string[], input = '') =>
  spawnSync(process.execPath, golfArgs(...args), { cwd: cliDir, input, encoding: 'utf8', timeout: 30_000 });

const line = (board: string, log: string) => JSON.stringify({ board, log });
/** The answer without its message, for comparing with the reference. */
const bare = (a: Record<string, unknown>) => {
  const { message, ...rest } = a;
  if (a['ok'] === false) expect(typeof message).toBe('string');
  return rest;
};

describe('golf through its bundle (bin/golf.mjs, what `pnpm -s golf` runs)', { timeout: 60_000 }, () => {
  it('answers as the sources do', () => {
    const bundled = spawnSync(process.execPath, [join(cliDir, 'bin', 'golf.mjs'), 'deal', '1'], { cwd: cliDir, encoding: 'utf8', timeout: 60_000 });
    expect(bundled.stderr).toBe('');
    expect(bundled.status).toBe(0);
    expect(bundled.stdout).toBe(golf(['deal', '1']).stdout);
  });
});

describe('golf replay (real process)', { timeout: 30_000 }, () => {
  it('answers one line per input line, in order, through a non-JSON line and a bad board', () => {
    const input = [
      line(CLEAR_TWO_LEFT, CLEAR_TWO_LEFT_LOG),
      'this is not JSON',
      line(CLEAR_TWO_LEFT, '1x'),
      line(CLEAR_TWO_LEFT.replace('8C\n', '8C 9S\n'), ''), // 53 cards
      line(RUN_OF_EIGHT, '12345671'),
      '',
      line(CLEAR_TWO_LEFT, CLEAR_TWO_LEFT_LOG + 'd'),
    ];
    const r = golf(['replay'], input.join('\n') + '\n');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = r.stdout.split('\n');
    expect(out.pop()).toBe('');
    expect(out).toHaveLength(input.length);
    const answers = out.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(out[0]).toBe(
      '{"ok":true,"over":true,"cleared":true,"cardsLeft":0,"stockLeft":2,"strokes":-2,"points":3420}',
    );
    expect(answers[1]).toMatchObject({ ok: false, code: 'ERR_INPUT' });
    expect(Object.keys(answers[1]!)).toEqual(['ok', 'code', 'message']);
    expect(answers[2]).toMatchObject({ ok: false, at: 1, code: 'ERR_BAD_MOVE' });
    expect(Object.keys(answers[2]!)).toEqual(['ok', 'at', 'code', 'message']);
    expect(answers[3]).toMatchObject({ ok: false, code: 'ERR_INPUT' });
    expect(answers[4]).toMatchObject({ ok: true, over: false, points: 360 });
    expect(answers[5]).toMatchObject({ ok: false, code: 'ERR_INPUT' });
    expect(answers[6]).toMatchObject({ ok: false, at: 49, code: 'ERR_HOLE_OVER' });
  });

  it('reads CRLF input and a last line without a newline; --rules chooses the preset', () => {
    const r = golf(
      ['replay', '--rules', 'queen-on-king'],
      [line(RUN_OF_EIGHT, '1234'), line(RUN_OF_EIGHT, '1234d5671')].join('\r\n'),
    );
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { points: number }).points),
    ).toEqual([100, 200]);
  });

  it('agrees with the reference implementation on 400 generated lines per preset', () => {
    for (const preset of ['classic', 'queen-on-king', 'wrap', 'turn-the-corner'] as const) {
      const cases = generateCases(99 + preset.length, 400, [preset]);
      const r = golf(['replay', '--rules', preset], cases.map((c) => c.line).join('\n') + '\n');
      const out = r.stdout.trimEnd().split('\n');
      expect(out).toHaveLength(cases.length);
      out.forEach((l, i) => {
        const want = refAnswer(preset, cases[i]!.line);
        expect({ line: cases[i]!.line, answer: bare(JSON.parse(l) as Record<string, unknown>) }).toEqual({
          line: cases[i]!.line,
          answer: want,
        });
      });
    }
  });

  it('answers each line as soon as it arrives', async () => {
    const child = spawn(process.execPath, golfArgs('replay'), { cwd: cliDir });
    child.stdout.setEncoding('utf8');
    const next = async (): Promise<string> => {
      const [chunk] = (await once(child.stdout, 'data')) as [string];
      return chunk;
    };
    child.stdin.write(line(RUN_OF_EIGHT, '1') + '\n');
    expect(JSON.parse(await next())).toMatchObject({ ok: true, points: 10 });
    child.stdin.write(line(RUN_OF_EIGHT, '12') + '\n');
    expect(JSON.parse(await next())).toMatchObject({ ok: true, points: 30 });
    child.stdin.end();
    await once(child, 'close');
  });
});

describe('golf deal (real process)', { timeout: 30_000 }, () => {
  it('prints nothing but the board text', () => {
    const r = golf(['deal', '1']);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(DEAL_1_BOARD);
    expect(golf(['deal', '1', '--rules', 'turn-the-corner']).stdout.split('\n')[0]).toBe('Foundations: -');
  });

  it('exits 2 with a message on stderr and nothing on stdout for bad arguments', () => {
    for (const args of [['deal', '0'], ['deal'], ['nope'], ['replay', '--rules', 'golf']]) {
      const r = golf(args);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.length).toBeGreaterThan(0);
    }
  });
});

describe('golf audit (real process)', { timeout: 120_000 }, () => {
  const board = DEAL_1_BOARD;
  const perfect = (() => {
    const r = golf(['solve'], JSON.stringify({ board }) + '\n');
    return (JSON.parse(r.stdout) as { log: string }).log;
  })();
  const auditLine = (boards: string[], logs: string[]) => JSON.stringify({ boards, logs });

  it('answers one line per input line, in order, through bad lines', () => {
    const input = ['{', auditLine([board], [perfect, perfect]), auditLine([board], [perfect]), auditLine([board], ['dd'])];
    const r = golf(['audit'], input.join('\n') + '\n');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(out).toHaveLength(4);
    expect(out[0]).toMatchObject({ ok: false, code: 'ERR_INPUT' });
    expect(out[1]).toMatchObject({ ok: false, code: 'ERR_LENGTHS' });
    expect(Object.keys(out[2]!)).toEqual(['flagged', 'pValue', 'telling', 'decisions', 'holes']);
    expect(out[3]).toMatchObject({ ok: false, code: 'ERR_NOT_OVER' });
  });

  it('answers each line as soon as it arrives', async () => {
    const child = spawn(process.execPath, golfArgs('audit'), { cwd: cliDir });
    child.stdout.setEncoding('utf8');
    const lines: string[] = [];
    let buffer = '';
    const waiters: (() => void)[] = [];
    child.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      const parts = buffer.split('\n');
      buffer = parts.pop()!;
      lines.push(...parts);
      waiters.splice(0).forEach((w) => w());
    });
    const lineCount = async (n: number): Promise<void> => {
      while (lines.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
    };
    child.stdin.write(auditLine([board], ['x']) + '\n');
    await lineCount(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ ok: false, code: 'ERR_ILLEGAL_MOVE' });
    child.stdin.write(auditLine([board], [perfect]) + '\n');
    await lineCount(2);
    expect(JSON.parse(lines[1]!)).toHaveProperty('pValue');
    child.stdin.end();
    await once(child, 'close');
  });
});

#!/usr/bin/env -S npx tsx
/**
 * `golf deal <number> [--rules P]`, `golf replay [--rules P]`, `golf solve [--rules P] [--objective O]`.
 * Prints nothing but its answer. JSON-lines commands read stdin and answer one line per input line, in order.
 */
import { createInterface } from 'node:readline';
import { runDeal, runLine, parseArgs, usage, type Command } from './commands.ts';

async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseArgs(argv);
  if (!parsed.ok) {
    process.stderr.write(`${parsed.error.message}\n${usage}`);
    return 2;
  }
  const cmd: Command = parsed.value;
  if (cmd.name === 'deal') {
    const out = runDeal(cmd);
    if (!out.ok) {
      process.stderr.write(`${out.error.message}\n`);
      return 2;
    }
    process.stdout.write(out.value);
    return 0;
  }
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  const chunks: string[] = [];
  for await (const line of rl) {
    if (line.trim() === '') continue;
    chunks.push(JSON.stringify(runLine(cmd, line)));
    if (chunks.length >= 256) process.stdout.write(chunks.splice(0).join('\n') + '\n');
  }
  if (chunks.length > 0) process.stdout.write(chunks.join('\n') + '\n');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`golf: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);

#!/usr/bin/env -S npx tsx
/**
 * `golf deal <number> [--rules P]`, `golf replay [--rules P]`, `golf solve [--rules P] [--objective O]`,
 * `golf audit [--rules P]`.
 * Prints nothing but its answer. JSON-lines commands read stdin and answer one line per input line, in order.
 */
import { answerLines } from './lines.ts';
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
  await answerLines(
    process.stdin,
    (text) => process.stdout.write(text),
    (line) => JSON.stringify(runLine(cmd, line)),
    // An audit takes about a second: answer each line the moment it is done.
    { eachLine: cmd.name === 'audit' },
  );
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

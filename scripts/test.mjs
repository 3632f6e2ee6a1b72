#!/usr/bin/env node
// `pnpm test`: every check and test of the repository, in lanes that run at once so both cores work, then the total
// time.
//
// 1. the quick repository checks (import cycles, the file paths the docs name), then the web's build, once: the
//    browser tests serve a copy of it and the Worker's bundle check reads it, so nothing rebuilds it under them;
// 2. three lanes at once: the browser (Playwright) suite against the built app; the API's Workers tests; and
//    turbo's other unit tests, then its type checks, lint and the bundle check, two tasks at a time;
// 3. a summary: each step's time and the total. Any failure fails the whole run (after every lane finishes, so
//    every failure is printed).
import { spawn } from 'node:child_process';

const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const steps = [];

/** Runs a command with its output prefixed by the step's name; resolves to its exit code. */
function step(name, cmd, args, env = {}) {
  const begun = Date.now();
  process.stdout.write(`\n[test] ${name}: ${cmd} ${args.join(' ')}\n`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    const prefix = (stream, out) => {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`${name} | ${line}\n`);
      });
      stream.on('end', () => rest && out.write(`${name} | ${rest}\n`));
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      steps.push({ name, ms: Date.now() - begun, status });
      resolve(status);
    });
  });
}

function summary() {
  process.stdout.write('\n[test] summary\n');
  for (const s of steps)
    process.stdout.write(`  ${s.status === 0 ? 'ok  ' : 'FAIL'} ${s.name.padEnd(10)} ${seconds(s.ms)}\n`);
  const failed = steps.filter((s) => s.status !== 0).length;
  process.stdout.write(
    `[test] total ${seconds(Date.now() - started)}, ${failed === 0 ? 'all passed' : `${failed} failed`}\n`,
  );
  return failed;
}

let failed = 0;
for (const [name, cmd, args] of [
  ['cycles', 'pnpm', ['run', '--silent', 'check:cycles']],
  ['docs', 'pnpm', ['run', '--silent', 'check:docs']],
  ['web build', 'pnpm', ['--filter', '@golf/web', 'run', 'build']],
]) {
  if ((await step(name, cmd, args)) !== 0) {
    failed++;
    break;
  }
}
const turbo = (...args) => ['exec', 'turbo', 'run', ...args];
if (failed === 0) {
  await Promise.all([
    step('e2e', 'pnpm', ['--filter', '@golf/web', 'run', 'test:e2e'], { E2E_SKIP_BUILD: '1' }),
    // The API's tests, the longest of turbo's tasks, from the start: in one turbo run with the rest, turbo started
    // them after 190 to 215 s in three of four clean-clone runs, and they and the type checks behind them then ran
    // alone for the last 70 to 90 s of the suite.
    step('api tests', 'pnpm', turbo('test', '--filter=@golf/api')),
    (async () => {
      await step('tests', 'pnpm', turbo('test', '--filter=!@golf/api', '--concurrency=2'));
      await step('checks', 'pnpm', turbo('check-types', 'lint', 'bundle', '--concurrency=2'));
    })(),
  ]);
}
process.exitCode = summary() === 0 ? 0 : 1;

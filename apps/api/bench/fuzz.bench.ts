/**
 * `pnpm bench:fuzz [--requests N]`: requests drawn from the OpenAPI document (test/openapi-fuzz.ts), 100,000 by
 * default, against the real app on SQLite in memory (src/testing.ts), each answer checked against the document
 * (test/contract.ts). Prints the requests, the statuses by class, the 5xx (must be 0) and the undocumented answers
 * (must be 0); exits 1 otherwise.
 */
import { solve } from '@golf/engine';
import fc from 'fast-check';
import { memoryApp } from '../src/testing.ts';
import { contractErrors } from '../test/contract.ts';
import { anyRequest } from '../test/openapi-fuzz.ts';

const i = process.argv.indexOf('--requests');
const REQUESTS = i >= 0 ? Number(process.argv[i + 1]) : 100_000;
const { app, env } = memoryApp({
  now: () => new Date('2026-06-15T12:00:00.000Z'),
  // The tests' VAPID pair (vitest.config.ts): reminders on, so their routes answer as in a deployment.
  vapid: {
    publicKey: 'BNL58qklk0GeXuv7gV5BLMfegtidQ23YOsH_NtG3VrtigLa_CGEWmU5Z4Z9TtvZOs_4oRX5_xsBqMAUfhze49ls',
    privateKey: 'J0HBd96HYoCayF0-1B0mS-A5S6UOu0XufySfFnKGEaE',
    subject: 'mailto:tests@golf.local',
  },
  fetch: async () => new Response(null, { status: 201 }),
  perfect: (deal, rules) => {
    const r = solve(deal, rules, { objective: 'strokes', maxNodes: 300 });
    if (!r.ok) throw new Error(r.error.message);
    return { strokes: r.value.strokes, log: r.value.log, exact: r.value.exact };
  },
});
const created = await app.request(
  '/api/players',
  { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Fuzz"}' },
  env,
);
const { token } = (await created.json()) as { token: string };
await app.request(
  '/api/daily/2026-06-15/attempt',
  { method: 'POST', headers: { authorization: `Bearer ${token}` } },
  env,
);

const classes = new Map<string, number>();
let serverErrors = 0;
let undocumented = 0;
const examples: string[] = [];
const started = performance.now();
for (let done = 0; done < REQUESTS;) {
  const batch = fc.sample(anyRequest, Math.min(1000, REQUESTS - done));
  for (const req of batch) {
    const headers = { ...req.headers, ...(req.withToken ? { authorization: `Bearer ${token}` } : {}) };
    const res = await app.request(req.path, { method: req.method, headers, body: req.body }, env);
    const text = await res.text();
    const cls = `${String(res.status)[0]}xx`;
    classes.set(cls, (classes.get(cls) ?? 0) + 1);
    if (res.status >= 500) serverErrors++;
    const problems = contractErrors(req.method, req.path, res.status, res.headers, text);
    if (problems.length > 0) {
      undocumented++;
      if (examples.length < 5) examples.push(...problems);
    }
  }
  done += batch.length;
}
const seconds = (performance.now() - started) / 1000;
console.log(`requests: ${REQUESTS} in ${seconds.toFixed(1)} s (${Math.round(REQUESTS / seconds)}/s)`);
console.log(
  `statuses: ${[...classes]
    .sort()
    .map(([c, n]) => `${c} ${n}`)
    .join(', ')}`,
);
console.log(`5xx: ${serverErrors}`);
console.log(`undocumented answers: ${undocumented}`);
for (const e of examples) console.log(`  ${e}`);
if (serverErrors > 0 || undocumented > 0) process.exit(1);

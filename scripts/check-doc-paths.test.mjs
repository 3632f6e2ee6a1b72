// node --test scripts/check-doc-paths.test.mjs: the docs path check on small made-up trees.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';

const script = join(import.meta.dirname, 'check-doc-paths.mjs');

/** Runs the check on a fresh tree holding `files` (path → text). */
function checkTree(files) {
  const root = mkdtempSync(join(tmpdir(), 'doc-paths-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(root, dirname(path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const tree = {
  'apps/api/src/app.ts': '',
  'docs/api.md': '# API\n',
};

test('passes when every named path exists', () => {
  const r = checkTree({
    ...tree,
    'README.md': [
      '# Project',
      'The app is `apps/api/src/app.ts` (inside the package: `src/app.ts`); see [the API](docs/api.md#routes),',
      '[a site](https://example.com), [an anchor](#project), `/api/daily/{date}`, `*.test.ts`, `<date>.json`,',
      '`application/json` and `@golf/engine`, none of them files.',
      '```sh',
      'node apps/api/src/app.ts --out results.jsonl',
      '```',
    ].join('\n'),
  });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /every one exists/);
});

test('fails on a made-up missing path, naming the doc and the line', () => {
  const r = checkTree({
    ...tree,
    'README.md':
      '# Project\n\nThe app is `apps/api/src/app.ts`.\nIts probes are in `src/made-up-probes.ts`.\n',
    'docs/guide.md': 'See [the rules](rules.md) and [the API](api.md).\n',
  });
  assert.equal(r.status, 1);
  assert.match(r.stdout, /^README\.md:4: src\/made-up-probes\.ts \(code\)/m);
  assert.match(r.stdout, /^docs\/guide\.md:1: rules\.md \(link\)/m);
  assert.doesNotMatch(r.stdout, /app\.ts|api\.md \(link\)/);
});

test('takes a path the repository ignores (a build) as named on purpose, from the root or relative', () => {
  const docs = {
    ...tree,
    '.gitignore': 'build/\n',
    'apps/api/README.md': 'Serves `../web/build` and `apps/web/build/index.html`.\n',
  };
  const kept = checkTree(docs);
  assert.equal(kept.status, 0, kept.stdout + kept.stderr);
  const r = checkTree({ ...docs, 'apps/api/README.md': 'Serves `../web/made-up`.\n' });
  assert.equal(r.status, 1);
  assert.match(r.stdout, /^apps\/api\/README\.md:1: \.\.\/web\/made-up \(code\)/m);
});

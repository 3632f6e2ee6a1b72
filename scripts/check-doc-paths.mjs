#!/usr/bin/env node
/**
 * `pnpm check:docs`: every repository path the docs name must exist. Reads README.md, apps/*\/README.md,
 * packages/*\/README.md and docs/*.md, and checks:
 *
 * - markdown links (`[text](target)` and `[label]: target`): the target, without its `#anchor`, resolved against the
 *   doc's folder, as a reader's click resolves it. URLs (`https:`, `mailto:`, …), anchor-only links and site paths
 *   (`/rules`) are not files;
 * - paths in code spans and code blocks: a span that is one path (`apps/api/src/app.ts`, `src/lib/format.ts`,
 *   `wrangler.jsonc`), and in longer spans and code blocks any word with a folder and a file extension
 *   (`pnpm … --summary bench/audit/calibration-v13.tsv`). Such a path may be written from the doc's folder, from the
 *   repository root, or from inside a package (`src/lib/format.ts` in the root README names the web's): it exists
 *   when some file or folder of the repository ends with it. A bare file name exists when some file has that name.
 *
 * Not paths: API routes (`/api/daily/{date}`), URLs, globs (`*.test.ts`), placeholders (`<date>`, `{id}`, `…`),
 * package names (`@golf/engine`), MIME types and other words with a slash whose first folder the repository does not
 * have, and words whose extension is not a source or document extension (`results.jsonl`, `.dev.vars`).
 *
 * Prints each missing path with its doc and line, and exits 1 if there is any. `node scripts/check-doc-paths.mjs
 * [root]` checks another tree (the tests use that). Plain Node (20 or later), no dependencies.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Extensions of the files docs name; other extensions are outputs or examples, not repository files. */
const EXTENSIONS = new Set([
  'ts',
  'mts',
  'js',
  'mjs',
  'cjs',
  'json',
  'jsonc',
  'md',
  'sql',
  'tsv',
  'csv',
  'svelte',
  'css',
  'html',
  'yaml',
  'yml',
  'toml',
  'txt',
  'png',
  'svg',
  'webmanifest',
  'sh',
]);
/** Folders never walked: dependencies, builds, caches, local state. */
const SKIP = new Set([
  'node_modules',
  '.git',
  'dist',
  'build',
  '.svelte-kit',
  '.turbo',
  '.wrangler',
  'coverage',
  'test-results',
  'playwright-report',
]);
/** Characters that make a word a pattern or a placeholder, not a path. */
const NOT_A_PATH = /[<>{}[\]*?…|=,;()'"$\\]|\.\.\.|:\/\//;

const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
const toPosix = (p) => p.split(sep).join('/');

/** Every file and folder of the tree, as paths from the root, and the folder names. */
const files = [];
const folders = [];
const folderNames = new Set();
(function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = join(dir, entry.name);
    const rel = toPosix(relative(root, full));
    if (entry.isDirectory()) {
      folders.push(rel);
      folderNames.add(entry.name);
      walk(full);
    } else files.push(rel);
  }
})(root);
const basenames = new Set(files.map((f) => posix.basename(f)));

/**
 * The root .gitignore's patterns as tests on a path: what the repository deliberately does not hold (builds, local
 * secrets, bench output) may be named by the docs without existing. Plain entries match a path or any of its
 * folders (from the root with a leading or inner `/`, else at any depth); `*` matches within one name.
 */
const ignored = (() => {
  const file = join(root, '.gitignore');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#') && !l.startsWith('!'))
    .map((l) => {
      const anchored = l.replace(/\/$/, '').includes('/');
      const body = l
        .replace(/^\//, '')
        .replace(/\/$/, '')
        .replace(/[.+^$()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '[^/]*');
      return new RegExp(`${anchored ? '^' : '(^|/)'}${body}(/|$)`);
    });
})();
const isIgnored = (path) => ignored.some((re) => re.test(path));
const everything = [...files, ...folders];

/** The docs to check, as paths from the root. */
function docs() {
  const found = [];
  if (existsSync(join(root, 'README.md'))) found.push('README.md');
  for (const group of ['apps', 'packages']) {
    if (!existsSync(join(root, group))) continue;
    for (const pkg of readdirSync(join(root, group)).sort())
      if (existsSync(join(root, group, pkg, 'README.md'))) found.push(`${group}/${pkg}/README.md`);
  }
  if (existsSync(join(root, 'docs')))
    for (const f of readdirSync(join(root, 'docs')).sort()) if (f.endsWith('.md')) found.push(`docs/${f}`);
  return found;
}

const extensionOf = (word) => {
  const base = posix.basename(word.replace(/\/+$/, ''));
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
};

/**
 * Whether `word` should be checked as a path. `strict`: any word with a folder and a known extension (long code
 * spans, code blocks); otherwise also a bare file name with a known extension, or a path whose first folder exists.
 */
function isCandidate(word, strict) {
  if (word === '' || NOT_A_PATH.test(word) || /\s/.test(word)) return false;
  if (/^[/~@#$:-]/.test(word) || word.includes(':')) return false;
  const hasExtension = EXTENSIONS.has(extensionOf(word));
  const hasFolder = word.replace(/\/+$/, '').includes('/');
  if (strict) return hasFolder && hasExtension;
  if (hasExtension) return true;
  if (!hasFolder) return false;
  const first = word.replace(/^(\.\.?\/)+/, '').split('/')[0];
  return folderNames.has(first) || word.startsWith('./') || word.startsWith('../');
}

/** Whether a path named in code exists, from the doc's folder, the root, or inside some package. */
function codePathExists(word, docDir) {
  const path = word.replace(/\/+$/, '');
  if (path.startsWith('./') || path.startsWith('../')) {
    const fromRoot = posix.normalize(posix.join(docDir, path));
    return isIgnored(fromRoot) || existsSync(join(root, fromRoot));
  }
  if (isIgnored(path) || isIgnored(posix.join(docDir, path))) return true;
  if (existsSync(join(root, docDir, path)) || existsSync(join(root, path))) return true;
  if (!path.includes('/')) return basenames.has(path);
  return everything.some((p) => p === path || p.endsWith(`/${path}`));
}

/** Whether a link target exists, resolved against the doc's folder. Null: not a file link. */
function linkTarget(target) {
  let t = target.trim();
  if (t.startsWith('<') && t.endsWith('>')) t = t.slice(1, -1);
  if (t === '' || t.startsWith('#') || t.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(t)) return null;
  t = t.replace(/[#?].*$/, '');
  if (t === '' || NOT_A_PATH.test(t)) return null;
  try {
    return decodeURIComponent(t);
  } catch {
    return t;
  }
}

/** The missing paths of one doc: `{ line, path, how }`. */
function check(doc) {
  const text = readFileSync(join(root, doc), 'utf8');
  const docDir = posix.dirname(doc);
  const missing = [];
  const lineAt = (index) => text.slice(0, index).split('\n').length;
  const report = (index, path, how) => missing.push({ line: lineAt(index), path, how });
  const exists = (word) => {
    named++;
    return codePathExists(word, docDir);
  };

  // Code blocks: fenced with ``` or ~~~; their words with a folder and an extension.
  let prose = '';
  let fence = null;
  let offset = 0;
  for (const line of text.split('\n')) {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence === null && opening) {
      fence = opening[1];
      prose += ' '.repeat(line.length) + '\n';
    } else if (fence !== null) {
      if (line.trim().startsWith(fence)) fence = null;
      else
        for (const m of line.matchAll(/[^\s`"'(),;=]+/g)) {
          const word = m[0].replace(/[.:]+$/, '');
          if (isCandidate(word, true) && !exists(word)) report(offset + m.index, word, 'code block');
        }
      prose += ' '.repeat(line.length) + '\n';
    } else prose += line + '\n';
    offset += line.length + 1;
  }

  // Code spans (they may run over a line break), then links in what is left.
  let links = prose;
  for (const m of prose.matchAll(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g)) {
    links = links.slice(0, m.index) + ' '.repeat(m[0].length) + links.slice(m.index + m[0].length);
    const content = m[2].trim();
    const words = content.split(/\s+/);
    if (words.length === 1) {
      const word = content.replace(/:\d+(:\d+)?$/, '');
      if (isCandidate(word, false) && !exists(word)) report(m.index, word, 'code');
    } else
      for (const w of words) {
        const word = w.replace(/[.,;:)]+$/, '').replace(/^[(]+/, '');
        if (isCandidate(word, true) && !exists(word)) report(m.index, word, 'code');
      }
  }
  const targets = [
    ...links.matchAll(/\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)/g),
    ...links.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm),
  ];
  for (const m of targets) {
    const target = linkTarget(m[1]);
    if (target === null) continue;
    named++;
    if (!existsSync(join(root, docDir, target))) report(m.index, m[1], 'link');
  }
  return missing.sort((a, b) => a.line - b.line);
}

let count = 0;
let named = 0;
const checked = docs();
for (const doc of checked)
  for (const { line, path, how } of check(doc)) {
    count++;
    console.log(`${doc}:${line}: ${path} (${how}): no such file or folder`);
  }
if (count > 0) {
  console.log(`\n${count} of ${named} named paths missing in ${checked.length} docs`);
  process.exitCode = 1;
} else console.log(`doc paths: ${named} named in ${checked.length} docs, every one exists`);

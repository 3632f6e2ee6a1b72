#!/usr/bin/env node
// Compiles the message catalogue (apps/web/messages/<locale>.json) into src/lib/paraglide with Paraglide JS.
// The Vite build, the unit tests and svelte-check all run this first (docs/i18n.md). It fails loudly, never
// shipping a page without its words, when:
//   - project.inlang/settings.json names plugin modules to download (the plugin comes from node_modules here);
//   - a locale lacks a key English has, has one English lacks, or a translation's {placeholders} differ;
//   - the inlang project reports an error, or the compiled output lacks a message.
// It also writes the pseudo-locale en-XA (every English message with accented letters, 40% longer) for tests.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = resolve(import.meta.dirname, '..');
const projectPath = join(web, 'project.inlang');
const messagesDir = join(web, 'messages');
const outdir = join(web, 'src/lib/paraglide');
export const PSEUDO_LOCALE = 'en-XA';

const ACCENTED = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ü',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/**
 * One pattern in the pseudo-locale: letters outside `{placeholders}` accented, then padded with "~" pairs to
 * 140% of the letters' count, in brackets so a clipped end shows: "Strokes" → "[Šţŕöķéš ~·~]".
 */
export function pseudoText(pattern) {
  let letters = 0;
  const out = pattern.replace(/(\{[^}]*\})|([^{]+)/g, (whole, placeholder, text) => {
    if (placeholder) return placeholder;
    return text.replace(/[A-Za-z]/g, (ch) => {
      letters += 1;
      return ACCENTED[ch] ?? ch;
    });
  });
  if (letters === 0) return out;
  const pad = Math.max(1, Math.round(letters * 0.4));
  // In words of four, so a long message still wraps as a translation would.
  return `[${out} ${'~·~· '
    .repeat(Math.ceil(pad / 5))
    .slice(0, pad)
    .trim()}]`;
}

const pseudoValue = (value) =>
  typeof value === 'string'
    ? pseudoText(value)
    : value.map((variant) => ({
        ...variant,
        match: Object.fromEntries(Object.entries(variant.match).map(([k, v]) => [k, pseudoText(v)])),
      }));

/** The {placeholders} a value uses (every variant's), sorted: translations must use the same inputs. */
function placeholders(value) {
  const texts = typeof value === 'string' ? [value] : value.flatMap((v) => Object.values(v.match));
  const names = new Set();
  for (const t of texts) for (const [, name] of t.matchAll(/\{([^}#/]+)\}/g)) names.add(name.trim());
  if (typeof value !== 'string')
    for (const v of value)
      for (const d of v.declarations ?? []) if (d.startsWith('input ')) names.add(d.slice(6).trim());
  return [...names].sort().join(',');
}

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** Every locale's catalogue against English's: the list of problems (empty when complete). */
export function checkCatalogue(settings, read = (locale) => readJson(join(messagesDir, `${locale}.json`))) {
  const problems = [];
  const base = read(settings.baseLocale);
  delete base.$schema;
  for (const locale of settings.locales) {
    if (locale === settings.baseLocale || locale === PSEUDO_LOCALE) continue;
    let messages;
    try {
      messages = read(locale);
    } catch (e) {
      problems.push(`${locale}: no catalogue (${e.message})`);
      continue;
    }
    delete messages.$schema;
    for (const key of Object.keys(base)) {
      if (!(key in messages)) problems.push(`${locale}: missing "${key}"`);
      else if (placeholders(messages[key]) !== placeholders(base[key]))
        problems.push(
          `${locale}: "${key}" uses {${placeholders(messages[key])}}, English uses {${placeholders(base[key])}}`,
        );
    }
    for (const key of Object.keys(messages))
      if (!(key in base)) problems.push(`${locale}: "${key}" is not an English key`);
  }
  return problems;
}

const NEW_PLURAL_RULES = 'return new Intl.PluralRules(locale, options).select(Number(input))';

/**
 * Paraglide's registry with one `Intl.PluralRules` per locale and options: its `plural` made a new one for every
 * message it picked a form for, 35 of them as a course's cards are drawn; and none at all for an English whole
 * number (englishWhole). Fails if Paraglide's code changed.
 */
function withCachedPluralRules(registry) {
  if (!registry.includes(NEW_PLURAL_RULES))
    throw new Error(`registry.js no longer has "${NEW_PLURAL_RULES}": review withCachedPluralRules`);
  return `${registry.replace(NEW_PLURAL_RULES, 'return englishWhole(locale, input, options) ?? pluralRules(locale, options).select(Number(input))')}
/**
 * English's cardinal form of a whole number, without Intl's plural data (CLDR: "one" is i = 1 and v = 0), so an
 * English page counts its cards without loading it; null for anything else.
 * @param {string} locale
 * @param {unknown} input
 * @param {Intl.PluralRulesOptions} [options]
 * @returns {string | null}
 */
function englishWhole(locale, input, options) {
  if (locale !== 'en' || (options !== undefined && Object.keys(options).length > 0)) return null;
  const n = Number(input);
  return Number.isInteger(n) ? (Math.abs(n) === 1 ? 'one' : 'other') : null;
}

/** @type {Map<string, Intl.PluralRules>} */
const pluralRulesMade = new Map();

/**
 * The locale's plural rules for these options, made once (scripts/i18n.mjs).
 * @param {string} locale
 * @param {Intl.PluralRulesOptions} [options]
 * @returns {Intl.PluralRules}
 */
function pluralRules(locale, options) {
  const key = \`\${locale}|\${JSON.stringify(options ?? {})}\`;
  let rules = pluralRulesMade.get(key);
  if (rules === undefined) {
    rules = new Intl.PluralRules(locale, options);
    pluralRulesMade.set(key, rules);
  }
  return rules;
}
`;
}

/** What the output is made from: the settings, the catalogues (the pseudo-locale's aside), this script, Paraglide. */
function inputsHash(settings) {
  const hash = createHash('sha256');
  hash.update(fs.readFileSync(join(projectPath, 'settings.json')));
  for (const locale of settings.locales)
    if (locale !== PSEUDO_LOCALE) hash.update(fs.readFileSync(join(messagesDir, `${locale}.json`)));
  hash.update(fs.readFileSync(fileURLToPath(import.meta.url)));
  hash.update(fs.readFileSync(join(web, 'node_modules/@inlang/paraglide-js/package.json')));
  return hash.digest('hex');
}

/**
 * Paraglide's `messages/_index.js` imports every locale's module and picks one per call. Replaced here by one module
 * per message holding English's function only (so a bundler puts each message in the chunk of the pages that use
 * it): the message reads the locale in effect's list from `loadedLocales` (filled by src/lib/i18n when a locale is
 * wanted, with a dynamic import), by its position in `keys`, and falls back to English's. Returns the files to
 * write; fails loudly when Paraglide's English module no longer has the shape this expects, or lacks a message.
 */
export function messageModules(english, keys) {
  const typedefs = new Map();
  for (const [, body, name] of english.matchAll(/^\/\*\* @typedef (\{.*\}) (\w+) \*\/$/gm))
    typedefs.set(name, body);
  const parts = english.split(/\n\nexport const (\w+) = /);
  const code = new Map();
  for (let i = 1; i < parts.length; i += 2) code.set(parts[i], parts[i + 1].trimEnd());
  const files = {};
  const index = [];
  keys.forEach((key, position) => {
    const id = key.replace(/[^A-Za-z0-9_$]/g, '_');
    if (id.startsWith('_') || /^[a-z]{2}(_[a-z]{2})?$/i.test(id))
      throw new Error(`message key ${key} would clash with a locale's module: give it a longer name`);
    const fn = code.get(id);
    if (fn === undefined)
      throw new Error(`Paraglide compiled no English message ${key}: the plugin read no files?`);
    const inputsName = /^\/\*\* @type \{\(inputs: (\w+)\) => LocalizedString\} \*\//.exec(fn)?.[1];
    const inputs = inputsName && typedefs.get(inputsName);
    if (!inputs) throw new Error(`Paraglide's English ${key} has no inputs type as expected`);
    const optional = inputs === '{{}}' ? '?' : '';
    // Types inline, not as @typedefs: a module's typedefs are its exports, and _index.js re-exports every module.
    const type = inputs.slice(1, -1);
    const body = fn.replaceAll(inputsName, type).replaceAll('LocalizedString', 'string');
    files[`messages/${id}.js`] = [
      '/* eslint-disable */',
      ...(fn.includes('registry.') ? ['import * as registry from "../registry.js"'] : []),
      'import { localized } from "./_loaded.js"',
      `const en = ${body}`,
      `/** @type {(inputs${optional}: ${type}, options?: { locale?: string }) => string} */`,
      `export const ${id} = /* @__PURE__ */ localized(${position}, en)`,
      '',
    ].join('\n');
    index.push(`export * from "./${id}.js"`);
  });
  files['messages/_index.js'] = `/* eslint-disable */\n${index.join('\n')}\n`;
  return files;
}

/** The module `loadedLocales` lives in, apart from the messages (which are all exported as `m`). */
const LOADED_MODULE = `/* eslint-disable */
// Written by scripts/i18n.mjs.
/** The locales loaded so far, by tag (src/lib/i18n/locale.svelte.ts fills it); messages fall back to English. */
/** @type {Record<string, ReadonlyArray<(inputs: any) => string>>} */
export const loadedLocales = {};

/** @type {() => string} */
let current = () => 'en';

/**
 * Sets how a message finds the locale in effect (src/lib/i18n/locale.svelte.ts).
 * @param {() => string} getLocale
 */
export const setLocaleGetter = (getLocale) => {
  current = getLocale;
};

/**
 * A message in the locale asked for, else the one in effect: that locale's function (number \`index\` of its
 * list module) once it is loaded, else English's.
 * @param {number} index
 * @param {(inputs: any) => string} english
 * @returns {(inputs?: any, options?: { locale?: string }) => string}
 */
export const localized = (index, english) => (inputs, options) =>
  loadedLocales[options?.locale ?? current()]?.[index]?.(inputs) ?? english(inputs);
`;

export async function compileMessages({ quiet = false, force = false } = {}) {
  const settings = readJson(join(projectPath, 'settings.json'));
  const hashFile = join(outdir, '.inputs-hash');
  const hash = inputsHash(settings);
  if (!force && fs.existsSync(hashFile) && fs.readFileSync(hashFile, 'utf8') === hash) return;
  if ((settings.modules ?? []).length > 0)
    throw new Error(
      `project.inlang/settings.json lists plugin modules to download (${settings.modules.join(', ')}): ` +
        'the message-format plugin is installed from the registry and passed in by scripts/i18n.mjs',
    );
  const problems = checkCatalogue(settings);
  if (problems.length > 0)
    throw new Error(`the message catalogue is incomplete:\n  ${problems.join('\n  ')}`);

  const base = readJson(join(messagesDir, `${settings.baseLocale}.json`));
  delete base.$schema;
  const pseudo = Object.fromEntries(Object.entries(base).map(([k, v]) => [k, pseudoValue(v)]));
  const pseudoFile = join(messagesDir, `${PSEUDO_LOCALE}.json`);
  const pseudoJson = `${JSON.stringify(pseudo, null, 2)}\n`;
  if (!fs.existsSync(pseudoFile) || fs.readFileSync(pseudoFile, 'utf8') !== pseudoJson)
    fs.writeFileSync(pseudoFile, pseudoJson);

  // Loaded here, not at the top: Vite's config imports this file, and most runs find the output up to date.
  const { loadProjectFromDirectory } = await import('@inlang/sdk');
  const { compileProject, writeOutput } = await import('@inlang/paraglide-js');
  const { default: messageFormatPlugin } = await import('@inlang/plugin-message-format');
  if (typeof messageFormatPlugin?.importFiles !== 'function')
    throw new Error('@inlang/plugin-message-format did not load: no importFiles');
  const project = await loadProjectFromDirectory({
    path: projectPath,
    fs,
    providePlugins: [messageFormatPlugin],
  });
  try {
    const errors = await project.errors.get();
    if (errors.length > 0)
      throw new Error(`the inlang project has errors:\n  ${errors.map((e) => e.message ?? e).join('\n  ')}`);
    const output = await compileProject({
      project,
      compilerOptions: {
        project: projectPath,
        outdir,
        // One module per locale: English is bundled and tree-shaken per message, the others are loaded on demand.
        outputStructure: 'locale-modules',
        // The locale is the device's choice (src/lib/i18n): the app overrides getLocale; nothing in a URL or cookie.
        strategy: ['globalVariable', 'baseLocale'],
        emitGitIgnore: true,
        emitReadme: false,
        emitPrettierIgnore: true,
        includeEslintDisableComment: true,
      },
    });
    const keys = Object.keys(base);
    Object.assign(output, messageModules(output[`messages/${settings.baseLocale}.js`] ?? '', keys));
    output['messages/_loaded.js'] = LOADED_MODULE;
    output['registry.js'] = withCachedPluralRules(output['registry.js'] ?? '');
    // Each other locale's messages as one list, in `keys` order: what src/lib/i18n loads on demand.
    for (const locale of settings.locales) {
      if (locale === settings.baseLocale) continue;
      const ids = keys.map((k) => k.replace(/[^A-Za-z0-9_$]/g, '_'));
      output[`messages/${locale}.list.js`] = [
        '/* eslint-disable */',
        `import * as messages from "./${locale}.js"`,
        `/** @type {ReadonlyArray<(inputs: any) => string>} */`,
        `export default [${ids.map((id) => `messages.${id}`).join(', ')}]`,
        '',
      ].join('\n');
    }
    await writeOutput({ directory: outdir, output, cleanDirectory: true, fs: fs.promises });
    fs.writeFileSync(hashFile, hash);
    if (!quiet)
      console.log(`i18n: ${keys.length} messages in ${settings.locales.length} locales → src/lib/paraglide`);
  } finally {
    await project.close();
  }
}

/**
 * Compiles in a child process (the inlang project keeps handles open that would keep Vite from exiting); throws
 * with the compiler's message when it fails.
 */
function compileInChild() {
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the message catalogue did not compile:\n${r.stderr || r.stdout}`);
}

/** Vite: compile before a build, a dev server or a test run, and again when a catalogue changes. */
export function i18nPlugin() {
  let done = false;
  return {
    name: 'golf-i18n',
    enforce: 'pre',
    buildStart() {
      if (!done) compileInChild();
      done = true;
    },
    configureServer(server) {
      if (process.env.VITEST) return;
      server.watcher.add(messagesDir);
      server.watcher.on('change', (file) => {
        if (!file.startsWith(messagesDir) || file.endsWith(`${PSEUDO_LOCALE}.json`)) return;
        try {
          compileInChild();
        } catch (e) {
          server.config.logger.error(e.message);
        }
      });
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  compileMessages({ force: process.argv.includes('--force') }).then(
    () => process.exit(0),
    (e) => {
      console.error(`i18n: ${e.message}`);
      process.exit(1);
    },
  );
}

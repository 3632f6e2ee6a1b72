// The web app extends the monorepo's flat config with Svelte's recommended rules.
import svelte from 'eslint-plugin-svelte';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import root from '../../eslint.config.js';

export default defineConfig(
  root,
  svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // The app is served at the site root (no `paths.base`), so plain root-relative links are correct.
      'svelte/no-navigation-without-resolve': 'off',
      // State is runes ($state, $derived), never stores: importing one is refused below, so the type-aware store
      // check (most of the lint's time) has nothing to look at.
      'svelte/require-store-reactive-access': 'off',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'svelte/store', message: 'keep state in runes ($state, $derived) in a .svelte.ts module' },
            { name: '$app/stores', message: "use '$app/state' (runes) instead" },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts', '**/*.svelte.js'],
    languageOptions: {
      parserOptions: {
        projectService: true,
        extraFileExtensions: ['.svelte'],
        parser: tseslint.parser,
      },
    },
  },
  {
    files: ['src/service-worker/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // Every e2e test fails on a Content-Security-Policy violation: it takes `test` from e2e/fixtures.ts.
    files: ['e2e/**/*.e2e.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'expect'],
              message: "import test and expect from './fixtures.ts' (it fails a test on any CSP violation)",
            },
          ],
        },
      ],
    },
  },
  { ignores: ['build/', '.svelte-kit/', 'test-results/', 'playwright-report/', 'src/lib/paraglide/'] },
);

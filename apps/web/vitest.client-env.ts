import type { Environment } from 'vitest/runtime';

/**
 * Node, with modules transformed as for the browser: Svelte compiles the rune classes (`*.svelte.ts`) for the
 * client, so `$derived` and `$effect` run in unit tests as they do on the page (Node's own environment would
 * compile them for the server, where effects never run).
 */
export default {
  name: 'node-client',
  viteEnvironment: 'client',
  setup: () => ({ teardown: () => {} }),
} satisfies Environment;

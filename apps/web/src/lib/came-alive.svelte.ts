import { onMount } from 'svelte';

/**
 * Whether the page has come alive: false while the calling component hydrates or mounts, true from the task after.
 * A page that gives its table no position until then has the table draw its first deal a column a task
 * (Table.svelte), not in the task that draws the whole page, so no task holds the main thread as long. Call it while
 * a component initialises (it uses `onMount`).
 */
export function cameAlive(): { readonly current: boolean } {
  let alive = $state(false);
  onMount(() => {
    const t = setTimeout(() => (alive = true));
    return () => clearTimeout(t);
  });
  return {
    get current() {
      return alive;
    },
  };
}

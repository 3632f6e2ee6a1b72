/**
 * Runs `work` once the browser is idle after the page has come alive (within `timeout` ms at the latest), in a task
 * of its own: what the first paint and the first move do not need (the name notice and the report dialog, Today's
 * date) then never lengthens the task that hydrates the page. Returns a function that cancels it.
 */
export function whenIdle(work: () => void, timeout = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 1);
  return () => clearTimeout(id);
}

/**
 * A promise that settles in a new task: what follows it runs after the browser has had a turn (input, paint), so
 * two pieces of work on either side of it are two tasks, not one long one.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `work` once the page has loaded, then `delay` ms have passed, then the browser is idle: for what downloads a
 * lot but serves only later visits (the service worker's copy of the app). Returns a function that cancels it.
 */
export function afterLoad(work: () => void, delay: number): () => void {
  let cancel = (): void => {};
  const start = (): void => {
    const t = setTimeout(() => (cancel = whenIdle(work)), delay);
    cancel = () => clearTimeout(t);
  };
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
  return () => {
    removeEventListener('load', start);
    cancel();
  };
}

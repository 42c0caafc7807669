/**
 * Runs `task` once the browser has nothing more urgent to do (at the latest after `timeoutMs`), so that
 * work no screen waits for stays out of page load. Returns a function that cancels it.
 */
export function whenIdle(task: () => void, timeoutMs = 2_000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 1);
  return () => clearTimeout(handle);
}

/** Like `whenIdle`, but not before the page has finished loading. */
export function whenIdleAfterLoad(task: () => void, timeoutMs = 5_000): void {
  if (document.readyState === 'complete') whenIdle(task, timeoutMs);
  else window.addEventListener('load', () => whenIdle(task, timeoutMs), { once: true });
}

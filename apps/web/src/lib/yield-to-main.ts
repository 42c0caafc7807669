/**
 * Lets the browser handle input and paint before the caller goes on, so that start-up runs as several
 * short tasks rather than one long one that would hold back the first tap or keystroke.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

export interface IdleTimerOptions {
  timeoutMs: number;
  onIdle: () => void;
  target?: Window;
}

/**
 * Calls `onIdle` once after `timeoutMs` without user activity. Activity only records a timestamp (cheap
 * enough for pointermove); the single timer re-arms itself for the remaining time when it fires early.
 * Returning to a tab after sleep is checked at once, since timers do not run while a laptop sleeps.
 */
export function startIdleTimer({ timeoutMs, onIdle, target = window }: IdleTimerOptions): () => void {
  let lastActivityAt = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isStopped = false;

  const check = () => {
    if (isStopped) return;
    const idleForMs = Date.now() - lastActivityAt;
    if (idleForMs >= timeoutMs) {
      stop();
      onIdle();
      return;
    }
    timer = setTimeout(check, timeoutMs - idleForMs);
  };
  const recordActivity = () => {
    lastActivityAt = Date.now();
  };
  const onVisibilityChange = () => {
    if (target.document.visibilityState === 'visible') {
      clearTimeout(timer);
      check();
    }
  };

  function stop(): void {
    isStopped = true;
    clearTimeout(timer);
    for (const event of ACTIVITY_EVENTS) target.removeEventListener(event, recordActivity, { capture: true });
    target.document.removeEventListener('visibilitychange', onVisibilityChange);
  }

  for (const event of ACTIVITY_EVENTS) {
    target.addEventListener(event, recordActivity, { capture: true, passive: true });
  }
  target.document.addEventListener('visibilitychange', onVisibilityChange);
  timer = setTimeout(check, timeoutMs);
  return stop;
}

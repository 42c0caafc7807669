import { useEffect, useState } from 'react';

const TICK_MS = 1_000;

/** Whole seconds until `deadlineMs` (epoch ms), ticking each second and stopping at zero; null: no deadline. */
export function useSecondsLeft(deadlineMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadlineMs === null) return;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= deadlineMs) clearInterval(timer);
    };
    // A deadline set long after the first render starts from the clock of now, not of that render.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, TICK_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [deadlineMs]);
  return deadlineMs === null ? 0 : Math.max(0, Math.ceil((deadlineMs - now) / 1000));
}

/** 125 → "2:05": the same in every language the app speaks. */
export function formatMinutesSeconds(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

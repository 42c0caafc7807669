import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Scroll positions by history entry, for this tab's lifetime (a limit on everything: the latest 50). */
const positions = new Map<string, number>();
const MAX_POSITIONS = 50;

/**
 * Puts the window back where it was when the customer returns to this list with the back button
 * (UI.md: pagination keeps the position on back navigation). `isReady` is true once the list that
 * was scrolled is on screen again (it comes from the cache at once, so nothing jumps).
 */
export function useScrollRestoration(isReady: boolean): void {
  const { key } = useLocation();

  useEffect(
    () => () => {
      positions.delete(key);
      positions.set(key, window.scrollY);
      if (positions.size > MAX_POSITIONS) {
        const oldest = positions.keys().next().value;
        if (oldest !== undefined) positions.delete(oldest);
      }
    },
    [key],
  );

  useLayoutEffect(() => {
    if (!isReady) return;
    const saved = positions.get(key);
    if (saved !== undefined && saved > 0) window.scrollTo({ top: saved });
  }, [isReady, key]);
}

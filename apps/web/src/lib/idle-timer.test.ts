import { IDLE_TIMEOUT_MS } from '@app/shared/constants';
import { describe, expect, it, vi } from 'vitest';
import { startIdleTimer } from './idle-timer';

const MINUTE_MS = 60_000;

describe('idle timer', () => {
  it('fires after 10 minutes without activity, once', () => {
    vi.useFakeTimers();
    const onIdle = vi.fn();
    startIdleTimer({ timeoutMs: IDLE_TIMEOUT_MS, onIdle });
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS * 3);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('activity restarts the 10 minutes', () => {
    vi.useFakeTimers();
    const onIdle = vi.fn();
    startIdleTimer({ timeoutMs: IDLE_TIMEOUT_MS, onIdle });
    vi.advanceTimersByTime(9 * MINUTE_MS);
    window.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(9 * MINUTE_MS);
    expect(onIdle).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('stops when asked (sign-out)', () => {
    vi.useFakeTimers();
    const onIdle = vi.fn();
    const stop = startIdleTimer({ timeoutMs: IDLE_TIMEOUT_MS, onIdle });
    stop();
    vi.advanceTimersByTime(IDLE_TIMEOUT_MS * 2);
    expect(onIdle).not.toHaveBeenCalled();
  });
});

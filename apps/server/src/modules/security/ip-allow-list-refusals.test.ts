import { describe, expect, it } from 'vitest';
import { createRefusalThrottle } from './ip-allow-list-refusals';

/** The throttle in front of the audit rows of refused calls: one row per key and window. */
function throttleAt(clock: { nowMs: number }, maxKeys = 100) {
  return createRefusalThrottle({ windowMs: 60_000, maxKeys, now: () => clock.nowMs });
}

describe('the refusal throttle', () => {
  it('records the first refusal of a key, holds back the rest of the window, then says how many there were', () => {
    const clock = { nowMs: 1_000_000 };
    const throttle = throttleAt(clock);
    expect(throttle.admit('7 12 api 198.51.100.9')).toEqual({ isRecorded: true, heldBackCount: 0 });
    for (let call = 0; call < 500; call += 1) {
      clock.nowMs += 100;
      expect(throttle.admit('7 12 api 198.51.100.9')).toEqual({ isRecorded: false });
    }
    clock.nowMs = 1_000_000 + 60_000;
    expect(throttle.admit('7 12 api 198.51.100.9')).toEqual({ isRecorded: true, heldBackCount: 500 });
    expect(throttle.admit('7 12 api 198.51.100.9')).toEqual({ isRecorded: false });
  });

  it('keeps keys apart: another address or user gets its own row', () => {
    const throttle = throttleAt({ nowMs: 0 });
    expect(throttle.admit('7 12 api 198.51.100.9').isRecorded).toBe(true);
    expect(throttle.admit('7 12 api 198.51.100.10').isRecorded).toBe(true);
    expect(throttle.admit('8 12 api 198.51.100.9').isRecorded).toBe(true);
    expect(throttle.admit('7 12 signIn 198.51.100.9').isRecorded).toBe(true);
    expect(throttle.admit('7 12 api 198.51.100.9').isRecorded).toBe(false);
  });

  it('holds at most maxKeys keys, forgetting the one recorded longest ago', () => {
    const clock = { nowMs: 0 };
    const throttle = throttleAt(clock, 2);
    throttle.admit('a');
    clock.nowMs += 1;
    throttle.admit('b');
    clock.nowMs += 1;
    throttle.admit('c');
    // 'a' was forgotten, so it is recorded again; 'c' is still within its window.
    expect(throttle.admit('a').isRecorded).toBe(true);
    expect(throttle.admit('c').isRecorded).toBe(false);
  });
});

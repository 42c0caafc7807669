import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createMobileBridge,
  getMobileBridge,
  MOBILE_BRIDGE_INIT_DELAY_MS,
  MOBILE_BRIDGE_INIT_TIMEOUT_MS,
  parseInitAnswer,
  resetMobileBridge,
} from './mobile-bridge';

/** A WebView host: records what the page posts, as the native app would receive it. */
function installHost(): { posted: () => Record<string, unknown>[] } {
  const postMessage = vi.fn<(message: string) => void>();
  window.ReactNativeWebView = { postMessage };
  return { posted: () => postMessage.mock.calls.map(([message]) => JSON.parse(message) as Record<string, unknown>) };
}

function answerFromApp(target: EventTarget, data: unknown): void {
  target.dispatchEvent(new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }));
}

afterEach(() => {
  vi.restoreAllMocks();
  delete window.ReactNativeWebView;
  resetMobileBridge();
});

describe('mobile bridge outside the app', () => {
  it('is not available, answers null at once and posts nothing', async () => {
    const bridge = createMobileBridge();
    expect(bridge.isAvailable).toBe(false);
    await expect(bridge.appInfo()).resolves.toBeNull();
    expect(bridge.showLoader()).toBeTypeOf('function');
    expect(bridge.isLoaderVisible()).toBe(false);
  });
});

describe('mobile bridge inside the app', () => {
  it('waits 100 ms after start before asking the app who it is, with the loader shown meanwhile', async () => {
    vi.useFakeTimers();
    const host = installHost();
    const bridge = getMobileBridge();
    expect(bridge.isAvailable).toBe(true);
    bridge.start();
    expect(bridge.isLoaderVisible()).toBe(true);
    expect(host.posted()).toEqual([{ source: 'web', type: 'loader', isVisible: true }]);

    await vi.advanceTimersByTimeAsync(MOBILE_BRIDGE_INIT_DELAY_MS - 1);
    expect(host.posted().some((message) => message.type === 'init')).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const init = host.posted().find((message) => message.type === 'init');
    expect(init).toMatchObject({ source: 'web', type: 'init', id: expect.any(String) as string });

    const info = bridge.appInfo();
    answerFromApp(window, {
      source: 'native',
      type: 'init',
      id: init?.id,
      payload: { platform: 'android', appVersion: '5.2.0', deviceSecret: 'secret-1', pushToken: 'push-1' },
    });
    await expect(info).resolves.toEqual({
      platform: 'android',
      appVersion: '5.2.0',
      deviceSecret: 'secret-1',
      pushToken: 'push-1',
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(bridge.isLoaderVisible()).toBe(false);
    expect(host.posted().at(-1)).toEqual({ source: 'web', type: 'loader', isVisible: false });
  });

  it('hears the Android answer on document and ignores answers to other requests', async () => {
    const host = installHost();
    const bridge = createMobileBridge({ createId: () => 'request-7' });
    const info = bridge.init();
    answerFromApp(document, { source: 'native', type: 'init', id: 'request-6', payload: { platform: 'ios' } });
    answerFromApp(document, 'not json');
    answerFromApp(document, { source: 'native', type: 'init', id: 'request-7', payload: { platform: 'ios' } });
    await expect(info).resolves.toEqual({ platform: 'ios' });
    expect(host.posted()).toEqual([{ source: 'web', type: 'init', id: 'request-7' }]);
    // Asked once only: later callers share the answer.
    await expect(bridge.appInfo()).resolves.toEqual({ platform: 'ios' });
    expect(host.posted()).toHaveLength(1);
  });

  it('gives up on a silent app after the timeout instead of keeping the page waiting', async () => {
    vi.useFakeTimers();
    installHost();
    const bridge = createMobileBridge();
    const info = bridge.init();
    await vi.advanceTimersByTimeAsync(MOBILE_BRIDGE_INIT_TIMEOUT_MS);
    await expect(info).resolves.toBeNull();
    expect(bridge.isAvailable).toBe(true);
  });

  it('stacks loader requests and tells the app only when visibility changes', () => {
    const host = installHost();
    const bridge = createMobileBridge();
    const listener = vi.fn();
    bridge.subscribeLoader(listener);
    const hideFirst = bridge.showLoader();
    const hideSecond = bridge.showLoader();
    hideFirst();
    hideFirst();
    expect(bridge.isLoaderVisible()).toBe(true);
    hideSecond();
    expect(bridge.isLoaderVisible()).toBe(false);
    expect(host.posted()).toEqual([
      { source: 'web', type: 'loader', isVisible: true },
      { source: 'web', type: 'loader', isVisible: false },
    ]);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('hands deep links to the app, and posts nothing outside it', () => {
    const host = installHost();
    createMobileBridge().openDeepLink('harbor://auth/login/5f1c');
    expect(host.posted()).toEqual([{ source: 'web', type: 'openDeepLink', url: 'harbor://auth/login/5f1c' }]);
    delete window.ReactNativeWebView;
    createMobileBridge().openDeepLink('harbor://auth/login/5f1c');
    expect(host.posted()).toHaveLength(1);
  });
});

describe('parseInitAnswer', () => {
  it('accepts only our answer with a known platform and drops values that are not ours', () => {
    expect(parseInitAnswer({ source: 'native', type: 'init', id: 'a', payload: { platform: 'web' } }, 'a')).toBeNull();
    expect(parseInitAnswer({ source: 'other', type: 'init', id: 'a', payload: { platform: 'ios' } }, 'a')).toBeNull();
    expect(
      parseInitAnswer(
        {
          source: 'native',
          type: 'init',
          id: 'a',
          payload: { platform: 'ios', deviceSecret: 'x'.repeat(600), pushToken: 7 },
        },
        'a',
      ),
    ).toEqual({ platform: 'ios' });
  });
});

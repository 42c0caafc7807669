/**
 * Mobile-app wrapper mode (spec 000 §1): the web app runs inside the brand's native app, in a
 * WebView that exposes `window.ReactNativeWebView.postMessage`. Page and app talk in JSON strings:
 *
 *   page → app  {source:'web', type:'init', id}              who do we run in?
 *               {source:'web', type:'loader', isVisible}     show or hide the app's own loader
 *               {source:'web', type:'openDeepLink', url}     open one of the app's own screens (a push approval)
 *   app → page  {source:'native', type:'init', id, payload:{platform, appVersion?, deviceSecret?, pushToken?}}
 *
 * The app answers through `window.postMessage` (iOS) or a `message` event on `document` (Android
 * WebViews); both are heard. Initialisation waits MOBILE_BRIDGE_INIT_DELAY_MS after start-up, as the
 * spec says, so that the native side has injected its handlers first.
 */
export const MOBILE_BRIDGE_INIT_DELAY_MS = 100;
/** An app that never answers leaves wrapper mode without its details, never a page stuck loading. */
export const MOBILE_BRIDGE_INIT_TIMEOUT_MS = 3_000;
/** Device secrets and push tokens are short; anything longer is not from our app. */
const MAX_NATIVE_VALUE_LENGTH = 512;

export interface NativeAppInfo {
  platform: 'ios' | 'android';
  appVersion?: string;
  /** The secret of this phone as a linked device: sign-ins send it and become `direct`. */
  deviceSecret?: string;
  /** The phone's current push token, stored on the linked device at sign-in. */
  pushToken?: string;
}

interface NativeHost {
  postMessage: (message: string) => void;
}

declare global {
  interface Window {
    ReactNativeWebView?: NativeHost;
  }
}

type OutgoingMessage =
  { type: 'init'; id: string } | { type: 'loader'; isVisible: boolean } | { type: 'openDeepLink'; url: string };

export interface MobileBridge {
  /** True inside the native app's WebView. */
  readonly isAvailable: boolean;
  /** Asks the app who it is, once; null outside the app or when it does not answer in time. */
  init: () => Promise<NativeAppInfo | null>;
  /**
   * Start-up in wrapper mode: the global loader shows at once and the app is asked who it is
   * MOBILE_BRIDGE_INIT_DELAY_MS later; the loader goes once it answered (or stayed silent too long).
   */
  start: () => void;
  /** The app's details, waiting for the initialisation if it is under way; null outside the app. */
  appInfo: () => Promise<NativeAppInfo | null>;
  /** Shows the global loader until the returned function is called; nested uses stack. */
  showLoader: () => () => void;
  isLoaderVisible: () => boolean;
  subscribeLoader: (listener: () => void) => () => void;
  /** Lets the app open one of its own screens, such as the approval of a waiting sign-in. */
  openDeepLink: (url: string) => void;
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' && value.length <= MAX_NATIVE_VALUE_LENGTH ? value : undefined;
}

/** The init answer with this id, or null for anything else (other messages, other senders' noise). */
export function parseInitAnswer(data: unknown, id: string): NativeAppInfo | null {
  let message: unknown = data;
  if (typeof data === 'string') {
    try {
      message = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (typeof message !== 'object' || message === null) return null;
  const record = message as Record<string, unknown>;
  if (record.source !== 'native' || record.type !== 'init' || record.id !== id) return null;
  const payload = typeof record.payload === 'object' && record.payload !== null ? record.payload : {};
  const fields = payload as Record<string, unknown>;
  const platform = fields.platform === 'ios' || fields.platform === 'android' ? fields.platform : null;
  if (platform === null) return null;
  return {
    platform,
    appVersion: optionalString(fields.appVersion),
    deviceSecret: optionalString(fields.deviceSecret),
    pushToken: optionalString(fields.pushToken),
  };
}

export interface MobileBridgeOptions {
  target?: Window;
  initTimeoutMs?: number;
  createId?: () => string;
}

export function createMobileBridge(options: MobileBridgeOptions = {}): MobileBridge {
  const target = options.target ?? (typeof window === 'undefined' ? undefined : window);
  const host = target?.ReactNativeWebView;
  const isAvailable = typeof host?.postMessage === 'function';
  const initTimeoutMs = options.initTimeoutMs ?? MOBILE_BRIDGE_INIT_TIMEOUT_MS;
  const createId = options.createId ?? (() => crypto.randomUUID());
  let initialising: Promise<NativeAppInfo | null> | undefined;
  let starting: Promise<NativeAppInfo | null> | undefined;
  let loaderCount = 0;
  const loaderListeners = new Set<() => void>();

  function post(message: OutgoingMessage): void {
    if (!isAvailable) return;
    try {
      host.postMessage(JSON.stringify({ source: 'web', ...message }));
    } catch {
      // An app that is closing its WebView refuses messages; nothing is waiting on them.
    }
  }

  function init(): Promise<NativeAppInfo | null> {
    if (!isAvailable || target === undefined) return Promise.resolve(null);
    initialising ??= new Promise<NativeAppInfo | null>((resolve) => {
      const id = createId();
      const finish = (info: NativeAppInfo | null) => {
        clearTimeout(timer);
        target.removeEventListener('message', onMessage);
        target.document.removeEventListener('message', onMessage);
        resolve(info);
      };
      const onMessage = (event: Event) => {
        const info = parseInitAnswer((event as MessageEvent).data, id);
        if (info !== null) finish(info);
      };
      const timer = setTimeout(() => finish(null), initTimeoutMs);
      target.addEventListener('message', onMessage);
      target.document.addEventListener('message', onMessage);
      post({ type: 'init', id });
    });
    return initialising;
  }

  function setLoaderCount(count: number): void {
    const wasVisible = loaderCount > 0;
    loaderCount = Math.max(0, count);
    const isVisible = loaderCount > 0;
    if (wasVisible === isVisible) return;
    post({ type: 'loader', isVisible });
    for (const listener of loaderListeners) listener();
  }

  const bridge: MobileBridge = {
    isAvailable,
    init,
    start() {
      if (!isAvailable || starting !== undefined) return;
      const hideLoader = bridge.showLoader();
      starting = new Promise<void>((resolve) => setTimeout(resolve, MOBILE_BRIDGE_INIT_DELAY_MS))
        .then(init)
        .finally(hideLoader);
    },
    // Asked before the delayed start ran: that start answers, so the app still gets its 100 ms.
    appInfo: () => (isAvailable ? (initialising ?? starting ?? init()) : Promise.resolve(null)),
    showLoader() {
      if (!isAvailable) return () => undefined;
      setLoaderCount(loaderCount + 1);
      let isReleased = false;
      return () => {
        if (isReleased) return;
        isReleased = true;
        setLoaderCount(loaderCount - 1);
      };
    },
    isLoaderVisible: () => loaderCount > 0,
    subscribeLoader(listener) {
      loaderListeners.add(listener);
      return () => loaderListeners.delete(listener);
    },
    openDeepLink: (url) => post({ type: 'openDeepLink', url }),
  };
  return bridge;
}

let current: MobileBridge | undefined;

/** The bridge of this page, made on first use (the WebView injects its host before any script runs). */
export function getMobileBridge(): MobileBridge {
  current ??= createMobileBridge();
  return current;
}

/** Forgets the bridge so the next use looks at the window again (tests). */
export function resetMobileBridge(): void {
  current = undefined;
}

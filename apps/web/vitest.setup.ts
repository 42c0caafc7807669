import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { webcrypto } from 'node:crypto';
import { initI18n, NAMESPACES } from './src/lib/i18n';
import { resetSessionCache } from './src/lib/session';

// Screens load their code lazily, as in the browser; on a busy CI machine a route change can take
// longer than the library's default one second to render. Waiting longer never makes a wrong
// screen pass: findBy/waitFor still fail if the expected state never comes.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no matchMedia; Mantine reads it for the colour scheme and media queries.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
Object.defineProperty(window, 'scrollTo', { writable: true, value: vi.fn() });

// PKCE needs Web Crypto's subtle digest; jsdom's `crypto` may lack it, Node's has it.
Object.defineProperty(globalThis, 'crypto', { configurable: true, value: webcrypto });

beforeAll(async () => {
  await initI18n('en', NAMESPACES);
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  resetSessionCache();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

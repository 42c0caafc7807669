import { describe, expect, it, vi } from 'vitest';
import { type LiveEvent, liveChannelUrl, openLiveChannel } from './live-channel';

class FakeSocket {
  static instances: FakeSocket[] = [];
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  isClosed = false;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.isClosed = true;
    this.onclose?.();
  }
  receive(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('live channel', () => {
  it('builds a same-origin ws/wss URL, or one on the staging API host', () => {
    expect(liveChannelUrl('', { protocol: 'https:', host: 'app.harbor.example' })).toBe('wss://app.harbor.example/ws');
    expect(liveChannelUrl('', { protocol: 'http:', host: 'localhost:5173' })).toBe('ws://localhost:5173/ws');
    expect(liveChannelUrl('https://api.staging-1.harbor.example', { protocol: 'https:', host: 'x' })).toBe(
      'wss://api.staging-1.harbor.example/ws',
    );
  });

  it('authenticates first, delivers events after ready, and reconnects with a fresh token', async () => {
    FakeSocket.instances = [];
    const tokens = ['token-1', 'token-2'];
    const events: LiveEvent[] = [];
    const channel = openLiveChannel({
      url: 'ws://test/ws',
      getAccessToken: vi.fn(() => Promise.resolve(tokens.shift() ?? null)),
      onEvent: (event) => events.push(event),
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
      initialBackoffMs: 10,
    });
    await flush();
    const first = FakeSocket.instances[0];
    expect(first).toBeDefined();
    first?.onopen?.();
    expect(first?.sent).toEqual([JSON.stringify({ type: 'auth', accessToken: 'token-1' })]);
    first?.receive({ type: 'ready' });
    first?.receive({ type: 'notification', status: 'warning', payload: { notificationType: 'documentExpSoon' } });
    expect(events).toEqual([
      { type: 'notification', status: 'warning', payload: { notificationType: 'documentExpSoon' } },
    ]);

    first?.close();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const second = FakeSocket.instances[1];
    second?.onopen?.();
    expect(second?.sent).toEqual([JSON.stringify({ type: 'auth', accessToken: 'token-2' })]);

    channel.close();
    expect(second?.isClosed).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(FakeSocket.instances).toHaveLength(2);
  });
});

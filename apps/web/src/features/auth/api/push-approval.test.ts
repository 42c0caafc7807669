import { describe, expect, it, vi } from 'vitest';
import { type PushDecision, waitForPushDecision } from './push-approval';

class FakeSocket {
  static instances: FakeSocket[] = [];
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
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
  }
  open() {
    this.onopen?.();
  }
  receive(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  drop(code: number) {
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

function wait(options: { initialBackoffMs?: number } = {}) {
  FakeSocket.instances = [];
  const decisions: PushDecision[] = [];
  const connection: boolean[] = [];
  const channel = waitForPushDecision({
    url: 'ws://test/ws',
    tmpToken: 'tmp-1',
    onDecision: (decision) => decisions.push(decision),
    onConnectionChange: (isConnected) => connection.push(isConnected),
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    initialBackoffMs: options.initialBackoffMs ?? 10,
  });
  return { channel, decisions, connection, socket: (index: number) => FakeSocket.instances[index] };
}

describe('waiting for a push answer', () => {
  it('subscribes with the sign-in token and hands over the approved code once', () => {
    const { decisions, connection, socket } = wait();
    socket(0)?.open();
    expect(socket(0)?.sent).toEqual([JSON.stringify({ type: 'auth', loginToken: 'tmp-1' })]);
    socket(0)?.receive({ type: 'ready' });
    expect(connection).toEqual([true]);
    socket(0)?.receive({ type: 'notification', status: 'info', payload: {} });
    socket(0)?.receive({ type: 'pushLogin', status: 'approved', payload: { code: 'code-1' } });
    socket(0)?.receive({ type: 'pushLogin', status: 'declined', payload: {} });
    expect(decisions).toEqual([{ status: 'approved', code: 'code-1' }]);
    expect(socket(0)?.isClosed).toBe(true);
  });

  it('reports declined and expired answers', () => {
    const declined = wait();
    declined.socket(0)?.receive({ type: 'pushLogin', status: 'declined', payload: {} });
    expect(declined.decisions).toEqual([{ status: 'declined' }]);
    const expired = wait();
    expired.socket(0)?.receive({ type: 'pushLogin', status: 'expired', payload: {} });
    expect(expired.decisions).toEqual([{ status: 'expired' }]);
  });

  it('reconnects after a dropped connection (the answer waits on the server) and stops when closed', async () => {
    vi.useFakeTimers();
    const { channel, decisions, connection, socket } = wait({ initialBackoffMs: 100 });
    socket(0)?.drop(1006);
    expect(connection).toEqual([false]);
    await vi.advanceTimersByTimeAsync(100);
    expect(FakeSocket.instances).toHaveLength(2);
    socket(1)?.receive({ type: 'pushLogin', status: 'approved', payload: { code: 'late' } });
    expect(decisions).toEqual([{ status: 'approved', code: 'late' }]);

    const second = wait({ initialBackoffMs: 100 });
    second.channel.close();
    expect(second.socket(0)?.isClosed).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.instances).toHaveLength(1);
    channel.close();
  });

  it('treats a refused subscription (4401: the sign-in is over) as expired', () => {
    const { decisions, socket } = wait();
    socket(0)?.drop(4401);
    expect(decisions).toEqual([{ status: 'expired' }]);
  });
});

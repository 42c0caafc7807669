import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * The load of the transfers benchmark, in a process of its own (forked by transfers.ts), as
 * pgbench's clients run outside the database server: on the server's event loop the clients' HTTP
 * work would count against the API. Each sender loops for the run's duration on its own kept-alive
 * connection (`KeptAliveConnection`): one P2P transfer of 0.01 USD at a time, to one of `payees`
 * drawn at random.
 */

export interface LoadRequest {
  baseUrl: string;
  senders: { token: string; accountId: number }[];
  payees: string[];
  seconds: number;
}

export interface LoadResult {
  latenciesMs: number[];
  failed: number;
  firstFailure: unknown;
  elapsedMs: number;
}

/**
 * An HTTP/1.1 connection kept alive, one request at a time: each request written in one piece and
 * its answer read by its content-length. The load shares the machine's cores with the server and
 * PostgreSQL, so it should cost about what pgbench's client costs: node:http took four times the
 * CPU per call (0.16 against 0.04 ms, 16 clients against a server answering after 5 ms), and in
 * the benchmark that difference alone moved the API's figure by 7 to 8 %.
 */
class KeptAliveConnection {
  private readonly socket: Socket;
  private received: Buffer = Buffer.alloc(0);
  private waiting: { resolve(body: string): void; reject(error: Error): void } | null = null;
  private failure: Error | null = null;

  constructor(private readonly url: URL) {
    this.socket = connect(Number(url.port), url.hostname);
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('the server closed the connection')));
  }

  post(headers: Record<string, string>, body: string): Promise<Record<string, unknown>> {
    if (this.failure !== null) return Promise.reject(this.failure);
    assert.equal(this.waiting, null, 'one request at a time');
    const head = Object.entries({ ...headers, 'content-length': String(Buffer.byteLength(body)) })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    return new Promise<string>((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(
        `POST ${this.url.pathname}${this.url.search} HTTP/1.1\r\nhost: ${this.url.host}\r\n${head}\r\n${body}`,
      );
    }).then((text) => JSON.parse(text) as Record<string, unknown>);
  }

  close(): void {
    this.failure ??= new Error('closed');
    this.socket.destroy();
  }

  private read(chunk: Buffer): void {
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    const headEnd = this.received.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.received.toString('latin1', 0, headEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    if (length === undefined) {
      this.fail(new Error(`an answer without content-length: ${head}`));
      return;
    }
    const end = headEnd + 4 + Number(length);
    if (this.received.length < end) return;
    const body = this.received.toString('utf8', headEnd + 4, end);
    this.received = this.received.subarray(end);
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve(body);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.waiting?.reject(error);
    this.waiting = null;
  }
}

async function run(request: LoadRequest): Promise<LoadResult> {
  const latenciesMs: number[] = [];
  let failed = 0;
  let firstFailure: unknown;
  const url = new URL(`${request.baseUrl}/api?method=transferP2P`);
  const startedAt = performance.now();
  const deadline = startedAt + request.seconds * 1000;
  const payeeAt = () => request.payees[Math.floor(Math.random() * request.payees.length)] ?? request.payees[0];
  await Promise.all(
    request.senders.map(async (sender) => {
      const connection = new KeptAliveConnection(url);
      const headers = {
        'content-type': 'application/json',
        authorization: `Bearer ${sender.token}`,
        'x-client-version': '2.1.2',
      };
      while (performance.now() < deadline) {
        const begin = performance.now();
        const answer = await connection.post(
          headers,
          JSON.stringify({
            method: 'transferP2P',
            accountId: sender.accountId,
            amount: '0.01',
            currency: 'USD',
            toEmail: payeeAt(),
            idempotencyKey: randomUUID(),
          }),
        );
        if (answer.responseCode === '00' && answer.status === 'completed') latenciesMs.push(performance.now() - begin);
        else {
          failed += 1;
          firstFailure ??= answer;
        }
      }
      connection.close();
    }),
  );
  const elapsedMs = performance.now() - startedAt;
  return { latenciesMs, failed, firstFailure, elapsedMs };
}

// Forked with an IPC channel: one request in, one result out, then exit.
process.once('message', (request: LoadRequest) => {
  void run(request).then((result) => {
    process.send?.(result, () => process.exit(0));
  });
});

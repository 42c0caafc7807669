import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * The load of the transfers benchmark, in a process of its own (forked by transfers.ts), as
 * pgbench's clients run outside the database server: on the server's event loop the clients' HTTP
 * work would count against the API. Each sender loops for the run's duration on its own kept-alive
 * connection: one P2P transfer of 0.01 USD at a time, to one of `payees` drawn at random.
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

/** One POST over a kept-alive connection; node:http costs the client a fraction of what fetch does. */
function post(agent: Agent, url: URL, token: string, body: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      url,
      {
        agent,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
          'x-client-version': '2.1.2',
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

async function run(request: LoadRequest): Promise<LoadResult> {
  const latenciesMs: number[] = [];
  let failed = 0;
  let firstFailure: unknown;
  const agent = new Agent({ keepAlive: true, maxSockets: request.senders.length });
  const url = new URL(`${request.baseUrl}/api?method=transferP2P`);
  const startedAt = performance.now();
  const deadline = startedAt + request.seconds * 1000;
  const payeeAt = () => request.payees[Math.floor(Math.random() * request.payees.length)] ?? request.payees[0];
  await Promise.all(
    request.senders.map(async (sender) => {
      while (performance.now() < deadline) {
        const begin = performance.now();
        const answer = await post(
          agent,
          url,
          sender.token,
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
    }),
  );
  const elapsedMs = performance.now() - startedAt;
  agent.destroy();
  return { latenciesMs, failed, firstFailure, elapsedMs };
}

// Forked with an IPC channel: one request in, one result out, then exit.
process.once('message', (request: LoadRequest) => {
  void run(request).then((result) => {
    process.send?.(result, () => process.exit(0));
  });
});

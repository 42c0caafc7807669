import autocannon from 'autocannon';
import { signIn, startBenchApp } from './bench-app';

/**
 * Main-API round trip for customerInfoGet (auth, access check, terms check, query, envelope)
 * beside a bare Fastify route on the same process: the ratio is the cost of our stack per call.
 */
const CONNECTIONS = 16;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);

interface Figures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

async function measure(options: autocannon.Options): Promise<Figures> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_SECONDS, ...options });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}

function line(label: string, figures: Figures): string {
  return `${label.padEnd(28)} ${figures.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${figures.p50Ms.toFixed(1).padStart(6)} ms   p99 ${figures.p99Ms.toFixed(1).padStart(6)} ms   non-2xx ${figures.non2xx}`;
}

export async function runApiBenchmark(): Promise<void> {
  const bench = await startBenchApp({
    beforeReady: (app) => {
      app.get('/__bench/bare', { schema: { hide: true } }, () => ({ responseCode: '00' }));
    },
  });
  try {
    const token = await signIn(bench.baseUrl, 'personal@demo.test');
    const database = bench.config.databaseUrl === undefined ? 'PGlite' : 'PostgreSQL';
    process.stdout.write(`${CONNECTIONS} connections, ${DURATION_SECONDS} s each, database ${database}\n`);
    // Warm both paths so neither pays for JIT and first queries.
    await measure({ url: `${bench.baseUrl}/__bench/bare`, duration: 2 });
    const bare = await measure({ url: `${bench.baseUrl}/__bench/bare` });
    const api = await measure({
      url: `${bench.baseUrl}/api?method=customerInfoGet`,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-client-version': '2.1.2',
      },
      body: JSON.stringify({ method: 'customerInfoGet' }),
    });
    process.stdout.write(`${line('bare Fastify route', bare)}\n${line('customerInfoGet (main API)', api)}\n`);
    process.stdout.write(
      `ratio main API / bare route: ${(api.requestsPerSecond / bare.requestsPerSecond).toFixed(3)} (throughput), ` +
        `${(api.p99Ms / Math.max(bare.p99Ms, 0.001)).toFixed(1)}× (p99 latency)\n`,
    );
    if (api.non2xx > 0) process.stdout.write(`warning: ${api.non2xx} main-API calls did not answer 2xx\n`);
  } finally {
    await bench.close();
  }
}

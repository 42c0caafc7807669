import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { signIn, startBenchApp } from './bench-app';
import { createScratchDatabase } from './postgres-baseline';
import { createCustomers } from './transfers';

/**
 * `node --import tsx bench/transfers-trace.ts` (DATABASE_URL): the statements one P2P transfer
 * sends to PostgreSQL, in order, as the database sees them: the round trips the benchmark pays.
 */
const adminUrl = process.env.DATABASE_URL;
if (adminUrl === undefined) throw new Error('set DATABASE_URL');
const scratch = await createScratchDatabase(adminUrl, 'harbor_trace');
const handle = await openDatabase({ databaseUrl: scratch.url, pgliteDataDir: '' });
const bench = await startBenchApp({ env: { DATABASE_URL: scratch.url } });
try {
  const [sender] = await createCustomers(handle.db, { prefix: 'sender', count: 1, fundingMinor: 100_000n });
  const [payee] = await createCustomers(handle.db, { prefix: 'payee', count: 1, fundingMinor: 0n });
  if (sender === undefined || payee === undefined) throw new Error('no customers');
  const token = await signIn(bench.baseUrl, sender.email);
  const statements: string[] = [];
  const original = Object.getOwnPropertyDescriptor(pg.Client.prototype, 'query')?.value as (
    ...args: unknown[]
  ) => unknown;
  let isTracing = false;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (isTracing) {
      const [first] = args;
      const text =
        typeof first === 'string'
          ? first
          : ((first as { text?: string; name?: string }).name ?? '') + ' ' + ((first as { text?: string }).text ?? '');
      statements.push(text.replace(/\s+/g, ' ').slice(0, 160));
    }
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
  for (let round = 0; round < 2; round += 1) {
    statements.length = 0;
    isTracing = true;
    const response = await fetch(`${bench.baseUrl}/api?method=transferP2P`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        method: 'transferP2P',
        accountId: sender.accountId,
        amount: '0.01',
        currency: 'USD',
        toEmail: payee.email,
        idempotencyKey: randomUUID(),
      }),
    });
    const body = (await response.json()) as Record<string, unknown>;
    await new Promise((resolve) => setTimeout(resolve, 50));
    isTracing = false;
    process.stdout.write(
      `round ${round}: ${String(body.responseCode)} ${String(body.status)}, ${statements.length} statements\n`,
    );
    for (const statement of statements) process.stdout.write(`  ${statement}\n`);
  }
} finally {
  await bench.close();
  await handle.close();
  await scratch.drop();
}
process.exit(0);

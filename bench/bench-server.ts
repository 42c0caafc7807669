import cluster from 'node:cluster';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';

/**
 * The API as several processes on one port (node:cluster), for `BENCH_SERVER_PROCESSES=n`: one
 * Node process runs on one core, and the live channel and the job runner already work across
 * processes (LISTEN/NOTIFY, SKIP LOCKED). The first worker migrates and seeds; the others start
 * once it listens. The primary tells its parent the port once every worker listens.
 * Environment: the bench app's (bench-app.ts), plus BENCH_SERVER_PROCESSES.
 */
const processes = Number(process.env.BENCH_SERVER_PROCESSES ?? 2);

if (cluster.isPrimary) {
  let listening = 0;
  cluster.on('listening', (_worker, address) => {
    listening += 1;
    if (listening === 1) {
      for (let index = 1; index < processes; index += 1) cluster.fork({ SEED_DEMO_DATA: 'false' });
    }
    if (listening === processes) process.send?.({ port: address.port });
  });
  cluster.on('exit', (worker, code) => {
    if (code !== 0) process.stderr.write(`bench server worker ${worker.id} exited with ${code}\n`);
  });
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    process.exit(0);
  });
  cluster.fork({ SEED_DEMO_DATA: 'true' });
} else {
  const config = loadConfig(process.env);
  const { app } = await buildApp({ config });
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
  // Port 0 in every worker: the cluster gives them all the same port.
  await app.listen({ host: '127.0.0.1', port: 0 });
}

import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

/**
 * Process entry: configuration, listen, graceful shutdown on SIGTERM/SIGINT. Shutdown stops
 * accepting connections, closes live sockets with 1001 (clients reconnect to another process),
 * lets requests in flight finish, then closes the live listener and the database. A shutdown that
 * hangs past the grace period exits 1, so the orchestrator can tell.
 */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const { app } = await buildApp({ config });

  let isShuttingDown = false;
  // A keep-alive connection that finished its last request would hold the close for the whole
  // keep-alive timeout; answering "Connection: close" while draining lets it go at once.
  app.addHook('onSend', async (_request, reply) => {
    if (isShuttingDown) void reply.header('connection', 'close');
  });

  const shutdown = (signal: string): void => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const forceExit = setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS);
    forceExit.unref();
    app.close().then(
      () => {
        app.log.info('shut down');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ host: config.host, port: config.port });
}

await main();

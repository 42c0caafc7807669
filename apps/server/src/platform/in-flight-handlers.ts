import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

/**
 * Route handlers still running, so that closing the app waits for them before the database goes.
 * Node's server.close() waits for connections, not for handlers: a client that hangs up mid-call
 * (autocannon stopping, a load balancer timing out during a SIGTERM drain) closes its socket while
 * the handler goes on, and without this the handler's next query would meet an ended pool.
 *
 * Install it before any route is added: it wraps each route's handler as the route is registered.
 * Work a handler deliberately leaves running after it settles is not counted, nor are hooks (none
 * of ours reads the database).
 */
export interface InFlightHandlers {
  readonly running: number;
  /** Resolves true once no handler runs, or false when `limitMs` passed first. */
  drained(limitMs: number): Promise<boolean>;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

export function trackInFlightHandlers(app: FastifyInstance): InFlightHandlers {
  let running = 0;
  const onIdle = new Set<() => void>();

  function settled(): void {
    running -= 1;
    if (running > 0) return;
    for (const wake of onIdle) wake();
    onIdle.clear();
  }

  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    const tracked: RouteHandlerMethod = function (this: FastifyInstance, request, reply) {
      const result: unknown = handler.call(this, request, reply);
      // A synchronous handler has finished (or answers through reply.send later, untracked);
      // returning its result untouched keeps Fastify's handling of it unchanged.
      if (!isThenable(result)) return result;
      running += 1;
      return Promise.resolve(result).finally(settled);
    };
    route.handler = tracked;
  });

  return {
    get running() {
      return running;
    },
    drained(limitMs) {
      if (running === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const wake = (): void => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          onIdle.delete(wake);
          resolve(false);
        }, limitMs);
        onIdle.add(wake);
      });
    },
  };
}

/**
 * Closing waits for every connection to end. Fastify destroys the idle ones when closing starts,
 * but a connection that is not idle then (an answer being written, a request whose client went
 * quiet half-way) stays open until Node's own timeouts end it, a minute or more: a shutdown, or a
 * test closing its app, waited that long. While closing, answers ask the client to close the
 * connection, and after `graceMs` the connections still open are ended.
 */
export function closeConnectionsWhenClosing(app: FastifyInstance, options: { graceMs: number }): void {
  let isClosing = false;
  app.addHook('preClose', (done) => {
    isClosing = true;
    setTimeout(() => app.server.closeAllConnections(), options.graceMs).unref();
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isClosing) void reply.header('connection', 'close');
    done(null, payload);
  });
}

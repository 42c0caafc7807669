import pg from 'pg';

/**
 * Counts the statements this process sends to PostgreSQL while `start`ed, by prepared-statement
 * name (or the text's start), with each one's mean round trip as the caller saw it: submission to
 * result, including any wait on the event loop. For the profile tool only: it wraps
 * `pg.Client.prototype.query` for the life of the process.
 */
export interface StatementTimings {
  start(): void;
  /** Stops counting; the statements seen, most frequent first. */
  stop(): { statement: string; count: number; meanMs: number }[];
}

type QueryCallback = (...results: unknown[]) => unknown;

function labelOf(config: unknown): string {
  let text = '?';
  if (typeof config === 'string') text = config;
  else if (typeof config === 'object' && config !== null) {
    const { name, text: queryText } = config as { name?: unknown; text?: unknown };
    if (typeof name === 'string') text = name;
    else if (typeof queryText === 'string') text = queryText;
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, 60);
}

export function watchStatements(): StatementTimings {
  const seen = new Map<string, { count: number; totalMs: number }>();
  let isCounting = false;
  // Taken off the prototype and later called with the client as `this`, as pg calls it.
  const original = Object.getOwnPropertyDescriptor(pg.Client.prototype, 'query')?.value as (
    this: pg.Client,
    ...args: unknown[]
  ) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]): unknown {
    if (!isCounting) return original.apply(this, args);
    const label = labelOf(args[0]);
    const startedMs = performance.now();
    const record = () => {
      const entry = seen.get(label) ?? { count: 0, totalMs: 0 };
      entry.count += 1;
      entry.totalMs += performance.now() - startedMs;
      seen.set(label, entry);
    };
    const last = args.at(-1);
    const config: unknown = args[0];
    if (typeof last === 'function') {
      const callback = last as QueryCallback;
      args[args.length - 1] = (...results: unknown[]) => {
        record();
        return callback(...results);
      };
    } else if (
      typeof config === 'object' &&
      config !== null &&
      typeof (config as { callback?: unknown }).callback === 'function'
    ) {
      const withCallback = config as { callback: QueryCallback };
      const callback = withCallback.callback;
      withCallback.callback = (...results: unknown[]) => {
        record();
        return callback(...results);
      };
    } else {
      const result = original.apply(this, args);
      if (result instanceof Promise) result.then(record, () => undefined);
      return result;
    }
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
  return {
    start() {
      seen.clear();
      isCounting = true;
    },
    stop() {
      isCounting = false;
      return [...seen]
        .map(([statement, { count, totalMs }]) => ({ statement, count, meanMs: totalMs / count }))
        .sort((a, b) => b.count - a.count);
    },
  };
}

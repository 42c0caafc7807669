/**
 * One statement for many concurrent calls: while a read of `run` is on its way to the database,
 * the calls that arrive wait, and the next read carries all of them (at most `maxBatch`). Alone, a
 * call goes at once, as if nothing were in between; under load, most of a round trip per call is
 * saved (each round trip costs the server a socket write and the database a statement). `run`
 * answers in the order asked; its failure is the failure of every call it carried. Per database
 * handle, so a transaction's reads never ride on another connection.
 */
export function coalesced<Handle extends object, Params, Result>(
  run: (db: Handle, batch: Params[]) => Promise<Result[]>,
  options: { maxBatch?: number } = {},
): (db: Handle, params: Params) => Promise<Result> {
  const maxBatch = options.maxBatch ?? 64;
  interface Waiting {
    params: Params;
    resolve(result: Result): void;
    reject(error: unknown): void;
  }
  const queues = new WeakMap<Handle, { waiting: Waiting[]; isRunning: boolean }>();

  async function drain(db: Handle, queue: { waiting: Waiting[]; isRunning: boolean }): Promise<void> {
    queue.isRunning = true;
    try {
      while (queue.waiting.length > 0) {
        const batch = queue.waiting.splice(0, maxBatch);
        try {
          const results = await run(
            db,
            batch.map((item) => item.params),
          );
          if (results.length !== batch.length) throw new Error('a coalesced read answered the wrong number of calls');
          batch.forEach((item, index) => item.resolve(results[index] as Result));
        } catch (error) {
          for (const item of batch) item.reject(error);
        }
      }
    } finally {
      queue.isRunning = false;
    }
  }

  return (db, params) =>
    new Promise<Result>((resolve, reject) => {
      let queue = queues.get(db);
      if (queue === undefined) {
        queue = { waiting: [], isRunning: false };
        queues.set(db, queue);
      }
      queue.waiting.push({ params, resolve, reject });
      if (!queue.isRunning) void drain(db, queue);
    });
}

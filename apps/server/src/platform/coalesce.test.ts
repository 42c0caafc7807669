import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesce';

/** Two stand-in database handles: the coalescer only uses them as keys. */
interface Handle {
  name: string;
}
const first: Handle = { name: 'first' };
const second: Handle = { name: 'second' };

function recorder(options: { failOn?: number } = {}) {
  const runs: { db: Handle; batch: number[] }[] = [];
  const read = coalesced(async (db: Handle, batch: number[]) => {
    runs.push({ db, batch });
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (options.failOn !== undefined && batch.includes(options.failOn)) throw new Error(`no ${options.failOn}`);
    return batch.map((value) => value * 10);
  });
  return { runs, read };
}

describe('coalesced reads', () => {
  it('sends the first call at once and the calls that come meanwhile together, each answered in turn', async () => {
    const { runs, read } = recorder();
    const answers = await Promise.all([1, 2, 3, 4].map((value) => read(first, value)));
    expect(answers).toEqual([10, 20, 30, 40]);
    expect(runs.map((run) => run.batch)).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps the calls of different handles apart', async () => {
    const { runs, read } = recorder();
    await Promise.all([read(first, 1), read(second, 2), read(first, 3), read(second, 4)]);
    expect(runs.filter((run) => run.db === first).flatMap((run) => run.batch)).toEqual([1, 3]);
    expect(runs.filter((run) => run.db === second).flatMap((run) => run.batch)).toEqual([2, 4]);
  });

  it('fails the calls of a failed read only, and goes on with the next', async () => {
    const { read } = recorder({ failOn: 3 });
    const results = await Promise.allSettled([1, 2, 3, 4].map((value) => read(first, value)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected']);
    await expect(read(first, 5)).resolves.toBe(50);
  });
});

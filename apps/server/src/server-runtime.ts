/**
 * How the server process is started: Node's flags, the same for `npm start` (apps/server's
 * package.json, which repeats them: a test keeps the two equal), the tests and tools that start
 * the server as a process, and the benchmarks that run it in theirs.
 *
 * `--max-semi-space-size=32` (MiB): a request leaves most of what it allocates as garbage within
 * milliseconds, and a larger young generation scavenges it less often. Under the transfers
 * benchmark the collector's share of the server's thread fell from 5.6 % to 3.5 %, and in four
 * interleaved pairs of runs the server made 5-9 % more transfers per second (64 did no better).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];

/** `node`'s arguments before the entry file: the flags, then TypeScript through tsx. */
export const SERVER_NODE_ARGUMENTS: readonly string[] = [...SERVER_NODE_FLAGS, '--import', 'tsx'];

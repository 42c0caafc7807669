/**
 * `npm run bench -- <name>`: each benchmark measures our code beside a baseline taken in the same
 * run on the same machine, and prints the ratio. They are measurements, never pass/fail tests.
 */
export {};

const benchmarks: Record<string, () => Promise<void>> = {
  api: async () => (await import('./api')).runApiBenchmark(),
  web: async () => (await import('./web')).runWebBenchmark(),
  transfers: async () => (await import('./transfers')).runTransfersBenchmark(),
};

const names = process.argv.slice(2).filter((argument) => !argument.startsWith('-'));
const selected = names.length > 0 ? names : Object.keys(benchmarks);
for (const name of selected) {
  const benchmark = benchmarks[name];
  if (benchmark === undefined) {
    process.stderr.write(`Unknown benchmark "${name}". Known: ${Object.keys(benchmarks).join(', ')}\n`);
    process.exit(2);
  }
  process.stdout.write(`\n## ${name}\n`);
  await benchmark();
}
process.exit(0);

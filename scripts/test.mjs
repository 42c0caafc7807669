#!/usr/bin/env node
// The whole test suite: unit, integration (PGlite, or PostgreSQL when DATABASE_URL is set), web
// components, then the browser journeys in Chromium against the built app. A missing browser fails
// the run, and under CI=true so does any skipped test: nothing is skipped silently.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const isCi = process.env.CI === 'true';
// `--database-only`: only the tests whose outcome depends on the database engine (the server's), for
// a second run on another engine; the web's components and journeys ran on the first.
const isDatabaseOnly = process.argv.includes('--database-only');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reportDir = path.resolve('test-results');
mkdirSync(reportDir, { recursive: true });
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function fail(message) {
  console.error(`\n✖ ${message}`);
  process.exit(1);
}

console.log(
  isDatabaseOnly
    ? `\n▶ server unit and integration tests on ${database}\n`
    : `\n▶ unit, integration and component tests on ${database}\n`,
);
const vitestReport = path.join(reportDir, 'vitest.json');
const vitestStatus = run('npx', [
  'vitest',
  'run',
  ...(isDatabaseOnly ? ['--project', 'server'] : []),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = JSON.parse(readFileSync(vitestReport, 'utf8'));
if (vitestStatus !== 0) fail(`vitest failed: ${vitest.numFailedTests} of ${vitest.numTotalTests} tests`);
const vitestSkipped = vitest.numPendingTests + vitest.numTodoTests;
if (isCi && vitestSkipped > 0) fail(`${vitestSkipped} vitest tests were skipped; CI allows none`);
if (isDatabaseOnly) {
  console.log(`\n✔ all server tests passed on ${database}`);
  console.log(`tests: ${vitest.numPassedTests} passed, 0 failed`);
  process.exit(0);
}

if (!existsSync(chromiumPath)) {
  fail(
    `Chromium not found at ${chromiumPath}: the browser journeys cannot run.\n` +
      '  Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.',
  );
}

console.log('\n▶ building the web app for the browser journeys\n');
if (run('npm', ['run', 'build', '-w', '@app/web']) !== 0) fail('the web build failed');

// Journeys get a database of their own, so they never see what other tests left behind.
let e2eDatabaseUrl = '';
let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const name = `harbor_e2e_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  e2eDatabaseUrl = url.toString();
  dropDatabase = async () => {
    const cleanup = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  };
}

console.log(`\n▶ browser journeys in Chromium on ${database}\n`);
const playwrightReport = path.join(reportDir, 'playwright.json');
const journeysStatus = run(
  'npx',
  ['playwright', 'test', '-c', 'apps/web/e2e/playwright.config.ts', '--reporter=list,json'],
  {
    CHROMIUM_PATH: chromiumPath,
    E2E_DATABASE_URL: e2eDatabaseUrl,
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  },
);
await dropDatabase();
const journeys = existsSync(playwrightReport)
  ? JSON.parse(readFileSync(playwrightReport, 'utf8')).stats
  : { expected: 0, unexpected: 1, flaky: 0, skipped: 0 };
if (journeysStatus !== 0) fail(`browser journeys failed: ${journeys.unexpected} failed`);
if (isCi && journeys.skipped > 0) fail(`${journeys.skipped} browser journeys were skipped; CI allows none`);
if (journeys.expected === 0) fail('no browser journey ran');

const passed = vitest.numPassedTests + journeys.expected + journeys.flaky;
console.log(`\n✔ all tests passed on ${database}`);
console.log(`tests: ${passed} passed, 0 failed`);

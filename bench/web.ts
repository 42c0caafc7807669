import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { startBenchApp } from './bench-app';

/**
 * Builds the web app, serves it from the real server, and reports what `/login` costs a phone:
 * the JS and CSS it loads (gzip) against the 160 KB JS budget, and the Lighthouse mobile
 * performance score of `/login` and `/home` (target ≥ 95). The baseline is the budget itself.
 */
const LOGIN_JS_BUDGET_KB = 160;
const SCORE_TARGET = 95;
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function gzipSizeOf(distDir: string, urlPath: string): number {
  const file = path.join(distDir, decodeURIComponent(urlPath));
  const gzipped = `${file}.gz`;
  try {
    return statSync(gzipped).size;
  } catch {
    return gzipSync(readFileSync(file), { level: 9 }).length;
  }
}

async function assetsLoadedBy(page: Page, url: string): Promise<{ js: string[]; css: string[] }> {
  const js = new Set<string>();
  const css = new Set<string>();
  const onResponse = (response: { url(): string; request(): { resourceType(): string } }) => {
    const type = response.request().resourceType();
    const pathname = new URL(response.url()).pathname;
    if (type === 'script') js.add(pathname);
    if (type === 'stylesheet' || pathname.endsWith('.css')) css.add(pathname);
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle0' });
  page.off('response', onResponse);
  return { js: [...js], css: [...css] };
}

async function performanceScore(page: Page, url: string, keepStorage: boolean): Promise<number> {
  const result = await lighthouse(
    url,
    { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: keepStorage },
    undefined,
    page,
  );
  const score = result?.lhr.categories.performance?.score;
  if (score === undefined || score === null) throw new Error(`Lighthouse gave no performance score for ${url}`);
  return Math.round(score * 100);
}

export async function runWebBenchmark(): Promise<void> {
  const build = spawnSync('npm', ['run', 'build', '-w', '@app/web'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The web build failed');

  const bench = await startBenchApp();
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    const assets = await assetsLoadedBy(page, `${bench.baseUrl}/login`);
    const distDir = bench.config.webDistDir;
    const jsBytes = assets.js.reduce((sum, asset) => sum + gzipSizeOf(distDir, asset), 0);
    const cssBytes = assets.css.reduce((sum, asset) => sum + gzipSizeOf(distDir, asset), 0);
    const jsKb = jsBytes / 1024;
    process.stdout.write(
      `/login loads ${assets.js.length} JS files: ${jsKb.toFixed(1)} KB gzip ` +
        `(budget ${LOGIN_JS_BUDGET_KB} KB, ratio ${(jsKb / LOGIN_JS_BUDGET_KB).toFixed(2)})\n` +
        `/login loads ${assets.css.length} CSS files: ${(cssBytes / 1024).toFixed(1)} KB gzip\n`,
    );

    const loginScore = await performanceScore(page, `${bench.baseUrl}/login`, false);

    // /home needs a session: sign in through the form in this tab, then audit with storage kept.
    await page.goto(`${bench.baseUrl}/login`, { waitUntil: 'networkidle0' });
    await page.type('input[type="email"]', 'personal@demo.test');
    await page.type('input[type="password"]', 'Demo-pass-2026');
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'networkidle0' }).catch(() => undefined),
      page.keyboard.press('Enter'),
    ]);
    await page.waitForFunction("location.pathname === '/home'", { timeout: 15_000 });
    const homeScore = await performanceScore(page, `${bench.baseUrl}/home`, true);

    process.stdout.write(
      `Lighthouse mobile performance: /login ${loginScore}, /home ${homeScore} (target ≥ ${SCORE_TARGET})\n`,
    );
  } finally {
    await browser.close();
    await bench.close();
  }
}

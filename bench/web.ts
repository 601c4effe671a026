/**
 * The web app's first load, as a phone meets it (issue 12). Builds the SPA, starts the real server on it (embedded
 * database with the demo data, production mode), then for /login (signed out), the shopper home (signed in as the
 * demo shopper, location granted) and the owner dashboard (signed in as the demo owner):
 * - the JS and CSS the first visit loads, per file as sent (brotli and gzip, from the build's precompressed
 *   copies), framework (React, router, TanStack Query, i18next) and app apart;
 * - Lighthouse 12.8.2 (Node API, its default mobile settings: simulated slow 4G and a 4× slower CPU) in Debian's
 *   Chromium, cold (Lighthouse empties the HTTP cache, service workers and Cache Storage before each run), median
 *   of RUNS runs of the performance and accessibility scores, with FCP, LCP, TBT and CLS.
 * Targets: shopper home ≤ 150 KB brotli JS + CSS; performance ≥ 0.90 and accessibility 1.00 on all three.
 * Run: npm run bench:web   (BENCH_WEB_RUNS to change the number of runs, BENCH_WEB_ONLY=<part of a name> for one
 * screen, BENCH_WEB_SAVE=<dir> to keep each run's Lighthouse report; CHROMIUM_PATH for another browser)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { build } from 'vite';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3190);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BASE = `http://127.0.0.1:${PORT}`;
const repoRoot = path.resolve(import.meta.dirname, '..');
/** Mellieħa, among the demo shops. */
const SHOPPER_POSITION = { latitude: 35.9564, longitude: 14.3622 };
const DEMO = {
  shopper: { username: 'maria', password: 'maria2026pass' },
  owner: { username: 'joseph', password: 'joseph2026pass' },
};

interface Target {
  name: string;
  path: string;
  account: keyof typeof DEMO | undefined;
  /** What must be on the page once it has loaded, so a run that measured an error or a sign-in page is refused. */
  ready: string;
  targetKb?: number;
}

const TARGETS: Target[] = [
  { name: '/login', path: '/login', account: undefined, ready: 'form input[name="username"]' },
  { name: 'shopper home', path: '/', account: 'shopper', ready: 'main a[href^="/viewoffer/"]', targetKb: 150 },
  { name: 'owner dashboard', path: '/', account: 'owner', ready: 'main h1, main h2' },
];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function waitForServer(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function signIn(account: keyof typeof DEMO): Promise<string> {
  const response = await fetch(`${BASE}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO[account]),
  });
  if (!response.ok) throw new Error(`login as ${account} answered ${response.status}`);
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith('auth_token='));
  const value = cookie?.split(';')[0]?.slice('auth_token='.length);
  if (!value) throw new Error(`login as ${account} set no auth_token cookie`);
  return value;
}

/** The size of a built file as sent: its brotli or gzip copy, or the file itself when the build made none (under 1 KB). */
function sentSize(distDir: string, file: string, encoding: 'br' | 'gz') {
  const copy = path.join(distDir, `${file}.${encoding}`);
  return statSync(existsSync(copy) ? copy : path.join(distDir, file)).size;
}

interface FileLoad {
  file: string;
  framework: boolean;
  br: number;
  gz: number;
}

function firstLoadFiles(distDir: string, urls: string[]): FileLoad[] {
  const files = new Set<string>();
  for (const url of urls) {
    const { pathname, origin } = new URL(url);
    if (origin !== BASE || !/\.(?:js|css)$/.test(pathname)) continue;
    files.add(pathname.slice(1));
  }
  return [...files].sort().map((file) => ({
    file,
    framework: path.basename(file).startsWith('framework-'),
    br: sentSize(distDir, file, 'br'),
    gz: sentSize(distDir, file, 'gz'),
  }));
}

/** One Lighthouse run; a run whose trace Lighthouse could not read (NO_NAVSTART and the like) is run again, twice at most. */
async function lighthouseRun(url: string, page: Page): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] }, undefined, page);
    if (!result) throw new Error('Lighthouse gave no result');
    const { runtimeError } = result.lhr;
    if (!runtimeError) return result.lhr;
    if (attempt >= 3) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
    console.log(`  (Lighthouse could not measure that run: ${runtimeError.code}; running it again)`);
  }
}

async function measure(page: Page, target: Target, distDir: string) {
  const scores: { performance: number; accessibility: number; fcp: number; lcp: number; tbt: number; cls: number }[] = [];
  let files: FileLoad[] = [];
  let failures: string[] = [];
  let notes: string[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const lhr = await lighthouseRun(`${BASE}${target.path}`, page);
    // BENCH_WEB_SAVE=<dir> keeps each run's Lighthouse report (JSON) there, to read the request chain behind a figure.
    if (process.env.BENCH_WEB_SAVE) writeFileSync(path.join(process.env.BENCH_WEB_SAVE, `${target.name.replace(/\W+/g, '-')}-${run + 1}.json`), JSON.stringify(lhr));
    if (!(await page.$(target.ready))) throw new Error(`${target.name}: the page Lighthouse measured has no ${target.ready} (${page.url()})`);
    const requests = (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [];
    files = firstLoadFiles(distDir, requests.filter((request) => request.resourceType === 'Script' || request.resourceType === 'Stylesheet').map((request) => request.url));
    failures = Object.values(lhr.audits)
      .filter((audit) => lhr.categories.accessibility?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0) && audit.score !== null && audit.score < 1)
      .map((audit) => audit.id);
    notes = [`host CPU: Lighthouse benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)} (below 1000 Lighthouse warns that its default 4× slowdown over-throttles; this host is well above)`, ...diagnostics(lhr.audits)];
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    scores.push({
      performance: lhr.categories.performance?.score ?? Number.NaN,
      accessibility: lhr.categories.accessibility?.score ?? Number.NaN,
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
    });
  }
  return { scores, files, failures, notes };
}

type Audits = Result['audits'];
interface DetailItem {
  url?: string;
  total?: number;
  duration?: number;
  score?: number;
  node?: { snippet?: string };
  items?: DetailItem[];
}

/** What Lighthouse saw of the last run: the LCP element, layout shifts and the main thread's costliest scripts. */
function diagnostics(audits: Audits): string[] {
  const items = (id: string) => ((audits[id]?.details as { items?: DetailItem[] } | undefined)?.items ?? []);
  const short = (text = '') => (text.length > 90 ? `${text.slice(0, 87)}...` : text);
  const notes: string[] = [];
  const [lcpElement, lcpPhases] = items('largest-contentful-paint-element');
  const lcp = lcpElement?.items?.[0]?.node?.snippet;
  if (lcp) notes.push(`LCP element: ${short(lcp)}`);
  const phases = (lcpPhases?.items ?? []) as { phase?: string; timing?: number }[];
  if (phases.length > 0) notes.push(`LCP phases: ${phases.map((phase) => `${phase.phase} ${Math.round(phase.timing ?? 0)} ms`).join(', ')}`);
  for (const shift of items('layout-shifts').slice(0, 3)) notes.push(`layout shift ${(shift.score ?? 0).toFixed(3)}: ${short(shift.node?.snippet)}`);
  for (const script of items('bootup-time').slice(0, 4)) notes.push(`main thread ${Math.round(script.total ?? 0)} ms: ${short(script.url)}`);
  for (const task of items('long-tasks').slice(0, 4)) notes.push(`long task ${Math.round(task.duration ?? 0)} ms: ${short(task.url)}`);
  return notes;
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'qrib-bench-web-'));
  const distDir = path.join(work, 'dist');
  const dataDir = path.join(work, 'data');
  console.log('building the web app…');
  await build({ root: path.join(repoRoot, 'apps/web'), logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });

  const server = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/api/src/server.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: distDir,
      SEED_DEMO: 'true',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    await waitForServer(`${BASE}/readyz`, 120_000);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    await browser.defaultBrowserContext().overridePermissions(BASE, ['geolocation']);
    const page = await browser.newPage();
    await page.setGeolocation(SHOPPER_POSITION);

    const summary: string[] = [];
    // BENCH_WEB_ONLY=owner measures only the targets whose name contains it (while working on one screen).
    const only = process.env.BENCH_WEB_ONLY;
    for (const target of TARGETS.filter((candidate) => !only || candidate.name.includes(only))) {
      const cookies = await browser.cookies();
      if (cookies.length > 0) await browser.deleteCookie(...cookies);
      if (target.account) await browser.setCookie({ name: 'auth_token', value: await signIn(target.account), domain: '127.0.0.1', path: '/', httpOnly: true });
      // A language chosen before would change what loads: every run starts as a new visitor (English).
      await page.goto(`${BASE}/favicon.svg`);
      await page.evaluate(() => localStorage.clear());

      const { scores, files, failures, notes } = await measure(page, target, distDir);
      const total = (key: 'br' | 'gz', framework?: boolean) => files.filter((file) => framework === undefined || file.framework === framework).reduce((sum, file) => sum + file[key], 0);
      console.log(`\n${target.name} (${target.account ? `signed in as the demo ${target.account}` : 'signed out'}), ${RUNS} cold runs`);
      console.log(`  first-load JS + CSS: ${files.length} files`);
      for (const file of files) console.log(`    ${file.file.padEnd(48)} brotli ${kb(file.br).padStart(9)}  gzip ${kb(file.gz).padStart(9)}${file.framework ? '  (framework)' : ''}`);
      console.log(
        `  total brotli ${kb(total('br'))} (framework ${kb(total('br', true))}, app ${kb(total('br', false))}); gzip ${kb(total('gz'))} (framework ${kb(total('gz', true))}, app ${kb(total('gz', false))})`,
      );
      for (const [index, score] of scores.entries()) {
        console.log(
          `  run ${index + 1}: performance ${score.performance.toFixed(2)}, accessibility ${score.accessibility.toFixed(2)}; FCP ${(score.fcp / 1000).toFixed(2)} s, LCP ${(score.lcp / 1000).toFixed(2)} s, TBT ${score.tbt.toFixed(0)} ms, CLS ${score.cls.toFixed(3)}`,
        );
      }
      const performance = median(scores.map((score) => score.performance));
      const accessibility = median(scores.map((score) => score.accessibility));
      for (const note of notes) console.log(`  ${note}`);
      if (failures.length > 0) console.log(`  accessibility audits not passed (last run): ${failures.join(', ')}`);
      const checks = [`performance ${performance.toFixed(2)} ${performance >= 0.9 ? '≥' : '<'} 0.90`, `accessibility ${accessibility.toFixed(2)} ${accessibility >= 1 ? '=' : '<'} 1.00`];
      if (target.targetKb !== undefined) checks.push(`JS + CSS ${kb(total('br'))} brotli ${total('br') <= target.targetKb * 1024 ? '≤' : '>'} ${target.targetKb} KB`);
      const met = performance >= 0.9 && accessibility >= 1 && (target.targetKb === undefined || total('br') <= target.targetKb * 1024);
      summary.push(`${target.name}: median ${checks.join(', ')} — ${met ? 'met' : 'NOT met'}`);
    }
    console.log(`\nsummary (median of ${RUNS}):`);
    for (const line of summary) console.log(`  ${line}`);
    await browser.disconnect();
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(work, { recursive: true, force: true });
  }
}

await main();

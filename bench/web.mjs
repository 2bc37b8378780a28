#!/usr/bin/env node
/**
 * The member app's first load, measured (issue 15, part 1; issue 30: every page of its table,
 * 3 runs each, median and range; bench/README.md).
 *
 * Builds nothing: expects `npm run build` (apps/web/dist). Starts the server in sandbox mode on
 * its embedded database in a temporary DATA_DIR, behind a byte-counting TCP relay of our own (so
 * every byte the browser or its service worker takes from the network is counted, whoever asked
 * for it), registers a member through the API, and runs Lighthouse (its default mobile emulation
 * and simulated throttling) in the system Chromium on /login (first visit, storage cleared) and on
 * /user/home (signed in: the token put into sessionStorage before the app's scripts run, as
 * e2e/fixtures.ts open() does). Then, in each of the same browser profiles, a repeat visit once
 * the service worker is installed: the bytes that crossed the relay.
 *
 *   npm run build && npm run bench:web [-- --label NAME] [--runs 3] [--out bench/results]
 *     [--app-root DIR] (the checkout whose built app and server are measured: a worktree of
 *     another commit, for before and after with the same bench) [--pages /login,/user/home]
 *     [--repeat-visit] (also the service worker's repeat visit) [--traces DIR] (each run's
 *     Lighthouse trace, for the DevTools performance panel) [--note TEXT] (said in the result)
 *     [--compare-with bench/results/web-…-before.json] (adds the before/after table)
 *   node bench/web.mjs --render bench/results/web-<date>-<label>.json   # rewrites the .md
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CLIENT_HEADERS, fundAndOpen, registerMember } from './lib/members.mjs';
import { aggregate, markdown } from './lib/web-report.mjs';
import { freePort, startServer } from './lib/server.mjs';
import { machine } from './lib/machine.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The rows of issue 30's table and the goals of each (Lighthouse mobile, median of the runs). */
const PAGES = [
  { pathname: '/user/home', signedIn: true, goals: { score: 90, lcpMs: 2500, tbtMs: 200, cls: 0.05 } },
  { pathname: '/login', signedIn: false, goals: { score: 95, lcpMs: 1500, tbtMs: 100, cls: 0.05 } },
  { pathname: '/register', signedIn: false, goals: { score: 90, lcpMs: 2500, tbtMs: 200, cls: 0.05 } },
  { pathname: '/user/statement', signedIn: true, goals: { score: 90, lcpMs: 2500, tbtMs: 200, cls: 0.05 } },
  { pathname: '/user/bonus', signedIn: true, goals: { score: 90, lcpMs: 2500, tbtMs: 200, cls: 0.05 } },
];
const { values: args } = parseArgs({
  options: {
    label: { type: 'string', default: '' },
    runs: { type: 'string', default: '3' },
    out: { type: 'string', default: path.join(root, 'bench', 'results') },
    'app-root': { type: 'string', default: root },
    pages: { type: 'string', default: PAGES.map((page) => page.pathname).join(',') },
    'repeat-visit': { type: 'boolean', default: false },
    traces: { type: 'string', default: '' },
    note: { type: 'string', default: '' },
    render: { type: 'string', default: '' },
    'compare-with': { type: 'string', default: '' },
  },
});
const appRoot = path.resolve(args['app-root']);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const say = (message) => console.log(`[bench:web ${new Date().toISOString().slice(11, 19)}] ${message}`);

/** A TCP relay to `target` that counts the bytes sent back to the browser. */
async function byteCountingRelay(targetPort) {
  const port = await freePort();
  let bytes = 0;
  let connections = 0;
  const server = net.createServer((client) => {
    connections += 1;
    const upstream = net.connect(targetPort, '127.0.0.1');
    upstream.on('data', (chunk) => (bytes += chunk.length));
    client.pipe(upstream);
    upstream.pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${port}`,
    reset() {
      bytes = 0;
      connections = 0;
    },
    read: () => ({ bytes, connections }),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const KB = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** What one Lighthouse report says about the goals and the bytes. */
function summarize(lhr, htmlScripts) {
  const audit = (id) => lhr.audits[id]?.numericValue;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((item) => item.resourceType === 'Script');
  return {
    finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl,
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    tbtMs: Math.round(audit('total-blocking-time')),
    speedIndexMs: Math.round(audit('speed-index')),
    interactiveMs: Math.round(audit('interactive')),
    requests: requests.length,
    transferKB: KB(requests.reduce((sum, item) => sum + (item.transferSize ?? 0), 0)),
    jsTransferKB: KB(scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0)),
    jsResourceKB: KB(scripts.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0)),
    // The page's own scripts: those index.html names (entry, modulepreloads, registerSW), not
    // the chunks the page loads itself afterwards.
    jsOfHtmlKB: KB(
      scripts
        .filter((item) => htmlScripts.has(new URL(item.url).pathname))
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    ),
    scripts: scripts.map((item) => ({
      url: new URL(item.url).pathname,
      transferKB: KB(item.transferSize ?? 0),
      resourceKB: KB(item.resourceSize ?? 0),
      ofHtml: htmlScripts.has(new URL(item.url).pathname),
    })),
    // What moved (CLS) and what the largest paint was (LCP): where to look when they miss.
    layoutShifts: (lhr.audits['layout-shifts']?.details?.items ?? []).map((item) => ({
      score: Math.round((item.score ?? 0) * 1000) / 1000,
      node: item.node?.selector ?? item.node?.snippet ?? null,
    })),
    lcpElement:
      lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.selector ?? null,
    lcpElementSnippet:
      lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    // The profile in figures: where LCP's time goes (TTFB, load delay, load time, render
    // delay), the main thread's work by kind, and the scripts that cost the most CPU.
    lcpPhases: Object.fromEntries(
      (lhr.audits['largest-contentful-paint-element']?.details?.items?.[1]?.items ?? []).map((item) => [
        item.phase,
        Math.round(item.timing),
      ]),
    ),
    mainThread: Object.fromEntries(
      (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((item) => [
        item.group,
        Math.round(item.duration),
      ]),
    ),
    bootup: (lhr.audits['bootup-time']?.details?.items ?? []).slice(0, 5).map((item) => ({
      url: item.url.startsWith('http') ? new URL(item.url).pathname : item.url,
      totalMs: Math.round(item.total),
      scriptingMs: Math.round(item.scripting),
    })),
    longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).slice(0, 6).map((item) => ({
      url: item.url?.startsWith('http') ? new URL(item.url).pathname : item.url,
      startMs: Math.round(item.startTime),
      durationMs: Math.round(item.duration),
    })),
    runWarnings: lhr.runWarnings,
    // A run Lighthouse could not measure (NO_FCP, a timeout): measured again, see main().
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
    throttling: lhr.configSettings.throttlingMethod,
    formFactor: lhr.configSettings.formFactor,
  };
}

/**
 * One browser profile: Lighthouse on `pathname` (first visit), then a repeat visit of it in the
 * same tab once the service worker controls the page; the relay counts that visit's bytes.
 */
async function visit({ relay, pathname, token, htmlScripts, repeat, traceFile, agreementVersion }) {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-web-chrome-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    userDataDir,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    const page = await browser.newPage();
    // As e2e/fixtures.ts open(): Thai, the agreement seen, and the session's token before any script.
    // The agreement is remembered by the version accepted (decision 059): the one the server answers.
    await page.evaluateOnNewDocument(
      (signedIn, version) => {
        localStorage.setItem('locale', 'th');
        localStorage.setItem('agreement', version);
        if (signedIn) sessionStorage.setItem('token', signedIn);
      },
      token ?? '',
      agreementVersion,
    );
    const url = `${relay.base}${pathname}`;
    relay.reset();
    const runner = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      undefined,
      page,
    );
    const firstVisit = { ...summarize(runner.lhr, htmlScripts), relayKB: KB(relay.read().bytes) };
    // What the page showed: home's game cards (issue 30 measures home with 24).
    firstVisit.gameCards = await page.$$eval('[data-game]', (cards) => cards.length);
    if (traceFile) {
      writeFileSync(traceFile, JSON.stringify(runner.artifacts.Trace));
      writeFileSync(traceFile.replace(/\.trace\.json$/, '.lhr.json'), JSON.stringify(runner.lhr));
    }
    if (!repeat) {
      await browser.disconnect();
      return { firstVisit, repeatVisit: null };
    }

    // Repeat visit: load once more (unthrottled) so the service worker installs and takes control.
    await page.goto(url, { waitUntil: 'networkidle0' });
    const controlled = await page.evaluate(async () => {
      if (!('serviceWorker' in navigator)) return false;
      await navigator.serviceWorker.ready;
      for (let i = 0; i < 50 && !navigator.serviceWorker.controller; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return !!navigator.serviceWorker.controller;
    });
    await sleep(1000); // the precache finishing its downloads
    relay.reset();
    const responses = [];
    page.on('response', (response) => {
      // data: URLs (inline images) never reach the network.
      if (!response.url().startsWith('http')) return;
      responses.push({
        url: new URL(response.url()).pathname,
        fromServiceWorker: response.fromServiceWorker(),
      });
    });
    await page.goto(url, { waitUntil: 'networkidle0' });
    const { bytes, connections } = relay.read();
    const repeatVisit = {
      serviceWorkerControlled: controlled,
      networkKB: KB(bytes),
      networkBytes: bytes,
      connections,
      responses: responses.length,
      fromServiceWorker: responses.filter((r) => r.fromServiceWorker).length,
      fromNetwork: responses.filter((r) => !r.fromServiceWorker).map((r) => r.url),
    };
    await browser.disconnect();
    return { firstVisit, repeatVisit };
  } finally {
    await chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (args.render) {
    const results = JSON.parse(readFileSync(args.render, 'utf8'));
    writeFileSync(args.render.replace(/\.json$/, '.md'), markdown(results));
    return;
  }
  const dist = path.join(appRoot, 'apps', 'web', 'dist', 'index.html');
  if (!existsSync(dist))
    throw new Error(`${dist} is missing: run \`npm run build\` first (bench:web builds nothing)`);
  const htmlScripts = new Set(
    [...readFileSync(dist, 'utf8').matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((match) => match[1]),
  );
  const wanted = args.pages.split(',').map((one) => one.trim());
  const measured = PAGES.filter((page) => wanted.includes(page.pathname));
  const info = machine(appRoot);
  const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const loadAverageAtStart = loadAverage();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-web-data-'));
  const port = await freePort();
  const logFile = path.join(os.tmpdir(), `bench-web-${process.pid}.server.log`);
  say(
    `starting the server of ${appRoot} (sandbox, embedded database in ${dataDir}) on port ${port}; log ${logFile}`,
  );
  const server = await startServer({
    root: appRoot,
    databaseUrl: null,
    port,
    logFile,
    extraEnv: { DATA_DIR: dataDir },
  });
  const relay = await byteCountingRelay(port);
  const runs = [];
  const loadAverages = [];
  if (args.traces) mkdirSync(args.traces, { recursive: true });
  try {
    const member = await registerMember(relay.base, 0);
    const { version: agreementVersion } = await (
      await fetch(`${relay.base}/api/lookup/agreements`, { headers: CLIENT_HEADERS })
    ).json();
    // Money in the wallet and a game opened: the statement has rows, home a funded game.
    await fundAndOpen(relay.base, member, 500_000);
    // Runs interleave the pages, so a burst of other people's work spreads over all of them.
    for (let run = 0; run < Number(args.runs); run += 1) {
      loadAverages.push(loadAverage());
      for (const { pathname, signedIn } of measured) {
        say(`Lighthouse ${pathname} (run ${run + 1} of ${args.runs}), load average ${loadAverage()}`);
        const traceFile = args.traces
          ? path.join(args.traces, `${pathname.replaceAll('/', '_')}-${run + 1}.trace.json`)
          : null;
        // A run Lighthouse could not measure is not a figure: it is measured again (twice at
        // most), and the failures are kept in the result.
        const failedAttempts = [];
        let result;
        for (let attempt = 0; attempt < 3; attempt += 1) {
          result = await visit({
            relay,
            pathname,
            token: signedIn ? member.token : null,
            htmlScripts,
            repeat: args['repeat-visit'] && run === 0,
            traceFile,
            agreementVersion,
          });
          const { runtimeError, lcpMs } = result.firstVisit;
          if (!runtimeError && Number.isFinite(lcpMs)) break;
          failedAttempts.push(runtimeError ?? 'no LCP');
          say(`  not measured (${runtimeError ?? 'no LCP'}): again`);
        }
        result.failedAttempts = failedAttempts;
        const f = result.firstVisit;
        say(
          `  score ${f.score}, FCP ${f.fcpMs} ms, LCP ${f.lcpMs} ms (${f.lcpElement}), CLS ${f.cls}, TBT ${f.tbtMs} ms, ` +
            `JS ${f.jsTransferKB} KB${f.gameCards ? `, ${f.gameCards} game cards` : ''}`,
        );
        runs.push({ pathname, run: run + 1, ...result });
      }
    }
  } finally {
    await relay.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const chromium = (await import('node:child_process'))
    .execFileSync(CHROME, ['--version'], { encoding: 'utf8' })
    .trim();
  const loadAverageAtEnd = loadAverage();
  const results = {
    benchmark: 'member app first load (Lighthouse, mobile)',
    label: args.label,
    note: args.note,
    date: new Date().toISOString(),
    machine: info,
    loadAverageAtStart,
    loadAverageAtEachRun: loadAverages,
    loadAverageAtEnd,
    busyMachine: Number(loadAverageAtStart.split(' ')[0]) > info.cores,
    chromium,
    lighthouse: JSON.parse(
      readFileSync(path.join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8'),
    ).version,
    pages: measured.map(({ pathname, goals }) => ({
      pathname,
      goals,
      ...aggregate(runs.filter((one) => one.pathname === pathname).map((one) => one.firstVisit)),
    })),
    runs,
  };
  if (args['compare-with']) {
    const {
      label,
      machine: m,
      date,
      loadAverageAtStart: start,
      loadAverageAtEnd: end,
      pages,
    } = JSON.parse(readFileSync(args['compare-with'], 'utf8'));
    results.before = { label, machine: m, date, loadAverageAtStart: start, loadAverageAtEnd: end, pages };
  }
  mkdirSync(args.out, { recursive: true });
  const base = path.join(args.out, `web-${results.date.slice(0, 10)}${args.label ? `-${args.label}` : ''}`);
  writeFileSync(`${base}.json`, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(`${base}.md`, markdown(results));
  console.log(`\n${markdown(results)}`);
  say(`results: ${path.relative(root, base)}.json and .md`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

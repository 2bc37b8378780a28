#!/usr/bin/env node
/**
 * The member app's first load, measured (issue 15, part 1; bench/README.md).
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
 *   npm run build && npm run bench:web [-- --label NAME] [--runs 1] [--out bench/results]
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
import { registerMember } from './lib/members.mjs';
import { freePort, startServer } from './lib/server.mjs';
import { machine } from './lib/machine.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    label: { type: 'string', default: '' },
    runs: { type: 'string', default: '1' },
    out: { type: 'string', default: path.join(root, 'bench', 'results') },
  },
});
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const GOALS = { score: 95, lcpMs: 1500, cls: 0.05, tbtMs: 100, loginJsKB: 100 };
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
    runWarnings: lhr.runWarnings,
    throttling: lhr.configSettings.throttlingMethod,
    formFactor: lhr.configSettings.formFactor,
  };
}

/**
 * One browser profile: Lighthouse on `pathname` (first visit), then a repeat visit of it in the
 * same tab once the service worker controls the page; the relay counts that visit's bytes.
 */
async function visit({ relay, pathname, token, htmlScripts }) {
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
    await page.evaluateOnNewDocument((signedIn) => {
      localStorage.setItem('locale', 'th');
      localStorage.setItem('agreement', 'true');
      if (signedIn) sessionStorage.setItem('token', signedIn);
    }, token ?? '');
    const url = `${relay.base}${pathname}`;
    relay.reset();
    const runner = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      undefined,
      page,
    );
    const firstVisit = { ...summarize(runner.lhr, htmlScripts), relayKB: KB(relay.read().bytes) };

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

function markdown(results) {
  const { machine: m } = results;
  const met = (ok) => (ok ? 'met' : '**not met**');
  const lines = [
    `# Member app first load, ${results.date.slice(0, 10)}${results.label ? ` (${results.label})` : ''}`,
    '',
    `${m.cores} cores (${m.cpuModel}), node ${m.node}, ${results.chromium}, Lighthouse ${results.lighthouse} (default mobile emulation, ${results.pages[0]?.firstVisit.throttling} throttling), commit ${m.gitCommit?.slice(0, 7)}${m.gitDirty ? ' (uncommitted changes)' : ''}. ` +
      `Load average at start ${results.loadAverageAtStart}.${results.busyMachine ? ' **Taken on a busy machine** (load average above the core count): Lighthouse’s simulated timings come from measured CPU work, so TBT and LCP are inflated.' : ''}`,
    '',
    '| page | score | FCP ms | LCP ms | CLS | TBT ms | JS KB transferred (of index.html) / uncompressed | all KB | requests | repeat visit, SW warm: KB from the network |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...results.pages.map(
      ({ pathname, firstVisit: f, repeatVisit: r }) =>
        `| ${pathname} | ${f.score} | ${f.fcpMs} | ${f.lcpMs} | ${f.cls} | ${f.tbtMs} | ${f.jsTransferKB} (${f.jsOfHtmlKB}) / ${f.jsResourceKB} | ${f.transferKB} | ${f.requests} | ${r.networkKB} (${r.fromServiceWorker} of ${r.responses} answers from the SW${r.serviceWorkerControlled ? '' : '; SW not controlling'}) |`,
    ),
    '',
    '## Goals (issue 15)',
    '',
    '| goal | /login | /user/home |',
    '| --- | --- | --- |',
    ...[
      ['performance score ≥ 95', (f) => `${f.score}: ${met(f.score >= GOALS.score)}`],
      ['LCP ≤ 1.5 s', (f) => `${f.lcpMs} ms: ${met(f.lcpMs <= GOALS.lcpMs)}`],
      ['CLS ≤ 0.05', (f) => `${f.cls}: ${met(f.cls <= GOALS.cls)}`],
      ['TBT ≤ 100 ms', (f) => `${f.tbtMs} ms: ${met(f.tbtMs <= GOALS.tbtMs)}`],
    ].map(([goal, cell]) => `| ${goal} | ${results.pages.map((p) => cell(p.firstVisit)).join(' | ')} |`),
    `| /login JS ≤ 100 KB compressed, first visit | ${results.pages[0].firstVisit.jsTransferKB} KB in all (${results.pages[0].firstVisit.jsOfHtmlKB} KB named by index.html, the rest chunks the page loads itself: its language's texts, the chat button, form schemas, and the member area when the page prefetches it): ${met(results.pages[0].firstVisit.jsTransferKB <= GOALS.loginJsKB)} | |`,
    '',
    '## Scripts of the first visit',
    '',
    ...results.pages.flatMap(({ pathname, firstVisit }) => [
      `- ${pathname}: ${firstVisit.scripts.map((s) => `\`${s.url}\` ${s.transferKB} KB (${s.resourceKB} KB uncompressed${s.ofHtml ? ', in index.html' : ''})`).join(', ')}`,
    ]),
    '',
    'Repeat visit: the same browser profile loads the page again once the service worker controls it; "from the network" is every byte the server sent through the bench’s relay during that load (the page’s requests and the service worker’s alike, headers included).',
    ...results.pages.map(
      ({ pathname, repeatVisit: r }) =>
        `- ${pathname}: from the network: ${r.fromNetwork.join(', ') || 'nothing but'} (${r.networkBytes} bytes, ${r.connections} new connection(s))`,
    ),
    '',
  ];
  return `${lines.join('\n')}\n`;
}

async function main() {
  const dist = path.join(root, 'apps', 'web', 'dist', 'index.html');
  if (!existsSync(dist))
    throw new Error('apps/web/dist is missing: run `npm run build` first (bench:web builds nothing)');
  const htmlScripts = new Set(
    [...readFileSync(dist, 'utf8').matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((match) => match[1]),
  );
  const info = machine(root);
  const loadAverageAtStart = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-web-data-'));
  const port = await freePort();
  const logFile = path.join(os.tmpdir(), `bench-web-${process.pid}.server.log`);
  say(`starting the server (sandbox, embedded database in ${dataDir}) on port ${port}; log ${logFile}`);
  const server = await startServer({
    root,
    databaseUrl: null,
    port,
    logFile,
    extraEnv: { DATA_DIR: dataDir },
  });
  const relay = await byteCountingRelay(port);
  const pages = [];
  try {
    const member = await registerMember(relay.base, 0);
    for (let run = 0; run < Number(args.runs); run += 1) {
      for (const [pathname, token] of [
        ['/login', null],
        ['/user/home', member.token],
      ]) {
        say(`Lighthouse ${pathname}${Number(args.runs) > 1 ? ` (run ${run + 1})` : ''}`);
        const result = await visit({ relay, pathname, token, htmlScripts });
        say(
          `  score ${result.firstVisit.score}, LCP ${result.firstVisit.lcpMs} ms, CLS ${result.firstVisit.cls}, TBT ${result.firstVisit.tbtMs} ms, ` +
            `JS ${result.firstVisit.jsTransferKB} KB; repeat visit ${result.repeatVisit.networkKB} KB from the network`,
        );
        pages.push({ pathname, run: run + 1, ...result });
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
  const results = {
    benchmark: 'member app first load (Lighthouse, mobile)',
    label: args.label,
    date: new Date().toISOString(),
    machine: info,
    loadAverageAtStart,
    busyMachine: Number(loadAverageAtStart.split(' ')[0]) > info.cores,
    chromium,
    lighthouse: JSON.parse(
      readFileSync(path.join(root, 'node_modules', 'lighthouse', 'package.json'), 'utf8'),
    ).version,
    goals: GOALS,
    pages,
  };
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

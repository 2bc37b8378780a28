#!/usr/bin/env node
/**
 * Slip reading vs the event loop (bench/README.md).
 *
 * Creates a fresh PostgreSQL database, starts the real server on it in sandbox mode, signs up
 * members, then probes GET /api/health at an even pace: first with nothing else going on, then
 * while every member uploads a worst-case slip at the same moment (a PNG of black and white
 * noise, ~500 KB, 1290 px wide like a phone screenshot: jsQR chases finder patterns all over it).
 * The health probe's latency is counted from when each probe was due (no coordinated omission).
 * Results go to bench/results/slips-<date>[-<tag>].json and .md.
 *
 *   node bench/slips.mjs [--slips 8] [--width 1290] [--height 1770] [--probe-every 10]
 *                        [--idle 5] [--pg postgres://postgres@127.0.0.1:5432] [--keep-db]
 *                        [--out bench/results] [--date YYYY-MM-DD] [--tag NAME]
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { startCpuSampler } from './lib/cpu.mjs';
import { machine } from './lib/machine.mjs';
import { CLIENT_HEADERS, setUpMembers } from './lib/members.mjs';
import { freePort, startServer } from './lib/server.mjs';
import { psql } from './lib/shell.mjs';
import { percentiles } from './lib/stats.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values: args } = parseArgs({
  options: {
    slips: { type: 'string', default: '8' },
    width: { type: 'string', default: '1290' },
    height: { type: 'string', default: '1770' },
    'probe-every': { type: 'string', default: '10' },
    idle: { type: 'string', default: '5' },
    pg: { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432' },
    'keep-db': { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(root, 'bench', 'results') },
    date: { type: 'string' },
    tag: { type: 'string', default: '' },
  },
});

const slipCount = Number(args.slips);
const width = Number(args.width);
const height = Number(args.height);
const probeEveryMs = Number(args['probe-every']);
const idleSeconds = Number(args.idle);
/** p99 of /api/health while the slips are read must stay under this (the issue's goal). */
const GOAL_P99_MS = 50;

const say = (message) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
const started = new Date();
const date = args.date ?? started.toISOString().slice(0, 10);
const dbName = `bench_slips_${started.toISOString().replace(/\D/g, '').slice(0, 14)}_${process.pid}`;
const adminUrl = `${args.pg.replace(/\/$/, '')}/postgres`;
const dbUrl = `${args.pg.replace(/\/$/, '')}/${dbName}`;
mkdirSync(args.out, { recursive: true });
const serverLog = path.join(os.tmpdir(), `${dbName}.server.log`);
/** Set explicitly: the server's own default mode is not the bench's business. */
const SERVER_ENV = { APP_MODE: 'sandbox', SLIP_UPLOADS_PER_HOUR: '1000' };

/** A grey-scale PNG of black and white noise from a seeded generator: the same image every run. */
function noisePng(w, h, seed) {
  let state = seed >>> 0 || 1;
  const pixels = Buffer.alloc(w * h);
  for (let at = 0; at < pixels.length; at += 32) {
    // xorshift32: 32 pixels a step
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    for (let bit = 0; bit < 32 && at + bit < pixels.length; bit += 1) {
      pixels[at + bit] = (state >>> bit) & 1 ? 255 : 0;
    }
  }
  return sharp(pixels, { raw: { width: w, height: h, channels: 1 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** One GET /api/health on its own connection; its latency from `due`. */
function probeOnce(base, due) {
  return new Promise((resolve) => {
    const request = http.get(`${base}/api/health`, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ ms: performance.now() - due, status: response.statusCode }));
    });
    request.on('error', () => resolve({ ms: performance.now() - due, status: 0 }));
  });
}

/** Probes every `everyMs` until stopped, whatever came back (open loop). */
function startProbing(base, everyMs) {
  const pending = [];
  const start = performance.now();
  let index = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const due = start + index * everyMs;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      pending.push(probeOnce(base, due));
      index += 1;
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      const results = await Promise.all(pending);
      return {
        probes: results.length,
        failed: results.filter((result) => result.status !== 200).length,
        latencyMs: percentiles(results.map((result) => result.ms)),
      };
    },
  };
}

async function uploadSlip(base, token, png) {
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'slip.png');
  const begun = performance.now();
  const response = await fetch(`${base}/api/wallet/slip`, {
    method: 'POST',
    headers: { ...CLIENT_HEADERS, authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    body: form,
  });
  const body = await response.text();
  return { status: response.status, body, ms: Math.round(performance.now() - begun) };
}

function markdown(results) {
  const row = (name, phase) => {
    const l = phase.health.latencyMs;
    return `| ${name} | ${phase.health.probes} | ${l.p50} | ${l.p99} | ${l.max} | ${phase.health.failed} |`;
  };
  const load = results.phases.load;
  const answers = Object.entries(
    load.uploads.reduce((counts, upload) => {
      const key = `${upload.status} ${upload.body}`;
      counts[key] = (counts[key] ?? 0) + 1;
      return counts;
    }, {}),
  )
    .map(([answer, count]) => `${count} x \`${answer}\``)
    .join(', ');
  return [
    `# Slip reading vs /api/health, ${results.date.slice(0, 10)}${results.tag ? ` (${results.tag})` : ''}`,
    '',
    `Commit \`${results.machine.gitCommit?.slice(0, 7)}\`${results.machine.gitDirty ? ' (with uncommitted work in the tree)' : ''}, ` +
      `${results.machine.cores} cores (${results.machine.cpuModel}), node ${results.machine.node}. ` +
      `${results.settings.slips} uploads at once of a ${results.settings.width}x${results.settings.height} ` +
      `noise PNG (${results.settings.pngBytes} bytes); /api/health probed every ${results.settings.probeEveryMs} ms.`,
    '',
    '| phase | probes | p50 ms | p99 ms | max ms | failed |',
    '| ----- | -----: | -----: | -----: | -----: | -----: |',
    row('idle', results.phases.idle),
    row('while the slips are read', load),
    '',
    `Goal: p99 under ${GOAL_P99_MS} ms while the slips are read: **${load.health.latencyMs.p99 < GOAL_P99_MS ? 'met' : 'not met'}** ` +
      `(p99 ${load.health.latencyMs.p99} ms).`,
    '',
    `Uploads: all answered within ${Math.max(...load.uploads.map((upload) => upload.ms))} ms ` +
      `(first ${Math.min(...load.uploads.map((upload) => upload.ms))} ms); answers: ${answers}.`,
    '',
    `CPU while the slips were read (${load.cpu.seconds} s): server ${load.cpu.coresBusy.server} cores, ` +
      `PostgreSQL ${load.cpu.coresBusy.postgresBackends}, others ${load.cpu.coresBusy.otherProcesses}.`,
    '',
  ].join('\n');
}

async function main() {
  const info = machine(root);
  say(`machine: ${info.cores} cores, ${info.cpuModel}, node ${info.node}`);
  const png = await noisePng(width, height, 20261123);
  say(`noise PNG ${width}x${height}: ${png.length} bytes`);

  await psql(adminUrl, `CREATE DATABASE ${dbName}`);
  let server = null;
  try {
    const port = await freePort();
    server = await startServer({ root, databaseUrl: dbUrl, port, logFile: serverLog, extraEnv: SERVER_ENV });
    say(`server on ${server.base} (log ${serverLog})`);
    // The demo closes slip uploads around midnight in Bangkok: not during this run.
    const opened = await fetch(`${server.base}/api/sandbox/settings/slip-window`, {
      method: 'POST',
      headers: { ...CLIENT_HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify({ closedFrom: null, closedTo: null }),
    });
    if (!opened.ok) throw new Error(`slip window: ${opened.status} ${await opened.text()}`);
    const members = await setUpMembers(server.base, { count: slipCount, creditMinor: 100, parallel: 2 });
    await sleep(1000);

    say(`idle: probing /api/health for ${idleSeconds} s`);
    const idleProbe = startProbing(server.base, probeEveryMs);
    await sleep(idleSeconds * 1000);
    const idle = { health: await idleProbe.stop() };
    say(`idle p50 ${idle.health.latencyMs.p50} ms, p99 ${idle.health.latencyMs.p99} ms`);

    say(`load: ${slipCount} noise slips at once`);
    const sampler = startCpuSampler({ serverPid: server.pid, dbName });
    const loadProbe = startProbing(server.base, probeEveryMs);
    await sleep(200);
    const uploads = await Promise.all(members.map((member) => uploadSlip(server.base, member.token, png)));
    await sleep(200);
    const load = { health: await loadProbe.stop(), uploads, cpu: sampler.stop() };
    say(
      `load p50 ${load.health.latencyMs.p50} ms, p99 ${load.health.latencyMs.p99} ms, max ${load.health.latencyMs.max} ms; ` +
        `uploads took up to ${Math.max(...uploads.map((upload) => upload.ms))} ms`,
    );

    const results = {
      benchmark: 'GET /api/health while worst-case slips are read',
      date: started.toISOString(),
      tag: args.tag,
      machine: info,
      settings: {
        slips: slipCount,
        width,
        height,
        pngBytes: png.length,
        probeEveryMs,
        idleSeconds,
        serverEnv: SERVER_ENV,
        goalP99Ms: GOAL_P99_MS,
      },
      phases: { idle, load },
    };
    const name = `slips-${date}${args.tag ? `-${args.tag}` : ''}`;
    writeFileSync(path.join(args.out, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(path.join(args.out, `${name}.md`), markdown(results));
    say(`wrote ${path.join(args.out, `${name}.{json,md}`)}`);
  } finally {
    await server?.stop();
    if (!args['keep-db']) await psql(adminUrl, `DROP DATABASE IF EXISTS ${dbName}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

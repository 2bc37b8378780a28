#!/usr/bin/env node
/**
 * Chat sockets: how many idle guest sockets one server process holds, and how fast staff answers
 * reach them at a steady rate (issue 14, "Load in bench/"; bench/README.md).
 *
 * Creates a fresh PostgreSQL database and (by default) a Redis server of its own, starts one
 * server process on them in sandbox mode, signs in one staff member (npm run staff:create, then
 * password and TOTP through the API), then from several load-generator processes
 * (bench/lib/chat-clients.mjs, child_process.fork):
 *   1. opens N guest sockets in batches (guest id from POST /api/chat/guest, the Socket.IO
 *      handshake over websocket, `join` with its ack), recording connect times, failures and the
 *      server's RSS;
 *   2. holds them idle for a while (server CPU, event-loop lag from a websocket ping round trip);
 *   3. has each guest send one message, so a conversation exists for staff to answer;
 *   4. at R messages a second for D seconds, staff answer random conversations
 *      (POST /api/console/chat/conversations/:id/messages); a message's delivery time runs from the
 *      HTTP request being issued to its `messaging` event arriving on the room's socket, on the
 *      clock of the process that does both; lost messages are those answered 200 that never arrive;
 *   5. then opens more sockets, up to the ceiling, and measures delivery again with them all held.
 * Results: bench/results/chat-sockets-<date>[-<tag>].json and .md.
 *
 *   node bench/chat-sockets.mjs [--sockets 5000] [--ceiling 10000] [--rates 100,500] [--duration 30]
 *                               [--batch 250] [--clients 2] [--conversations N] [--idle 10]
 *                               [--probe-every 100] [--redis private|none|URL]
 *                               [--every-rate] [--quiet-wait 60] [--priority 0]
 *                               [--pg postgres://postgres@127.0.0.1:5432] [--keep-db] [--profile]
 *                               [--out bench/results] [--date YYYY-MM-DD] [--tag NAME]
 *   node bench/chat-sockets.mjs --render bench/results/chat-sockets-<date>.json   (rewrites the .md)
 *
 * --profile loads bench/profile/instrument.mjs into the server (as transfers.mjs --profile does):
 * per phase, every SQL statement and transaction, pool waits, server time by route, the event
 * loop's utilisation and delay, and a V8 CPU profile. It slows the server down, so such a run is
 * written with a -profile tag and is not the headline.
 *
 * --priority=-10 (a diagnostic, written with a -priority tag): renices every thread of the bench's
 * own processes (the server, its PostgreSQL backends, its Redis, the load generators) so that
 * other people's work on a shared machine gets the CPU after them: what is left of the latency is
 * the server's own.
 */
import { fork, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { generate } from 'otplib';
import { io } from 'socket.io-client';
import { startCpuSampler } from './lib/cpu.mjs';
import { machine } from './lib/machine.mjs';
import { CLIENT_HEADERS } from './lib/members.mjs';
import { freePort, startServer } from './lib/server.mjs';
import { psql, run } from './lib/shell.mjs';
import { percentiles } from './lib/stats.mjs';
import { summarizeCpuProfile } from './profile/cpuprofile.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values: args } = parseArgs({
  options: {
    sockets: { type: 'string', default: '5000' },
    ceiling: { type: 'string', default: '10000' },
    rates: { type: 'string', default: '100,500' },
    duration: { type: 'string', default: '30' },
    batch: { type: 'string', default: '250' },
    clients: { type: 'string', default: '2' },
    conversations: { type: 'string' },
    idle: { type: 'string', default: '10' },
    'probe-every': { type: 'string', default: '100' },
    redis: { type: 'string', default: 'private' },
    pg: { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432' },
    'keep-db': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    'every-rate': { type: 'boolean', default: false },
    'quiet-wait': { type: 'string', default: '60' },
    priority: { type: 'string', default: '0' },
    out: { type: 'string', default: path.join(root, 'bench', 'results') },
    date: { type: 'string' },
    tag: { type: 'string', default: '' },
    render: { type: 'string' },
  },
});

const socketsGoal = Number(args.sockets);
const ceiling = Math.max(socketsGoal, Number(args.ceiling));
const rates = args.rates
  .split(',')
  .map(Number)
  .filter((rate) => rate > 0);
const durationSec = Number(args.duration);
const batchSize = Number(args.batch);
const clientCount = Math.max(1, Number(args.clients));
const conversations = Math.min(socketsGoal, Number(args.conversations ?? socketsGoal));
const idleSec = Number(args.idle);
const probeEveryMs = Number(args['probe-every']);
const priority = Number(args.priority);
/** The issue's goal: 5,000 sockets, p99 delivery under 100 ms. */
const GOAL = { sockets: 5000, p99Ms: 100 };
/** A ramp stops (the ceiling is reached) past these. */
const STOP_RAMP = { failedShare: 0.05, pingP99Ms: 1000 };
const STAFF_PASSWORD = 'Bench-staff-password-7391';

const say = (message) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
const started = new Date();
const date = args.date ?? started.toISOString().slice(0, 10);
const dbName = `bench_chat_${started.toISOString().replace(/\D/g, '').slice(0, 14)}_${process.pid}`;
const adminUrl = `${args.pg.replace(/\/$/, '')}/postgres`;
const dbUrl = `${args.pg.replace(/\/$/, '')}/${dbName}`;
mkdirSync(args.out, { recursive: true });
const serverLog = path.join(os.tmpdir(), `${dbName}.server.log`);
const round = (value, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

// ---------------------------------------------------------------------------------------------
// The server process as /proc shows it

function procStatus(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMB: round(kb('VmRSS') / 1024), hwmMB: round(kb('VmHWM') / 1024), threads: kb('Threads') };
}

function fdCount(pid) {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return null;
  }
}

/** The event-loop thread's CPU time and time spent runnable but waiting for a CPU (ns counters). */
function schedstat(pid) {
  try {
    const [runNs, waitNs] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').trim().split(/\s+/).map(Number);
    return { runNs, waitNs, at: performance.now() };
  } catch {
    return null;
  }
}

/**
 * Pressure stall information (/proc/pressure/<cpu|io>): microseconds during which at least one
 * runnable task of the machine waited for a CPU (or for I/O). The share of a phase's time spent so
 * says how much the neighbours' work got in the way, whoever they are.
 */
function pressure() {
  const read = (kind) => {
    try {
      const text = readFileSync(`/proc/pressure/${kind}`, 'utf8');
      return {
        totalUs: Number(/^some .*total=(\d+)/m.exec(text)?.[1]),
        avg10: Number(/^some avg10=([\d.]+)/m.exec(text)?.[1]),
      };
    } catch {
      return null;
    }
  };
  return { cpu: read('cpu'), io: read('io'), at: performance.now() };
}

function pressureDelta(before, after) {
  const share = (kind) =>
    before[kind] && after[kind]
      ? round(((after[kind].totalUs - before[kind].totalUs) / 1000 / (after.at - before.at)) * 100)
      : null;
  return { cpuSomePercent: share('cpu'), ioSomePercent: share('io') };
}

/**
 * Waits (at most `seconds`) until the machine's CPU pressure (avg10) falls under 10 %: other people's
 * test runs come in bursts, and a step measured during one says more about them than about us.
 */
async function waitForQuiet(seconds) {
  const begun = performance.now();
  let now = pressure();
  while (seconds > 0 && (now.cpu?.avg10 ?? 0) >= 10 && performance.now() - begun < seconds * 1000) {
    await sleep(2000);
    now = pressure();
  }
  return {
    waitedSeconds: round((performance.now() - begun) / 1000),
    cpuPressureAvg10AtStart: now.cpu?.avg10 ?? null,
  };
}

function schedDelta(before, after) {
  if (!before || !after) return null;
  const seconds = (after.at - before.at) / 1000;
  const waitMs = (after.waitNs - before.waitNs) / 1e6;
  return {
    cpuMs: round((after.runNs - before.runNs) / 1e6),
    waitedForCpuMs: round(waitMs),
    waitedForCpuMsPerSecond: round(waitMs / seconds),
  };
}

function openFileLimit(pid) {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((text) => text.startsWith('Max open files'));
  const [soft, hard] = line.replace('Max open files', '').trim().split(/\s+/);
  return { soft: Number(soft), hard: hard === 'unlimited' ? Infinity : Number(hard) };
}

// ---------------------------------------------------------------------------------------------
// Redis of our own (the server's Socket.IO adapter and rate limits), so the channels of other
// servers on a shared Redis (same adapter key) play no part.

async function startRedis() {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--loglevel',
      'warning',
    ],
    { stdio: 'ignore' },
  );
  for (let tries = 0; tries < 100; tries += 1) {
    const pong = await run('redis-cli', ['-p', String(port), 'ping']);
    if (pong.stdout.trim() === 'PONG') {
      const version = /redis_version:(\S+)/.exec(
        (await run('redis-cli', ['-p', String(port), 'info', 'server'])).stdout,
      )?.[1];
      return {
        url: `redis://127.0.0.1:${port}`,
        pid: child.pid,
        version,
        stop: () => child.kill('SIGTERM'),
      };
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not answer PING');
}

// ---------------------------------------------------------------------------------------------
// Load-generator processes

function startClients(count) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const child = fork(path.join(root, 'bench', 'lib', 'chat-clients.mjs'), [], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      const waiting = new Map();
      let nextId = 0;
      child.on('message', ({ id, result, error }) => {
        const entry = waiting.get(id);
        waiting.delete(id);
        if (error) entry?.reject(new Error(error));
        else entry?.resolve(result);
      });
      child.on('exit', (code) => {
        for (const entry of waiting.values()) entry.reject(new Error(`load generator exited ${code}`));
      });
      return {
        pid: child.pid,
        ask: (cmd, payload = {}) =>
          new Promise((resolve, reject) => {
            const id = nextId++;
            waiting.set(id, { resolve, reject });
            child.send({ id, cmd, ...payload });
          }),
        kill: () => child.kill('SIGTERM'),
      };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Event-loop lag: a websocket ping frame on a probe socket, answered by the server's ws library on
// its event loop. Open loop: a ping goes out every probeEveryMs whatever came back.

function startPinger(socket) {
  const ws = socket.io.engine.transport.ws;
  const sentAt = [];
  let bucket = [];
  let timeline = [];
  ws.on('pong', () => {
    const at = sentAt.shift();
    if (at !== undefined) {
      const ms = performance.now() - at;
      bucket.push(ms);
      timeline.push(ms);
    }
  });
  const timer = setInterval(() => {
    sentAt.push(performance.now());
    ws.ping();
  }, probeEveryMs);
  return {
    /** Round trips since the last take (and the pings still unanswered, counted as lost). */
    take() {
      const taken = bucket;
      bucket = [];
      return { ...percentiles(taken), unanswered: sentAt.length };
    },
    /** The round trips since the last call, for a batch of a ramp. */
    recent() {
      const taken = timeline;
      timeline = [];
      return percentiles(taken);
    },
    stop: () => clearInterval(timer),
  };
}

// ---------------------------------------------------------------------------------------------

async function json(base, method, url, body, headers = {}) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...CLIENT_HEADERS,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return Object.defineProperty(JSON.parse(text), 'setCookie', { value: response.headers.getSetCookie() });
}

/** Renices every thread of `pids` (Linux sets the nice value per thread). */
async function renice(pids, value) {
  const tids = pids.flatMap((pid) => {
    try {
      return readdirSync(`/proc/${pid}/task`);
    } catch {
      return [];
    }
  });
  if (tids.length > 0) await run('renice', ['-n', String(value), '-p', ...tids]);
  return tids.length;
}

/** The bench database's counters (pg_stat_database), for what one message costs PostgreSQL. */
async function databaseCounters() {
  const line = await psql(
    adminUrl,
    `select xact_commit, tup_inserted, tup_updated, tup_fetched, tup_returned from pg_stat_database where datname = '${dbName}'`,
  );
  const [commits, inserted, updated, fetched, returned] = line.split('|').map(Number);
  return { commits, inserted, updated, fetched, returned };
}

const counterDelta = (before, after) =>
  Object.fromEntries(Object.keys(after).map((key) => [key, after[key] - before[key]]));

/**
 * A staff member made by `npm run staff:create`, signed in with password and TOTP through the API;
 * answers the headers of its console calls: the session cookie and its CSRF token (decision 047).
 */
async function staffSession(base) {
  const created = await run(
    'npm',
    ['run', '--silent', 'staff:create', '--', '--username', 'bench-staff', '--name', 'Bench Staff'],
    { cwd: root, env: { ...process.env, DATABASE_URL: dbUrl, STAFF_PASSWORD } },
  );
  if (created.code !== 0) throw new Error(`staff:create failed: ${created.stdout}${created.stderr}`);
  const first = await json(base, 'POST', '/api/console/login', {
    username: 'bench-staff',
    password: STAFF_PASSWORD,
  });
  if (first.step !== 'enrol') throw new Error(`staff sign-in: expected enrol, got ${first.step}`);
  const code = await generate({ secret: first.secret, epoch: Math.floor(Date.now() / 1000) });
  const session = await json(base, 'POST', '/api/console/login/totp', { challenge: first.challenge, code });
  const cookie = session.setCookie
    .map((line) => line.split(';')[0])
    .find((pair) => pair.includes('wallet-staff='));
  if (!cookie) throw new Error('staff sign-in: no session cookie');
  return { cookie, 'x-staff-csrf': session.csrfToken };
}

function connectSocket(base, auth) {
  const socket = io(base, {
    path: '/socket.io',
    transports: ['websocket'],
    auth,
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const sum = (values) => values.reduce((total, value) => total + value, 0);
const mergeCounts = (list) => {
  const merged = {};
  for (const counts of list)
    for (const [key, count] of Object.entries(counts)) merged[key] = (merged[key] ?? 0) + count;
  return merged;
};

async function main() {
  const info = machine(root);
  info.postgres = await psql(adminUrl, 'select version()');
  info.socketIoClient = JSON.parse(
    readFileSync(path.join(root, 'node_modules', 'socket.io-client', 'package.json'), 'utf8'),
  ).version;
  info.socketIo = JSON.parse(
    readFileSync(path.join(root, 'node_modules', 'socket.io', 'package.json'), 'utf8'),
  ).version;
  info.loadAverageAtStart = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  say(
    `machine: ${info.cores} cores, ${info.cpuModel}, node ${info.node}; load average ${info.loadAverageAtStart}`,
  );

  const results = {
    benchmark:
      'chat: idle guest sockets held by one server process, and staff answers delivered at a steady rate',
    date: started.toISOString(),
    tag: args.tag,
    machine: info,
    settings: {
      sockets: socketsGoal,
      ceiling,
      rates,
      durationSeconds: durationSec,
      batch: batchSize,
      loadGeneratorProcesses: clientCount,
      conversations,
      idleSeconds: idleSec,
      probeEveryMs,
      transport: 'websocket only (no long-polling first), no reconnection',
      delivery:
        'staff answer (POST /api/console/chat/conversations/:id/messages), one staff session, random conversations, paced open loop',
      latency:
        'HTTP request issued -> messaging event on the room socket, same process clock (performance.now)',
      redis: args.redis,
      everyRate: args['every-rate'],
      priority:
        priority === 0
          ? 'as started (nice 0)'
          : `nice ${priority} for the server, its PostgreSQL backends, Redis and the load generators during delivery steps`,
      quietWaitSeconds: Number(args['quiet-wait']),
      goal: GOAL,
    },
  };

  say(`creating database ${dbName}`);
  await psql(adminUrl, `CREATE DATABASE ${dbName}`);
  let server = null;
  let redis = null;
  let clients = [];
  const sockets = [];
  let pinger = null;
  const profileDir = args.profile ? mkdtempSync(path.join(os.tmpdir(), 'bench-chat-profile-')) : null;
  const profileOut = profileDir ? path.join(profileDir, 'instrument.json') : null;
  results.settings.instrumented = args.profile;

  /** With --profile: what the instrumented server gathered since the last ask (and start anew). */
  async function serverProfile() {
    if (!profileDir || !server) return undefined;
    rmSync(profileOut, { force: true });
    process.kill(server.pid, 'SIGUSR2');
    for (let waited = 0; waited < 300 && !existsSync(profileOut); waited += 1) await sleep(100);
    if (!existsSync(profileOut)) return undefined;
    const timings = JSON.parse(readFileSync(profileOut, 'utf8'));
    // Routes by shape: /conversations/17/messages and /conversations/18/messages are one route.
    const routes = {};
    for (const [route, entry] of Object.entries(timings.routes ?? {})) {
      const key = route.replace(/\/\d+(?=\/|$)/g, '/:id');
      const merged = (routes[key] ??= { count: 0, ms: 0, maxMs: 0 });
      merged.count += entry.count;
      merged.ms = round(merged.ms + entry.ms, 3);
      merged.maxMs = Math.max(merged.maxMs, entry.maxMs);
    }
    for (const entry of Object.values(routes)) entry.avgMs = round(entry.ms / entry.count, 3);
    timings.routes = routes;
    if (timings.cpuProfile) {
      timings.cpuProfileSummary = summarizeCpuProfile(timings.cpuProfile);
      delete timings.cpuProfile;
    }
    return timings;
  }

  try {
    let redisUrl = '';
    if (args.redis === 'private') {
      redis = await startRedis();
      redisUrl = redis.url;
      info.redis = redis.version;
      say(`redis-server ${redis.version} of our own at ${redisUrl}`);
    } else if (args.redis !== 'none') redisUrl = args.redis;
    const serverEnv = { APP_MODE: 'sandbox', REDIS_URL: redisUrl, LOG_LEVEL: 'warn' };
    results.settings.serverEnv = { ...serverEnv, REDIS_URL: redisUrl ? '(set)' : '(unset)' };

    const port = await freePort();
    server = await startServer({
      root,
      databaseUrl: dbUrl,
      port,
      logFile: serverLog,
      extraEnv: {
        ...serverEnv,
        ...(profileDir ? { BENCH_PROFILE_OUT: profileOut, BENCH_CPU_PROFILE_DIR: profileDir } : {}),
      },
      nodeFlags: profileDir ? ['--import', './bench/profile/instrument.mjs'] : [],
    });
    say(`server pid ${server.pid} on ${server.base} (log ${serverLog})`);

    // One descriptor per socket, plus the database, Redis and the rest: raise the soft limit if short.
    let limit = openFileLimit(server.pid);
    const needed = ceiling + 1000;
    if (limit.soft < needed) {
      const target = Math.min(limit.hard, Math.max(needed, 65536));
      await run('prlimit', [
        '--pid',
        String(server.pid),
        `--nofile=${target}:${limit.hard === Infinity ? 'unlimited' : limit.hard}`,
      ]);
      limit = openFileLimit(server.pid);
    }
    results.serverOpenFileLimit = limit;
    say(`server open-file limit ${limit.soft} (hard ${limit.hard}); needed about ${needed}`);
    if (limit.soft < needed) say(`WARNING: the limit is below what ${ceiling} sockets need`);

    const staffHeaders = await staffSession(server.base);
    say('staff signed in (password + TOTP)');

    clients = await startClients(clientCount);
    await Promise.all(clients.map((client) => client.ask('init', { base: server.base, staffHeaders })));
    const pidGroups = { [server.pid]: 'server' };
    for (const client of clients) pidGroups[client.pid] = 'loadGenerator';
    if (redis) pidGroups[redis.pid] = 'redis';
    const sampler = () => startCpuSampler({ serverPid: server.pid, dbName, pidGroups });

    // The probe socket (a guest) and the staff console's socket (inbox events), both in this process.
    const probeGuest = await json(server.base, 'POST', '/api/chat/guest');
    const probe = await connectSocket(server.base, { guestId: probeGuest.guestId });
    sockets.push(probe);
    const { ticket } = await json(server.base, 'POST', '/api/console/chat/socket-ticket', {}, staffHeaders);
    const staffSocket = await connectSocket(server.base, { staffTicket: ticket });
    sockets.push(staffSocket);
    let inboxEvents = 0;
    staffSocket.on('inbox', () => (inboxEvents += 1));
    pinger = startPinger(probe);

    /** An idle spell: CPU, event-loop lag and memory with the sockets held. */
    async function idle(seconds) {
      await serverProfile();
      pinger.take();
      const cpu = sampler();
      const sched = schedstat(server.pid);
      const pressureBefore = pressure();
      await sleep(seconds * 1000);
      return {
        seconds,
        cpu: cpu.stop(),
        eventLoopThread: schedDelta(sched, schedstat(server.pid)),
        machinePressure: pressureDelta(pressureBefore, pressure()),
        pingMs: pinger.take(),
        server: procStatus(server.pid),
        serverFds: fdCount(server.pid),
        serverTimings: await serverProfile(),
      };
    }

    /** Opens sockets up to `target` in batches shared between the load generators. */
    async function ramp(from, target, { stopEarly }) {
      pinger.take();
      const cpu = sampler();
      const begun = performance.now();
      const batches = [];
      const connectMs = [];
      const joinMs = [];
      const errors = [];
      let opened = 0;
      let failed = 0;
      let stoppedBecause = null;
      for (let have = from; have < target;) {
        const size = Math.min(batchSize, target - have);
        const shares = clients.map(
          (_, index) => Math.floor(size / clients.length) + (index < size % clients.length ? 1 : 0),
        );
        const batchBegun = performance.now();
        const answers = await Promise.all(
          clients.map((client, index) =>
            shares[index] ? client.ask('open', { count: shares[index] }) : null,
          ),
        );
        const done = answers.filter(Boolean);
        const batch = {
          sockets: have + size,
          opened: sum(done.map((answer) => answer.opened)),
          failed: sum(done.map((answer) => answer.failed)),
          wallMs: Math.round(performance.now() - batchBegun),
          server: procStatus(server.pid),
          pingMs: pinger.recent(),
        };
        batches.push(batch);
        for (const answer of done) {
          connectMs.push(...answer.connectMs);
          joinMs.push(...answer.joinMs);
          errors.push(answer.errors);
        }
        opened += batch.opened;
        failed += batch.failed;
        have += size;
        if ((have - from) % 1000 < batchSize || have === target)
          say(
            `  ${from + opened} sockets open (${failed} failed), batch ${batch.wallMs} ms, server RSS ${batch.server.rssMB} MB, ` +
              `ping p99 ${batch.pingMs?.p99 ?? '-'} ms`,
          );
        if (stopEarly) {
          if (batch.failed / size > STOP_RAMP.failedShare)
            stoppedBecause = `batch at ${have}: ${batch.failed} of ${size} failed`;
          else if ((batch.pingMs?.p99 ?? 0) > STOP_RAMP.pingP99Ms)
            stoppedBecause = `batch at ${have}: ping p99 ${batch.pingMs.p99} ms`;
          if (stoppedBecause) break;
        }
      }
      const wallSeconds = (performance.now() - begun) / 1000;
      return {
        from,
        target,
        opened,
        failed,
        errors: mergeCounts(errors),
        stoppedBecause,
        wallSeconds: round(wallSeconds, 2),
        socketsPerSecond: round(opened / wallSeconds),
        connectMs: percentiles(connectMs),
        joinMs: percentiles(joinMs),
        pingMs: pinger.take(),
        cpu: cpu.stop(),
        batches,
      };
    }

    /** One delivery step: `rate` staff answers a second for durationSec, shared by the generators. */
    async function deliver(rate) {
      const eventsBefore = inboxEvents;
      await sleep(2000); // what came before settles
      const quiet = await waitForQuiet(Number(args['quiet-wait']));
      if (quiet.waitedSeconds > 1)
        say(
          `  waited ${quiet.waitedSeconds} s for the machine to calm down (CPU pressure avg10 ${quiet.cpuPressureAvg10AtStart} %)`,
        );
      if (priority !== 0) {
        const backends = (
          await psql(adminUrl, `select pid from pg_stat_activity where datname = '${dbName}'`)
        )
          .split('\n')
          .filter(Boolean)
          .map(Number);
        await renice(
          [
            server.pid,
            process.pid,
            ...clients.map((client) => client.pid),
            ...(redis ? [redis.pid] : []),
            ...backends,
          ],
          priority,
        );
      }
      await serverProfile();
      pinger.take();
      const startAt = Date.now() + 500;
      const countersBefore = await databaseCounters();
      const cpu = sampler();
      const sched = schedstat(server.pid);
      const pressureBefore = pressure();
      const memoryBefore = procStatus(server.pid);
      const answers = await Promise.all(
        clients.map((client) => client.ask('deliver', { rate: rate / clients.length, durationSec, startAt })),
      );
      const cpuUsed = cpu.stop();
      const eventLoopThread = schedDelta(sched, schedstat(server.pid));
      const machinePressure = pressureDelta(pressureBefore, pressure());
      const database = counterDelta(countersBefore, await databaseCounters());
      const serverTimings = await serverProfile();
      const fromSend = answers.flatMap((answer) => answer.fromSendMs);
      const stats = await Promise.all(clients.map((client) => client.ask('stats')));
      const result = {
        rate,
        durationSeconds: durationSec,
        sockets: sum(stats.map((stat) => stat.connected)),
        conversations: sum(answers.map((answer) => answer.targets)),
        sent: sum(answers.map((answer) => answer.sent)),
        achievedRate: round(sum(answers.map((answer) => answer.sent / (answer.sendingMs / 1000)))),
        httpOk: sum(answers.map((answer) => answer.httpOk)),
        httpErrors: mergeCounts(answers.map((answer) => answer.httpErrors)),
        delivered: sum(answers.map((answer) => answer.delivered)),
        lost: sum(answers.map((answer) => answer.lost)),
        deliveredWithoutOk: sum(answers.map((answer) => answer.deliveredWithoutOk)),
        misdelivered: sum(answers.map((answer) => answer.misdelivered)),
        disconnectedDuring: sum(answers.map((answer) => answer.disconnectedDuring)),
        maxInFlight: Math.max(...answers.map((answer) => answer.maxInFlight)),
        deliveryMs: percentiles(fromSend),
        deliveryFromDueMs: percentiles(answers.flatMap((answer) => answer.fromDueMs)),
        httpAnswerMs: percentiles(answers.flatMap((answer) => answer.httpMs)),
        sendLagMs: percentiles(answers.flatMap((answer) => answer.sendLagMs)),
        inboxEventsOnStaffSocket: inboxEvents - eventsBefore,
        pingMs: pinger.take(),
        cpu: cpuUsed,
        eventLoopThread,
        machinePressure,
        quiet,
        serverBefore: memoryBefore,
        serverAfter: procStatus(server.pid),
      };
      const sent = Math.max(1, result.sent);
      result.database = {
        ...database,
        perMessage: Object.fromEntries(
          Object.entries(database).map(([key, value]) => [key, round(value / sent, 2)]),
        ),
      };
      result.cpuMsPerMessage = {
        server: round((cpuUsed.cpuSeconds.server * 1000) / sent, 2),
        postgres: round((cpuUsed.cpuSeconds.postgresBackends * 1000) / sent, 2),
        redis: round(((cpuUsed.cpuSeconds.redis ?? 0) * 1000) / sent, 2),
      };
      // Per second of sending: how many were delivered and how late (does it degrade, or spike?).
      const bySecond = new Map();
      answers.forEach((answer) =>
        answer.sentAtMs.forEach((at, index) => {
          const second = Math.floor(at / 1000);
          if (!bySecond.has(second)) bySecond.set(second, []);
          bySecond.get(second).push(answer.fromSendMs[index]);
        }),
      );
      result.timeline = [...bySecond.keys()]
        .sort((a, b) => a - b)
        .map((second) => {
          const stats = percentiles(bySecond.get(second));
          return { second, delivered: stats.count, p50: stats.p50, p99: stats.p99, max: stats.max };
        });
      if (serverTimings) {
        result.serverTimings = serverTimings;
        const queries = Object.values(serverTimings.queries ?? {}).reduce(
          (total, entry) => total + entry.count,
          0,
        );
        result.statementsPerMessage = round(queries / sent, 2);
      }
      if (result.deliveryMs) result.deliveryMs.p95 = pct(fromSend, 95);
      result.serverCpuPercent = round(result.cpu.coresBusy.server * 100);
      result.disturbed = result.cpu.coresBusy.otherProcesses > 0.25;
      result.goalMet =
        result.deliveryMs !== null &&
        result.deliveryMs.p99 < GOAL.p99Ms &&
        result.lost === 0 &&
        result.sent === result.httpOk;
      say(
        `  ${rate}/s: ${result.sent} sent, ${result.delivered} delivered, ${result.lost} lost, HTTP errors ${JSON.stringify(result.httpErrors)}; ` +
          `delivery p50 ${result.deliveryMs?.p50} / p95 ${result.deliveryMs?.p95} / p99 ${result.deliveryMs?.p99} / max ${result.deliveryMs?.max} ms; ` +
          `server ${result.serverCpuPercent} % CPU, postgres ${result.cpu.coresBusy.postgresBackends}, redis ${result.cpu.coresBusy.redis ?? 0}, ` +
          `load generator ${result.cpu.coresBusy.loadGenerator}, others ${result.cpu.coresBusy.otherProcesses} cores`,
      );
      return result;
    }

    // -- Baseline: no sockets but the probe and the staff console's.
    await sleep(2000);
    say(`baseline: ${idleSec} s with no guest sockets`);
    results.baseline = await idle(idleSec);
    say(`  server RSS ${results.baseline.server.rssMB} MB, ping p99 ${results.baseline.pingMs.p99} ms`);

    // -- The goal's sockets.
    say(
      `opening ${socketsGoal} guest sockets in batches of ${batchSize} from ${clientCount} load-generator processes`,
    );
    results.ramp = await ramp(0, socketsGoal, { stopEarly: false });
    await sleep(5000);
    say(`idle: ${idleSec} s with ${socketsGoal} sockets`);
    results.idle = await idle(idleSec);
    results.idle.clients = await Promise.all(clients.map((client) => client.ask('stats')));
    results.idle.connected = sum(results.idle.clients.map((stat) => stat.connected));
    results.memory = {
      rssBeforeMB: results.baseline.server.rssMB,
      rssAfterMB: results.idle.server.rssMB,
      mbPer1000Sockets: round(
        ((results.idle.server.rssMB - results.baseline.server.rssMB) / results.idle.connected) * 1000,
        2,
      ),
    };
    say(
      `  ${results.idle.connected} connected; server RSS ${results.memory.rssBeforeMB} -> ${results.memory.rssAfterMB} MB ` +
        `(${results.memory.mbPer1000Sockets} MB per 1,000 sockets); idle server CPU ${round(results.idle.cpu.coresBusy.server * 100)} %; ` +
        `ping p99 ${results.idle.pingMs.p99} ms`,
    );

    // -- A conversation per guest.
    say(`${conversations} guests send one message each (so staff have a conversation to answer)`);
    const perClient = clients.map(
      (_, index) =>
        Math.floor(conversations / clients.length) + (index < conversations % clients.length ? 1 : 0),
    );
    const conversed = await Promise.all(
      clients.map((client, index) => client.ask('converse', { limit: perClient[index] })),
    );
    const guestIds = (await Promise.all(clients.map((client) => client.ask('guestIds')))).flat();
    const rows = await psql(dbUrl, `select guest_id, id from chat_rooms where guest_id is not null`);
    const map = Object.fromEntries(
      rows
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('|'))
        .map(([guest, id]) => [guest, Number(id)]),
    );
    const assigned = await Promise.all(clients.map((client) => client.ask('rooms', { map })));
    results.conversations = {
      asked: sum(conversed.map((answer) => answer.asked)),
      ok: sum(conversed.map((answer) => answer.ok)),
      errors: mergeCounts(conversed.map((answer) => answer.errors)),
      wallSeconds: round(Math.max(...conversed.map((answer) => answer.wallMs)) / 1000, 2),
      guestIds: guestIds.length,
      roomsAssigned: sum(assigned.map((answer) => answer.assigned)),
      messagesInDatabase: Number(await psql(dbUrl, 'select count(*) from chat_messages')),
    };
    say(
      `  ${results.conversations.ok} conversations in ${results.conversations.wallSeconds} s ` +
        `(${results.conversations.messagesInDatabase} messages stored with the bot's replies)`,
    );

    // -- Delivery at a steady rate, each further step only if the one before held.
    results.delivery = [];
    for (const rate of rates) {
      say(
        `delivery: ${rate} staff answers/s for ${durationSec} s across ${results.conversations.roomsAssigned} conversations, ${results.idle.connected} sockets`,
      );
      const step = await deliver(rate);
      results.delivery.push(step);
      if (!step.goalMet && !args['every-rate']) {
        say(`  p99 ${step.deliveryMs?.p99} ms, lost ${step.lost}: not under the goal; no higher rate`);
        break;
      }
    }

    // -- The ceiling: more sockets, then delivery again with them all held.
    if (ceiling > socketsGoal) {
      say(`ceiling: opening sockets up to ${ceiling}`);
      const rampMore = await ramp(socketsGoal, ceiling, { stopEarly: true });
      await sleep(5000);
      const held = await idle(idleSec);
      held.clients = await Promise.all(clients.map((client) => client.ask('stats')));
      held.connected = sum(held.clients.map((stat) => stat.connected));
      say(
        `  ${held.connected} connected; server RSS ${held.server.rssMB} MB; idle server CPU ${round(held.cpu.coresBusy.server * 100)} %; ping p99 ${held.pingMs.p99} ms` +
          (rampMore.stoppedBecause ? `; ramp stopped: ${rampMore.stoppedBecause}` : ''),
      );
      say(`delivery: ${rates[0]}/s for ${durationSec} s with ${held.connected} sockets`);
      const step = await deliver(rates[0]);
      results.ceiling = {
        target: ceiling,
        ramp: rampMore,
        idle: held,
        mbPer1000Sockets: round(
          ((held.server.rssMB - results.baseline.server.rssMB) / held.connected) * 1000,
          2,
        ),
        delivery: step,
      };
    }

    const stepsAtGoal = results.delivery.filter((step) => step.sockets >= GOAL.sockets);
    results.goal = {
      ...GOAL,
      socketsHeld: results.idle.connected,
      met: results.idle.connected >= GOAL.sockets && stepsAtGoal.length > 0 && stepsAtGoal[0].goalMet,
      byRate: Object.fromEntries(results.delivery.map((step) => [step.rate, step.goalMet])),
    };
    results.serverLog = readFileSync(serverLog, 'utf8')
      .split('\n')
      .filter((line) => /"level":(40|50|60)/.test(line) && !line.includes('SANDBOX MODE'))
      .slice(0, 20);
  } finally {
    pinger?.stop();
    for (const socket of sockets) socket.disconnect();
    await Promise.all(clients.map((client) => client.ask('close').catch(() => undefined)));
    for (const client of clients) client.kill();
    if (server) results.serverExit = await server.stop().catch((error) => String(error));
    redis?.stop();
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
    if (args['keep-db']) say(`database kept: ${dbUrl}`);
    else
      await psql(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((error) =>
        say(`could not drop ${dbName}: ${error.message}`),
      );
  }

  const tag = [args.tag, args.profile ? 'profile' : '', priority !== 0 ? 'priority' : '']
    .filter(Boolean)
    .join('-');
  const name = `chat-sockets-${date}${tag ? `-${tag}` : ''}`;
  writeFileSync(path.join(args.out, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(args.out, `${name}.md`), markdown(results));
  say(`wrote ${path.relative(root, path.join(args.out, name))}.json and .md`);
  say(`goal (${GOAL.sockets} sockets, p99 < ${GOAL.p99Ms} ms): ${results.goal.met ? 'met' : 'NOT met'}`);
}

/** Nearest-rank percentile p of values. */
function pct(values, p) {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  return round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))], 2);
}

function markdown(results) {
  const s = results.settings;
  const m = results.machine;
  const cores = (cpu) =>
    `server ${cpu.coresBusy.server}, PostgreSQL ${cpu.coresBusy.postgresBackends}, Redis ${cpu.coresBusy.redis ?? 0}, ` +
    `load generator ${cpu.coresBusy.loadGenerator}, others ${cpu.coresBusy.otherProcesses}`;
  const deliveryRow = (step) =>
    `| ${step.rate}/s | ${step.sockets} | ${step.sent} | ${step.delivered} | **${step.lost}** | ${step.deliveryMs?.p50} | ${step.deliveryMs?.p95} | ` +
    `**${step.deliveryMs?.p99}** | ${step.deliveryMs?.max} | ${step.httpAnswerMs?.p99} | ${step.pingMs?.p99} | ${step.serverCpuPercent} % | ` +
    `${step.cpu.coresBusy.postgresBackends} | ${step.cpu.coresBusy.otherProcesses}${step.disturbed ? ' (disturbed)' : ''} | ` +
    `${step.eventLoopThread?.waitedForCpuMsPerSecond} | ${step.goalMet ? 'yes' : 'no'} |`;
  const steps = [...results.delivery, ...(results.ceiling ? [results.ceiling.delivery] : [])];
  const lines = [
    `# Chat sockets: idle sockets and delivery, ${results.date.slice(0, 10)}${results.tag ? ` (${results.tag})` : ''}`,
    '',
    `Commit \`${m.gitCommit?.slice(0, 7)}\`${m.gitDirty ? ' (with uncommitted work in the tree)' : ''}, ${m.cores} cores (${m.cpuModel}), ` +
      `${m.memoryGiB} GiB, node ${m.node}, socket.io ${m.socketIo} / socket.io-client ${m.socketIoClient}, Redis ${m.redis ?? s.redis}. ` +
      `One server process (sandbox mode, PostgreSQL, Redis adapter); ${s.loadGeneratorProcesses} load-generator processes ` +
      `(child_process.fork) on the same machine; load average at the start ${m.loadAverageAtStart}. ` +
      `Sockets: ${s.transport}. Delivery: ${s.delivery}. Latency: ${s.latency}. ` +
      `Priority: ${s.priority ?? 'as started (nice 0)'}.${s.instrumented ? ' The server was instrumented (--profile): slower than plain.' : ''}`,
    '',
    `**Goal: ${s.goal.sockets} sockets with p99 delivery under ${s.goal.p99Ms} ms: ${results.goal.met ? 'met' : 'not met'}.**`,
    '',
    '## Sockets',
    '',
    '| sockets | opened | failed | wall s | sockets/s | connect p50 / p99 ms | join p50 / p99 ms | server RSS MB | MB per 1,000 | idle server CPU | idle ping p99 ms |',
    '| ------: | -----: | -----: | -----: | --------: | -------------------: | ----------------: | ------------: | -----------: | --------------: | ---------------: |',
    `| 0 (baseline) | | | | | | | ${results.baseline.server.rssMB} | | ${round(results.baseline.cpu.coresBusy.server * 100)} % | ${results.baseline.pingMs.p99} |`,
    `| ${results.idle.connected} | ${results.ramp.opened} | ${results.ramp.failed} | ${results.ramp.wallSeconds} | ${results.ramp.socketsPerSecond} | ` +
      `${results.ramp.connectMs?.p50} / ${results.ramp.connectMs?.p99} | ${results.ramp.joinMs?.p50} / ${results.ramp.joinMs?.p99} | ` +
      `${results.idle.server.rssMB} | ${results.memory.mbPer1000Sockets} | ${round(results.idle.cpu.coresBusy.server * 100)} % | ${results.idle.pingMs.p99} |`,
  ];
  if (results.ceiling) {
    const c = results.ceiling;
    lines.push(
      `| ${c.idle.connected} | +${c.ramp.opened} | ${c.ramp.failed} | ${c.ramp.wallSeconds} | ${c.ramp.socketsPerSecond} | ` +
        `${c.ramp.connectMs?.p50} / ${c.ramp.connectMs?.p99} | ${c.ramp.joinMs?.p50} / ${c.ramp.joinMs?.p99} | ` +
        `${c.idle.server.rssMB} | ${c.mbPer1000Sockets} | ${round(c.idle.cpu.coresBusy.server * 100)} % | ${c.idle.pingMs.p99} |`,
    );
  }
  lines.push(
    '',
    `Failures while opening: ${JSON.stringify(results.ramp.errors)}${results.ceiling ? `; ceiling ramp ${JSON.stringify(results.ceiling.ramp.errors)}` : ''}` +
      `${results.ceiling?.ramp.stoppedBecause ? `; the ceiling ramp stopped: ${results.ceiling.ramp.stoppedBecause}` : ''}. ` +
      `Server open-file limit ${results.serverOpenFileLimit.soft}. Ping: a websocket ping frame every ${s.probeEveryMs} ms on a probe socket, answered on the server's event loop.`,
    '',
    `Conversations: ${results.conversations.ok} guests sent one message each in ${results.conversations.wallSeconds} s ` +
      `(${results.conversations.messagesInDatabase} messages stored with the bot's replies); errors ${JSON.stringify(results.conversations.errors)}.`,
    '',
    '## Delivery (staff answers at a steady rate)',
    '',
    '| rate | sockets | sent | delivered | lost | p50 ms | p95 ms | p99 ms | max ms | HTTP answer p99 ms | ping p99 ms | server CPU | PostgreSQL cores | others cores | event loop waited for CPU, ms/s | p99 < goal |',
    '| ---: | ------: | ---: | --------: | ---: | -----: | -----: | -----: | -----: | -----------------: | ----------: | ---------: | ---------------: | -----------: | ------------------------------: | :--------: |',
    ...steps.map(deliveryRow),
    '',
    ...steps.map(
      (step) =>
        `- ${step.rate}/s with ${step.sockets} sockets: achieved ${step.achievedRate}/s; HTTP errors ${JSON.stringify(step.httpErrors)}; ` +
        `misdelivered ${step.misdelivered}; sockets dropped ${step.disconnectedDuring}; from when due p99 ${step.deliveryFromDueMs?.p99} ms ` +
        `(generator send lag p99 ${step.sendLagMs?.p99} ms); most in flight ${step.maxInFlight}; cores: ${cores(step.cpu)}; ` +
        `the server's event-loop thread waited ${step.eventLoopThread?.waitedForCpuMsPerSecond} ms per second for a CPU ` +
        `(machine CPU pressure: some task waiting ${step.machinePressure?.cpuSomePercent} % of the time; I/O ${step.machinePressure?.ioSomePercent} %); ` +
        `CPU per message: server ${step.cpuMsPerMessage.server} ms, PostgreSQL ${step.cpuMsPerMessage.postgres} ms; ` +
        `per message PostgreSQL committed ${step.database.perMessage.commits} transactions, inserted ${step.database.perMessage.inserted} rows, updated ${step.database.perMessage.updated}` +
        (step.serverTimings
          ? `; ${step.statementsPerMessage} SQL statements per message, pool wait avg ${step.serverTimings.poolWait.avgMs} ms (max ${round(step.serverTimings.poolWait.maxMs)}), ` +
            `event loop utilisation ${step.serverTimings.eventLoop.utilization}, delay p99 ${step.serverTimings.eventLoop.delayP99Ms} ms, max ${step.serverTimings.eventLoop.delayMaxMs} ms`
          : '') +
        `; worst seconds (p99 ms): ${[...step.timeline]
          .sort((a, b) => b.p99 - a.p99)
          .slice(0, 3)
          .map((second) => `${second.second}: ${second.p99}`)
          .join(', ')}.`,
    ),
    '',
  );
  return lines.join('\n');
}

/** --render FILE.json: rewrites the .md of a recorded run from its JSON. */
function render(file) {
  writeFileSync(file.replace(/\.json$/, '.md'), markdown(JSON.parse(readFileSync(file, 'utf8'))));
  say(`rewrote ${file.replace(/\.json$/, '.md')}`);
}

(args.render ? Promise.resolve().then(() => render(args.render)) : main()).catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

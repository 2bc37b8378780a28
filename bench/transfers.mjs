#!/usr/bin/env node
/**
 * Wallet-to-game transfer benchmark (bench/README.md, issue 15, decision 032).
 *
 * One run, side by side: HTTP transfers through our server (one process, then two) with the
 * sandbox game provider in a process of its own, as a real provider is remote; and pgbench on
 * the same database with the ledger's scripts and the lean yardstick, plus variants that explain
 * the gap between them. CPU is read from /proc per process: our server(s) and the PostgreSQL
 * backends serving them (told apart from the provider's and the bench's own by application_name)
 * are our cost; the provider's process and backends are recorded apart.
 *
 *   npm run bench                        (= node bench/transfers.mjs)
 *   node bench/transfers.mjs [--label before] [--members 5000] [--connections 32] [--duration 15]
 *        [--pgbench-duration 10] [--warmup 5] [--pg postgres://postgres@127.0.0.1:5432]
 *        [--keep-db] [--quick] [--out bench/results]
 *   node bench/transfers.mjs --render bench/results/transfers-<date>-<label>.json   (rewrites the .md)
 *
 * Fails (exit 1, in capitals) when ledger:check does not pass after any stage.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { closedLoop, pacedRun, transferSource } from './lib/load.mjs';
import { CLIENT_HEADERS, seedMembers } from './lib/members.mjs';
import { dropLean, dropTables, prepareLean, prepareTables, runPgbench } from './lib/pgbench.mjs';
import { freePort, SANDBOX_ON_DATABASE, SCHEDULES_OFF, startServer } from './lib/server.mjs';
import { psql, run } from './lib/shell.mjs';
import { startCpuSampler } from './lib/cpu.mjs';
import { startRedis } from './lib/redis.mjs';
import { machine } from './lib/machine.mjs';
import { deriveTransfers, transfersMarkdown, transfersSummary } from './lib/transfers-report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values: args } = parseArgs({
  options: {
    members: { type: 'string' },
    connections: { type: 'string', default: '32' },
    duration: { type: 'string' },
    'pgbench-duration': { type: 'string' },
    warmup: { type: 'string' },
    pg: { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432' },
    'pgbench-threads': {
      type: 'string',
      default: String(Math.max(1, os.availableParallelism?.() ?? os.cpus().length)),
    },
    'keep-db': { type: 'boolean', default: false },
    // Without it the servers run with no REDIS_URL: on PostgreSQL, no session cache.
    'no-redis': { type: 'boolean', default: false },
    // A V8 CPU profile of server-1 (node --cpu-prof) written into this folder when it stops.
    'cpu-prof': { type: 'string' },
    quick: { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(root, 'bench', 'results') },
    label: { type: 'string', default: '' },
    tag: { type: 'string', default: '' },
    render: { type: 'string' },
  },
});

// --quick: a smoke run of every step (a minute), not a measurement.
const quick = args.quick;
const members = Number(args.members ?? (quick ? 200 : 5000));
const connections = Number(args.connections);
const duration = Number(args.duration ?? (quick ? 3 : 15));
const pgbenchDuration = Number(args['pgbench-duration'] ?? (quick ? 2 : 10));
const warmup = Number(args.warmup ?? (quick ? 1 : 5));
const pgbenchThreads = Number(args['pgbench-threads']);
const label = args.label || args.tag || (quick ? 'quick' : '');
const CREDIT_MINOR = 1_000_000_000; // 10,000,000.00 baht per member: far more than a run moves.
/** Few accounts, for the contention variants. */
const FEW = 50;

/** application_name of each PostgreSQL client, so its backends' CPU goes to the right owner. */
const APP = { server: 'wallet-bench-server', provider: 'wallet-bench-provider', probe: 'wallet-bench-probe' };

const say = (message) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
const started = new Date();
const dbName = `bench_transfers_${started.toISOString().replace(/\D/g, '').slice(0, 14)}_${process.pid}`;
const pgBase = args.pg.replace(/\/$/, '');
const adminUrl = `${pgBase}/postgres`;
const dbUrl = `${pgBase}/${dbName}`;
const appUrl = (name) => `${dbUrl}?application_name=${name}`;
mkdirSync(args.out, { recursive: true });
const logOf = (who) => path.join(os.tmpdir(), `${dbName}.${who}.log`);

/** The machine's CPU pressure (share of time some task waited for a CPU), avg10, in %. */
function cpuPressure() {
  try {
    return Number(/some avg10=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'))?.[1]);
  } catch {
    return null;
  }
}

/** The pgbench phases: [name, script, options, setup SQL run just before]. In this order. */
function pgbenchPlan(rows) {
  const plain = { defines: {} };
  return [
    // The yardsticks (extended protocol: what node-postgres sends).
    ['hold-and-post', 'hold-and-post', plain],
    ['ledger-transfer', 'ledger-transfer', plain],
    ['transfer-sql', 'transfer-sql', plain],
    ['lean', 'lean', { defines: { rows } }],
    // What explains the gap (docs: bench/README.md, "Why a ledger transaction costs more").
    ['hold-and-post, prepared', 'hold-and-post', { protocol: 'prepared' }],
    ['ledger-transfer, prepared', 'ledger-transfer', { protocol: 'prepared' }],
    ['lean, prepared', 'lean', { protocol: 'prepared', defines: { rows } }],
    [`ledger-transfer, ${FEW} members`, 'ledger-transfer', { defines: { members: FEW } }],
    [`lean, ${FEW} rows`, 'lean', { defines: { rows: FEW } }],
    [
      'ledger-transfer, no foreign-key triggers',
      'ledger-transfer',
      {
        setup:
          'ALTER TABLE bench_transfers DISABLE TRIGGER ALL; ALTER TABLE bench_entries DISABLE TRIGGER ALL; ' +
          'ALTER TABLE bench_pending_holds DISABLE TRIGGER ALL;',
      },
    ],
    [
      'ledger-transfer, bare (no foreign keys, checks, unique key, entries index)',
      'ledger-transfer',
      {
        setup: `ALTER TABLE bench_entries DROP CONSTRAINT IF EXISTS bench_entries_transfer_id_fkey,
                  DROP CONSTRAINT IF EXISTS bench_entries_account_id_fkey,
                  DROP CONSTRAINT IF EXISTS bench_entries_check;
                DROP INDEX IF EXISTS bench_entries_account;
                ALTER TABLE bench_pending_holds DROP CONSTRAINT IF EXISTS bench_pending_holds_transfer_id_fkey;
                ALTER TABLE bench_transfers DROP CONSTRAINT IF EXISTS bench_transfers_debit_account_id_fkey,
                  DROP CONSTRAINT IF EXISTS bench_transfers_credit_account_id_fkey,
                  DROP CONSTRAINT IF EXISTS bench_transfers_idempotency_key_key,
                  DROP CONSTRAINT IF EXISTS bench_transfers_amount_check,
                  DROP CONSTRAINT IF EXISTS bench_transfers_check;
                ALTER TABLE bench_accounts DROP CONSTRAINT IF EXISTS bench_accounts_not_overdrawn;`,
      },
    ],
  ];
}

async function main() {
  const info = machine(root);
  info.postgres = await psql(adminUrl, 'select version()');
  info.pgbench = (await run('pgbench', ['--version'])).stdout.trim();
  info.autocannon = JSON.parse(
    readFileSync(path.join(root, 'node_modules', 'autocannon', 'package.json'), 'utf8'),
  ).version;
  info.postgresSettings = Object.fromEntries(
    (
      await psql(
        adminUrl,
        `select name, setting from pg_settings where name in
           ('max_connections','shared_buffers','synchronous_commit','fsync','wal_level','max_wal_size')
         order by name`,
      )
    )
      .split('\n')
      .map((line) => line.split('|')),
  );
  info.loadAverageAtStart = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  info.cpuPressureAtStart = cpuPressure();
  say(`machine: ${info.cores} cores, ${info.cpuModel}, node ${info.node}, load ${info.loadAverageAtStart}`);

  say(`creating database ${dbName}`);
  await psql(adminUrl, `CREATE DATABASE ${dbName}`);
  const results = {
    version: 2,
    benchmark: 'wallet-to-game transfers over HTTP vs pgbench (issue 15)',
    label,
    date: started.toISOString(),
    machine: info,
    settings: {
      members,
      connections,
      durationSeconds: duration,
      pgbenchDurationSeconds: pgbenchDuration,
      warmupSeconds: warmup,
      transferAmountMinor: 100,
      pgbenchThreads,
      quick,
      serverEnv: { LOG_LEVEL: 'warn', ...SCHEDULES_OFF },
      gameProvider: 'sandbox provider in a process of its own (GAME_PROVIDER_URL), same database, latency 0',
    },
    http: {},
    pgbench: {},
    ledgerChecks: [],
  };
  const servers = []; // { who, pid, base, stop }
  let probe = null;
  const backendApps = new Map(); // backend pid -> application_name

  async function refreshBackends() {
    if (!probe) return;
    const { rows } = await probe.query(
      'select pid, application_name from pg_stat_activity where datname = $1',
      [dbName],
    );
    for (const row of rows) backendApps.set(row.pid, row.application_name);
  }
  const backendGroup = (pid) => {
    const app = backendApps.get(pid);
    if (app === APP.server || app === 'pgbench') return 'postgresBackends';
    if (app === APP.provider) return 'postgresProvider';
    if (app === APP.probe || app === 'psql') return 'postgresBench';
    return 'postgresUnattributed';
  };

  /** Waits until the servers finished what a run left behind: no new ledger row for a second. */
  async function drain() {
    let last = -1;
    for (let waited = 0; waited < 60; waited += 1) {
      const { rows } = await probe.query('select count(*)::int as n from ledger_transfers');
      if (rows[0].n === last) break;
      last = rows[0].n;
      await sleep(1000);
    }
    // Every hold settled (a hold whose answer was cut off finishes on its own).
    for (let waited = 0; waited < 30; waited += 1) {
      if ((await unsettled()) === 0) return;
      await sleep(1000);
    }
  }
  const unsettled = async () =>
    (
      await probe.query(`select count(*)::int as n from ledger_transfers h where h.kind like 'hold:%'
        and not exists (select 1 from ledger_transfers s where s.idempotency_key = h.idempotency_key || ':settle')`)
    ).rows[0].n;
  const posted = async () =>
    (
      await probe.query(
        `select count(*)::int as n from ledger_transfers where kind like 'post:%' and idempotency_key like '%:settle'`,
      )
    ).rows[0].n;

  /** One measured phase: CPU by who while it ran. */
  async function phase(work, { drainFirst = true } = {}) {
    if (drainFirst && servers.length > 0) await drain();
    await refreshBackends();
    const poller = setInterval(() => refreshBackends().catch(() => undefined), 250);
    const pidGroups = Object.fromEntries(
      servers.map((s) => [s.pid, s.who === 'provider' ? 'provider' : 'server']),
    );
    if (redis) pidGroups[redis.pid] = 'redis';
    const sampler = startCpuSampler({ serverPid: -1, dbName, pidGroups, backendGroup });
    const loadBefore = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    let result;
    let cpu;
    try {
      result = await work();
    } finally {
      clearInterval(poller);
      await refreshBackends().catch(() => undefined);
      cpu = sampler.stop();
    }
    result.cpu = { ...cpu, loadAverageBefore: loadBefore, cpuPressureAfter: cpuPressure() };
    return result;
  }

  /** ledger:check on the bench database; a failure is recorded, shouted and fails the run. */
  async function ledgerCheck(after) {
    if (servers.length > 0) await drain();
    const check = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/ledger-check.ts'], {
      cwd: root,
      env: { ...process.env, ...SANDBOX_ON_DATABASE, DATABASE_URL: dbUrl },
    });
    const record = {
      after,
      passed: check.code === 0,
      exitCode: check.code,
      output: `${check.stdout}${check.stderr}`.trim(),
    };
    results.ledgerChecks.push(record);
    if (record.passed) say(`ledger:check after ${after}: passed`);
    else say(`LEDGER:CHECK FAILED after ${after}:\n${record.output}`);
    return record.passed;
  }

  /** The bench's own Redis (bench/lib/redis.mjs), or null: --no-redis, or none installed. */
  let redis = null;
  const providerKey = randomBytes(24).toString('base64url');
  const start = async (who, extraEnv = {}) => {
    const port = await freePort();
    const logFile = logOf(who);
    say(`starting ${who} on port ${port} (log: ${logFile})`);
    const server = await startServer({
      root,
      databaseUrl: appUrl(who === 'provider' ? APP.provider : APP.server),
      port,
      logFile,
      nodeFlags:
        args['cpu-prof'] && who === 'server-1' ? ['--cpu-prof', `--cpu-prof-dir=${args['cpu-prof']}`] : [],
      extraEnv: { GAME_PROVIDER_KEY: providerKey, ...(redis ? { REDIS_URL: redis.url } : {}), ...extraEnv },
    });
    const entry = { who, ...server };
    servers.push(entry);
    return entry;
  };
  const stopAll = async () => {
    for (const server of servers.splice(0).reverse()) await server.stop().catch(() => undefined);
  };
  const shown = (r) =>
    `  ${r.transfersPerSecond} transfers/s, p50 ${r.latencyMs?.p50} ms, p99 ${r.latencyMs?.p99} ms, statuses ${JSON.stringify(r.statuses)}; ` +
    `cores: server ${r.cpu.coresBusy.server}, its postgres ${r.cpu.coresBusy.postgresBackends}, ` +
    `provider ${r.cpu.coresBusy.provider ?? 0} + ${r.cpu.coresBusy.postgresProvider ?? 0}, others ${r.cpu.coresBusy.otherProcesses}`;

  try {
    if (!args['no-redis']) {
      redis = await startRedis(await freePort());
      say(
        redis
          ? `redis-server of the bench's own at ${redis.url}`
          : 'no redis-server on the PATH: servers run without Redis',
      );
    }
    results.settings.redis = redis ? 'a redis-server of the bench’s own (REDIS_URL)' : 'none';
    // The provider first: it (like each server) runs the migrations at start; one at a time.
    const provider = await start('provider');
    const providerUrl = `${provider.base}/api/sandbox/provider-api`;
    const one = await start('server-1', { GAME_PROVIDER_URL: providerUrl });
    probe = new pg.Client({ connectionString: appUrl(APP.probe) });
    await probe.connect();

    say(`seeding ${members} members (one through the API, the rest copied in SQL)`);
    const seedStart = Date.now();
    const team = await seedMembers(one.base, dbUrl, { count: members, creditMinor: CREDIT_MINOR });
    results.settings.seedSeconds = Math.round((Date.now() - seedStart) / 100) / 10;
    say(`members ready in ${results.settings.seedSeconds} s`);
    const spread = transferSource(team);

    say(`warm-up: ${warmup} s at ${connections} connections`);
    results.http.warmup = await phase(() =>
      closedLoop({ bases: [one.base], next: spread, connections, durationSeconds: warmup }),
    );

    const serialSeconds = Math.min(8, duration);
    say(`one connection (latency floor): ${serialSeconds} s`);
    results.http.serial = await phase(() =>
      closedLoop({ bases: [one.base], next: spread, connections: 1, durationSeconds: serialSeconds }),
    );
    say(shown(results.http.serial));

    say(`maximum rate, 1 process: ${duration} s, ${connections} connections over ${members} members`);
    results.http.max = await phase(() =>
      closedLoop({ bases: [one.base], next: spread, connections, durationSeconds: duration }),
    );
    say(shown(results.http.max));

    const half = Math.max(1, Math.floor(results.http.max.transfersPerSecond / 2));
    say(`half the maximum rate, paced open loop: ${half}/s for ${duration} s`);
    results.http.halfPaced = await phase(() =>
      pacedRun({ bases: [one.base], next: spread, connections, durationSeconds: duration, rate: half }),
    );
    say(shown(results.http.halfPaced));

    say(`hot member: one member, ${connections} connections, ${duration} s`);
    results.http.hot = await phase(() =>
      closedLoop({
        bases: [one.base],
        next: transferSource([team[0]]),
        connections,
        durationSeconds: duration,
      }),
    );
    say(shown(results.http.hot));
    await ledgerCheck('one process');

    const two = await start('server-2', { GAME_PROVIDER_URL: providerUrl });
    const bases = [one.base, two.base];
    // The new process's code is cold (JIT, its per-process caches): warm both up as the first was.
    say(`warm-up, 2 processes: ${warmup} s`);
    results.http.warmupTwo = await phase(() =>
      closedLoop({ bases, next: spread, connections, durationSeconds: warmup }),
    );
    const postedBefore = await posted();
    say(`maximum rate, 2 processes: ${duration} s, ${connections / 2} connections each`);
    results.http.maxTwo = await phase(() =>
      closedLoop({ bases, next: spread, connections, durationSeconds: duration }),
    );
    say(shown(results.http.maxTwo));
    const halfTwo = Math.max(1, Math.floor(results.http.maxTwo.transfersPerSecond / 2));
    say(`half the maximum rate, 2 processes, paced open loop: ${halfTwo}/s for ${duration} s`);
    results.http.halfPacedTwo = await phase(() =>
      pacedRun({ bases, next: spread, connections, durationSeconds: duration, rate: halfTwo }),
    );
    say(shown(results.http.halfPacedTwo));
    await drain();
    results.acrossProcesses = await acrossProcesses({
      bases,
      team,
      answered: ['maxTwo', 'halfPacedTwo'].reduce(
        (sum, k) => sum + (results.http[k].statuses['200'] ?? 0),
        0,
      ),
      postedDuring: (await posted()) - postedBefore,
    });
    say(`across processes: ${JSON.stringify(results.acrossProcesses)}`);
    await ledgerCheck('two processes');
    await stopAll();

    say(
      'pgbench: preparing its tables (bench_*, copies of the ledger functions) and pgbench -i for the lean script',
    );
    await prepareTables(dbUrl, members);
    const rows = await prepareLean(dbUrl, 1);
    for (const [name, script, options] of pgbenchPlan(rows)) {
      if (options.setup) await psql(dbUrl, options.setup);
      say(`pgbench ${name}: ${pgbenchDuration} s, ${connections} clients, ${pgbenchThreads} threads`);
      const r = await phase(() =>
        runPgbench(dbUrl, {
          script,
          clients: connections,
          threads: pgbenchThreads,
          durationSeconds: pgbenchDuration,
          members,
          protocol: options.protocol,
          defines: options.defines,
        }),
      );
      delete r.script_sql; // the scripts are in bench/lib/pgbench.mjs
      results.pgbench[name] = r;
      say(
        `  ${r.tps} tps, p50 ${r.latencyMs?.p50} ms, p99 ${r.latencyMs?.p99} ms; cores: ` +
          `postgres ${r.cpu.coresBusy.postgresBackends}, pgbench ${r.cpu.coresBusy.pgbench}, others ${r.cpu.coresBusy.otherProcesses}`,
      );
    }
    await dropTables(dbUrl);
    await dropLean(dbUrl);
    await ledgerCheck('pgbench (the end)');
  } finally {
    await probe?.end().catch(() => undefined);
    await stopAll();
    await redis?.stop();
    if (args['keep-db']) {
      say(`database kept: ${dbUrl}`);
    } else {
      await psql(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((error) =>
        say(`could not drop ${dbName}: ${error.message}`),
      );
    }
  }

  deriveTransfers(results);
  const day = started.toISOString().slice(0, 10);
  const base = path.join(args.out, `transfers-${day}${label ? `-${label}` : ''}`);
  writeFileSync(`${base}.json`, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(`${base}.md`, transfersMarkdown(results));
  console.log(`\n${transfersSummary(results)}\n`);
  say(`results: ${path.relative(root, base)}.json and .md`);
  if (!results.ledgerChecks.every((check) => check.passed)) {
    say('LEDGER:CHECK FAILED: see above and the results file');
    process.exitCode = 1;
  }
}

/**
 * What two processes must agree on: the same Idempotency-Key sent to one process and then to the
 * other answers the same and moves money once; every answered transfer was posted.
 */
async function acrossProcesses({ bases, team, answered, postedDuring }) {
  const replays = 20;
  let same = 0;
  const member = team[1] ?? team[0];
  const body = JSON.stringify({ from: 'wallet', to: 'JOKER', amount: 100 });
  const balance = async (base) => {
    const response = await fetch(`${base}/api/wallet`, {
      headers: { ...CLIENT_HEADERS, authorization: `Bearer ${member.token}` },
    });
    const wallet = await response.json();
    return wallet.wallet.amount;
  };
  const before = await balance(bases[0]);
  for (let i = 0; i < replays; i += 1) {
    const key = `bench-replay-${randomUUID()}`;
    const answers = [];
    for (const base of bases) {
      const response = await fetch(`${base}/api/wallet/transfer`, {
        method: 'POST',
        headers: {
          ...CLIENT_HEADERS,
          'content-type': 'application/json',
          authorization: `Bearer ${member.token}`,
          'idempotency-key': key,
        },
        body,
      });
      answers.push(`${response.status} ${await response.text()}`);
    }
    if (answers.every((answer) => answer === answers[0]) && answers[0].startsWith('200')) same += 1;
  }
  const after = await balance(bases[1]);
  return {
    answered200: answered,
    postedInLedger: postedDuring,
    // Requests whose answers a run stopped waiting for at its end may be posted without a 200 here.
    lost: Math.max(0, answered - postedDuring),
    replaysSentToBothProcesses: replays,
    replaysAnsweredTheSame: same,
    // Each replayed transfer moves 1.00 once, whichever process answered it.
    walletMovedByReplays: Number(before) - Number(after),
    walletMovedExpected: replays * 100,
  };
}

/** --render FILE.json: recomputes the derived figures of a recorded run and rewrites its .md. */
function render(file) {
  const results = deriveTransfers(JSON.parse(readFileSync(file, 'utf8')));
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(file.replace(/\.json$/, '.md'), transfersMarkdown(results));
  console.log(transfersSummary(results));
  say(`rewrote ${file} and its .md`);
}

(args.render ? Promise.resolve().then(() => render(args.render)) : main()).catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

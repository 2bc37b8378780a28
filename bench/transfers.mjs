#!/usr/bin/env node
/**
 * Wallet-to-game transfer benchmark (bench/README.md).
 *
 * Creates a fresh PostgreSQL database, starts the server on it (sandbox game provider, zero
 * latency), registers and funds members, then drives POST /api/wallet/transfer with autocannon:
 * a warm-up, a run at the maximum rate, and runs at half that rate (autocannon's overallRate and
 * an evenly paced open-loop client). In the same run pgbench does in SQL alone what one ledger
 * transfer does, on tables of its own in the same database, with the same concurrency and
 * duration. Then ledger:check must pass on the books, the database is dropped, and the results
 * go to bench/results/transfers-<date>.json and .md.
 *
 *   node bench/transfers.mjs [--members 50] [--connections 32] [--duration 20] [--warmup 5]
 *                            [--pg postgres://postgres@127.0.0.1:5432] [--keep-db]
 *                            [--no-pgbench-extras] [--profile] [--out bench/results] [--tag NAME]
 *   node bench/transfers.mjs --render bench/results/transfers-<date>.json   (rewrites the .md)
 *
 * --profile loads bench/profile/instrument.mjs into the server: per-statement, per-transaction,
 * pool-wait, provider-call and per-route timings, and a V8 CPU profile, for each phase. It slows
 * the server down, so such a run is written with a -profile tag and is not the headline.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { autocannonRun, pacedRun, transferSource } from './lib/load.mjs';
import { balancesOf, setUpMembers } from './lib/members.mjs';
import { dropTables, prepareTables, runPgbench, SCRIPTS } from './lib/pgbench.mjs';
import { freePort, SANDBOX_ON_DATABASE, startServer } from './lib/server.mjs';
import { psql, run } from './lib/shell.mjs';
import { markdownSummary } from './lib/report.mjs';
import { startCpuSampler } from './lib/cpu.mjs';
import { machine } from './lib/machine.mjs';
import { summarizeCpuProfile } from './profile/cpuprofile.mjs';
import { derive } from './lib/derive.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '50' },
    connections: { type: 'string', default: '32' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '5' },
    pg: { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432' },
    'pgbench-threads': {
      type: 'string',
      default: String(Math.max(1, os.availableParallelism?.() ?? os.cpus().length)),
    },
    'keep-db': { type: 'boolean', default: false },
    'no-pgbench-extras': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(root, 'bench', 'results') },
    tag: { type: 'string', default: '' },
    render: { type: 'string' },
  },
});

const members = Number(args.members);
const connections = Number(args.connections);
const duration = Number(args.duration);
const warmup = Number(args.warmup);
const pgbenchThreads = Number(args['pgbench-threads']);
const CREDIT_MINOR = 1_000_000_000; // 10,000,000.00 baht per member: far more than a run moves.

const say = (message) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
const started = new Date();
const dbName = `bench_transfers_${started.toISOString().replace(/\D/g, '').slice(0, 14)}_${process.pid}`;
const adminUrl = `${args.pg.replace(/\/$/, '')}/postgres`;
const dbUrl = `${args.pg.replace(/\/$/, '')}/${dbName}`;
mkdirSync(args.out, { recursive: true });
const serverLog = path.join(os.tmpdir(), `${dbName}.server.log`);

/** Counts of the ledger after the load: how many holds were posted, voided, left pending. */
async function ledgerCounts() {
  const rows = await psql(
    dbUrl,
    `select kind, count(*) from ledger_transfers group by kind order by kind;
     select 'unsettled', count(*) from ledger_transfers h where h.kind like 'hold:%'
       and not exists (select 1 from ledger_transfers s where s.idempotency_key = h.idempotency_key || ':settle');`,
  );
  return Object.fromEntries(
    rows
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [kind, count] = line.split('|');
        return [kind, Number(count)];
      }),
  );
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
  say(`machine: ${info.cores} cores, ${info.cpuModel}, node ${info.node}`);

  say(`creating database ${dbName}`);
  await psql(adminUrl, `CREATE DATABASE ${dbName}`);
  let server = null;
  const results = {
    benchmark: 'wallet-to-game transfers over HTTP vs pgbench',
    date: started.toISOString(),
    machine: info,
    settings: {
      members,
      connections,
      durationSeconds: duration,
      warmupSeconds: warmup,
      transferAmountMinor: 100,
      pgbenchThreads,
      serverEnv: {
        LOG_LEVEL: 'warn',
        RECONCILE_INTERVAL_SECONDS: '0',
        FORM_LIMIT_PER_ADDRESS: '100000',
        OTP_DAILY_PER_ADDRESS: '100000',
      },
      gameProviderFault: 'none (sandbox provider, latency 0)',
      instrumented: args.profile,
    },
  };
  const profiling = args.profile;
  const profileDir = profiling ? mkdtempSync(path.join(os.tmpdir(), 'bench-profile-')) : null;
  const profileOut = profileDir ? path.join(profileDir, 'instrument.json') : null;

  /** Asks the instrumented server for what it gathered since the last ask (and to start anew). */
  async function serverProfile() {
    if (!args.profile || !server) return undefined;
    rmSync(profileOut, { force: true });
    process.kill(server.pid, 'SIGUSR2');
    for (let waited = 0; waited < 300 && !existsSync(profileOut); waited += 1) await sleep(100);
    return existsSync(profileOut) ? JSON.parse(readFileSync(profileOut, 'utf8')) : undefined;
  }

  /**
   * Waits until the server has finished what a run left behind (autocannon stops waiting for
   * answers at the end of a run, the server does not): no new ledger row for a whole second.
   */
  async function drain() {
    let last = -1;
    for (let waited = 0; waited < 60; waited += 1) {
      const rows = Number(await psql(dbUrl, 'select count(*) from ledger_transfers'));
      if (rows === last) return;
      last = rows;
      await sleep(1000);
    }
  }

  /** One measured phase: CPU by who while it ran, and the server's own timings when profiling. */
  async function phase(work) {
    if (server) await drain();
    await serverProfile(); // starts the server's counters anew
    const sampler = startCpuSampler({ serverPid: server?.pid ?? -1, dbName });
    const loadBefore = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    let result;
    let cpu;
    try {
      result = await work();
    } finally {
      // Stopped on failure too: its timer would keep the process alive.
      cpu = sampler.stop();
    }
    result.cpu = cpu;
    result.cpu.loadAverageBefore = loadBefore;
    const timings = await serverProfile();
    if (timings?.cpuProfile) {
      result.serverCpuProfile = summarizeCpuProfile(timings.cpuProfile);
      delete timings.cpuProfile;
    }
    if (timings) result.serverTimings = timings;
    return result;
  }

  try {
    const port = await freePort();
    const nodeFlags = args.profile ? ['--import', './bench/profile/instrument.mjs'] : [];
    say(`starting the server on port ${port} (log: ${serverLog})`);
    server = await startServer({
      root,
      databaseUrl: dbUrl,
      port,
      logFile: serverLog,
      nodeFlags,
      extraEnv: profiling ? { BENCH_PROFILE_OUT: profileOut, BENCH_CPU_PROFILE_DIR: profileDir } : {},
    });

    say(`registering, crediting and opening JOKER for ${members} members`);
    const setUpStart = Date.now();
    const team = await setUpMembers(server.base, { count: members, creditMinor: CREDIT_MINOR });
    say(`members ready in ${((Date.now() - setUpStart) / 1000).toFixed(1)} s`);
    const next = transferSource(team);
    const before = await balancesOf(server.base, team[0]);
    const shown = (run) =>
      `  ${run.transfersPerSecond} transfers/s, p50 ${run.latencyMs?.p50} ms, p99 ${run.latencyMs?.p99} ms; ` +
      `cores busy: server ${run.cpu.coresBusy.server}, postgres ${run.cpu.coresBusy.postgresBackends}, ` +
      `load generator ${run.cpu.coresBusy.loadGenerator}, others ${run.cpu.coresBusy.everythingElse}`;

    say(`warm-up: ${warmup} s at ${connections} connections`);
    results.warmup = await phase(() =>
      autocannonRun({ base: server.base, next, connections, durationSeconds: warmup }),
    );

    const serialSeconds = Math.min(10, duration);
    say(`one connection (latency floor): ${serialSeconds} s`);
    results.serial = await phase(() =>
      autocannonRun({ base: server.base, next, connections: 1, durationSeconds: serialSeconds }),
    );
    say(shown(results.serial));

    say(`maximum rate: ${duration} s at ${connections} connections`);
    results.max = await phase(() =>
      autocannonRun({ base: server.base, next, connections, durationSeconds: duration }),
    );
    say(shown(results.max));

    const half = Math.max(1, Math.floor(results.max.transfersPerSecond / 2));
    say(`half rate (autocannon overallRate ${half}/s): ${duration} s`);
    results.halfRate = await phase(() =>
      autocannonRun({ base: server.base, next, connections, durationSeconds: duration, overallRate: half }),
    );
    say(shown(results.halfRate));

    say(`half rate (paced open loop ${half}/s): ${duration} s`);
    results.halfRatePaced = await phase(() =>
      pacedRun({ base: server.base, next, connections, durationSeconds: duration, rate: half }),
    );
    say(shown(results.halfRatePaced));

    // Answers cut off at the end of a run may still be finishing: wait for every hold to settle.
    let counts = await ledgerCounts();
    for (let waited = 0; counts.unsettled > 0 && waited < 30; waited += 1) {
      await sleep(1000);
      counts = await ledgerCounts();
    }
    results.ledger = counts;
    const after = await balancesOf(server.base, team[0]);
    results.memberZero = { before, after };

    say(`stopping the server`);
    results.serverExit = await server.stop();
    server = null;

    say(
      'pgbench: preparing its tables (bench_*) and functions (bench_ledger_move, bench_ledger_settle, bench_provider_transfer)',
    );
    await prepareTables(dbUrl, members);
    const scripts = args['no-pgbench-extras'] ? ['ledger-transfer'] : Object.keys(SCRIPTS);
    results.pgbench = {};
    for (const script of scripts) {
      say(`pgbench ${script}: ${duration} s, ${connections} clients, ${pgbenchThreads} threads`);
      results.pgbench[script] = await phase(() =>
        runPgbench(dbUrl, {
          script,
          clients: connections,
          threads: pgbenchThreads,
          durationSeconds: duration,
          members,
        }),
      );
      const r = results.pgbench[script];
      say(
        `  ${r.tps} tps, p50 ${r.latencyMs?.p50} ms, p99 ${r.latencyMs?.p99} ms; cores busy: ` +
          `pgbench ${r.cpu.coresBusy.pgbench}, postgres ${r.cpu.coresBusy.postgresBackends}, others ${r.cpu.coresBusy.everythingElse}`,
      );
    }
    await dropTables(dbUrl);

    say('ledger:check on the bench database');
    const check = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/ledger-check.ts'], {
      cwd: root,
      env: { ...process.env, ...SANDBOX_ON_DATABASE, DATABASE_URL: dbUrl },
    });
    results.ledgerCheck = {
      passed: check.code === 0,
      exitCode: check.code,
      output: `${check.stdout}${check.stderr}`.trim(),
    };
    say(
      `  ${results.ledgerCheck.passed ? 'passed' : 'FAILED'}: ${results.ledgerCheck.output.split('\n').at(-1)}`,
    );

    derive(results);
  } finally {
    if (server) await server.stop().catch(() => undefined);
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
    if (args['keep-db']) {
      say(`database kept: ${dbUrl}`);
    } else {
      await psql(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((error) =>
        say(`could not drop ${dbName}: ${error.message}`),
      );
    }
  }

  const day = started.toISOString().slice(0, 10);
  const tag = [args.tag, profiling ? 'profile' : ''].filter(Boolean).join('-');
  const base = path.join(args.out, `transfers-${day}${tag ? `-${tag}` : ''}`);
  writeFileSync(`${base}.json`, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(`${base}.md`, markdownSummary(results));
  say(`results: ${path.relative(root, base)}.json and .md`);
  say(
    `ratio ${results.ratio} (goal >= 0.5: ${results.goals.ratioAtLeast0_5 ? 'met' : 'not met'}); ` +
      `p99 at half rate ${results.halfRate.latencyMs?.p99} ms autocannon / ${results.halfRatePaced.latencyMs?.p99} ms paced (goal < 20 ms)`,
  );
  if (!results.ledgerCheck.passed) process.exitCode = 1;
}

/** --render FILE.json: recomputes the derived figures of a recorded run and rewrites its .md. */
function render(file) {
  const results = derive(JSON.parse(readFileSync(file, 'utf8')));
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(file.replace(/\.json$/, '.md'), markdownSummary(results));
  say(`rewrote ${file} and its .md`);
}

(args.render ? Promise.resolve().then(() => render(args.render)) : main()).catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

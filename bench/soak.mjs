#!/usr/bin/env node
/**
 * Soak of the money paths under faults (bench/README.md, issue 25 part 5).
 *
 * Two server processes (sandbox mode on a PostgreSQL server) on a PostgreSQL cluster of the
 * soak's own, the game provider and payout service as a process of their own, and a Redis of its
 * own. A mixed keyed workload over many members (deposits, wallet <-> game transfers, play at the
 * provider, withdrawals, a bonus claimed and cancelled), a share of every keyed call retried with
 * the same key (to the same or the other process, at once or after the answer); meanwhile the
 * servers are SIGKILLed, PostgreSQL is stopped (immediate) and started again, the provider process
 * is killed or made slow / erroring / silent past GAME_PROVIDER_TIMEOUT_MS, and payouts are
 * rejected, hung or delayed. Then the faults stop and every invariant is checked: answers against
 * the books, replays alike, per-member game balances against the provider, the ledger sums to
 * zero, the time every hold took to settle after the faults stopped, and `ledger:check`.
 *
 *   node bench/soak.mjs [--minutes 15] [--quick] [--label NAME] [--members 300] [--workers 6]
 *        [--seed N] [--out bench/results] [--keep]
 *
 * Everything runs on loopback and stops by itself; exit 1 on any violation.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CLIENT_HEADERS, seedMembers } from './lib/members.mjs';
import { createCluster } from './lib/pg-cluster.mjs';
import { startRedis } from './lib/redis.mjs';
import { freePort, SANDBOX_ON_DATABASE, SCHEDULES_OFF, startServer } from './lib/server.mjs';
import { run } from './lib/shell.mjs';
import { machine } from './lib/machine.mjs';
import { createRandom } from './lib/soak-random.mjs';
import { soakLine, soakMarkdown } from './lib/soak-report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string' },
    quick: { type: 'boolean', default: false },
    label: { type: 'string', default: '' },
    members: { type: 'string' },
    workers: { type: 'string' },
    seed: { type: 'string' },
    // How long to wait for every hold to settle once the faults stop (s); default from the bounds.
    'settle-wait': { type: 'string' },
    out: { type: 'string', default: path.join(root, 'bench', 'results') },
    // Keeps the temporary directory (cluster, logs) for a post-mortem.
    keep: { type: 'boolean', default: false },
  },
});

const quick = args.quick;
const minutes = Number(args.minutes ?? (quick ? 2 : 15));
const label = args.label || (quick ? 'quick' : '');
const memberCount = Number(args.members ?? (quick ? 120 : 300));
const workerCount = Number(args.workers ?? 6);
const seed = Number(args.seed ?? randomInt(1, 2 ** 31));
const rand = createRandom(seed);

/**
 * The product's money settings. Defaults are the product's own (README's environment table); a
 * quick run shortens the reference lifetime and the call timeout so the unknown-outcome bound
 * (TTL + timeout + 30 s) fits in it.
 */
const money = quick
  ? { referenceTtlSeconds: 30, providerTimeoutMs: 3_000, payoutTimeoutMs: 3_000, reconcileIntervalSeconds: 5 }
  : {
      referenceTtlSeconds: 120,
      providerTimeoutMs: 10_000,
      payoutTimeoutMs: 10_000,
      reconcileIntervalSeconds: 5,
    };
const callTimeoutMs = Math.max(money.providerTimeoutMs, money.payoutTimeoutMs);
/** The invariant's bounds (s), counted from when the faults stopped (or later, see settleTimes). */
const KNOWN_BOUND_S = 10;
const UNKNOWN_BOUND_S = money.referenceTtlSeconds + callTimeoutMs / 1000 + 30;
const settleWaitS = Number(
  args['settle-wait'] ?? (quick ? UNKNOWN_BOUND_S + 30 : Math.max(UNKNOWN_BOUND_S + 60, 420)),
);
/** The load phase: quick runs 75 s of load (then settling and checks make it about 2 to 3 minutes). */
const loadSeconds = quick && !args.minutes ? 75 : Math.round(minutes * 60);
/** A client gives up on an answer after this long (longer than any call the server makes). */
const CLIENT_TIMEOUT_MS = callTimeoutMs * 2 + 10_000;
const CREDIT_MINOR = 5_000_000; // 50,000.00 baht per member at the start.
const GAME = 'JOKER';

const started = new Date();
const say = (message) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${message}`);
const elapsed = () => Math.round((Date.now() - started.getTime()) / 100) / 10;

const tmp = mkdtempSync(path.join(os.tmpdir(), 'wallet-soak-'));
// The cluster inside runs as the postgres OS user, who must reach its directory.
chmodSync(tmp, 0o755);
mkdirSync(args.out, { recursive: true });

// ---------------------------------------------------------------------------------------------
// What the run records.

const counts = {
  operations: 0,
  byOp: {},
  statuses: {},
  replays: {
    sent: 0,
    duringRun: 0,
    afterSettling: 0,
    answered: 0,
    concurrent: 0,
    otherProcess: 0,
    agreed: 0,
    disagreed: 0,
  },
  kills: 0,
  killsOf: {},
  unexpectedExits: 0,
  startFailures: 0,
  starts: 0,
  postgresStops: 0,
  providerFaults: 0,
  providerFaultsOf: {},
  payoutFaults: 0,
  payoutFaultsOf: {},
  ledgerSumChecks: 0,
};
const faultLog = []; // { at, kind, detail }
const violations = []; // { type, detail }
const crashes = []; // unexpected exits: { who, at, code, signal, logTail }
const noteFault = (kind, detail) => faultLog.push({ at: elapsed(), kind, detail });
const violation = (type, detail) => {
  violations.push({ type, detail });
  if (violations.length <= 20) say(`VIOLATION ${type}: ${JSON.stringify(detail)}`);
};
const bump = (object, key, by = 1) => (object[key] = (object[key] ?? 0) + by);

// ---------------------------------------------------------------------------------------------
// Processes: the cluster, Redis, the provider ("outside") and our two servers, each kept up by a
// supervisor that restarts it when it ends, whether we killed it or it died.

let cluster = null;
let redis = null;
let probe = null; // a pg client of the soak's own, reconnected as needed
const slots = [];
let dbUrl = '';
const providerKey = randomBytes(24).toString('base64url');
const payoutKey = randomBytes(24).toString('base64url');
let stopping = false;

function serverEnv(slot) {
  const common = {
    LOG_LEVEL: 'warn',
    GAME_PROVIDER_KEY: providerKey,
    PAYOUT_KEY: payoutKey,
    REFERENCE_TTL_SECONDS: String(money.referenceTtlSeconds),
    GAME_PROVIDER_TIMEOUT_MS: String(money.providerTimeoutMs),
    PAYOUT_TIMEOUT_MS: String(money.payoutTimeoutMs),
    ...(redis ? { REDIS_URL: redis.url } : {}),
  };
  if (slot.who === 'provider') {
    // The outside world: no reconciler timer of its own (it still runs one pass at start, as
    // every server process does; see bench/README.md), payouts paid after `payoutDelay`.
    return {
      ...common,
      ...SCHEDULES_OFF,
      SANDBOX_PAYOUT_DELAY_SECONDS: String(slot.payoutDelay),
    };
  }
  const outside = providerSlot().base;
  return {
    ...common,
    // Every schedule at the reconciler's interval, as one setting drove them all before decision 042.
    ...Object.fromEntries(
      Object.keys(SCHEDULES_OFF).map((name) => [name, String(money.reconcileIntervalSeconds)]),
    ),
    GAME_PROVIDER_URL: `${outside}/api/sandbox/provider-api`,
    PAYOUT_URL: `${outside}/api/sandbox/payout-api`,
  };
}

const providerSlot = () => slots.find((slot) => slot.who === 'provider');
const ourSlots = () => slots.filter((slot) => slot.who !== 'provider');

function makeSlot(who, port) {
  return {
    who,
    port,
    base: `http://127.0.0.1:${port}`,
    logFile: path.join(tmp, `${who}.log`),
    server: null,
    up: false,
    /** Set by a fault that kills it on purpose: the next exit is ours, restarted after `restartAfterMs`. */
    killedOnPurpose: false,
    restartAfterMs: 0,
    payoutDelay: 2,
    starts: 0,
    loop: null,
  };
}

/** Starts the slot's process, retrying (PostgreSQL may be down) until it answers /api/health. */
async function bringUp(slot) {
  for (let attempt = 0; !stopping; attempt += 1) {
    try {
      slot.server = await startServer({
        root,
        databaseUrl: `${dbUrl}?application_name=soak-${slot.who}`,
        port: slot.port,
        logFile: slot.logFile,
        appendLog: true,
        startTimeoutMs: 45_000,
        extraEnv: serverEnv(slot),
      });
      slot.starts += 1;
      counts.starts += 1;
      slot.up = true;
      return true;
    } catch (error) {
      counts.startFailures += 1;
      if (attempt % 5 === 0)
        say(`${slot.who} did not start (${String(error.message).split('\n')[0]}); retrying`);
      await sleep(1_000 + Math.min(attempt, 5) * 500);
    }
  }
  return false;
}

/** Keeps one slot up until the run stops: restarts after every exit, counting the unexpected ones. */
async function supervise(slot) {
  while (!stopping) {
    if (!slot.server && !(await bringUp(slot))) return;
    const ended = await slot.server.exit;
    slot.up = false;
    slot.server = null;
    if (slot.killedOnPurpose) {
      slot.killedOnPurpose = false;
      await sleep(slot.restartAfterMs);
    } else if (!stopping) {
      counts.unexpectedExits += 1;
      const logTail = tailOf(slot.logFile, 40);
      crashes.push({ who: slot.who, at: elapsed(), ...ended, logTail });
      say(`${slot.who} exited by itself (${JSON.stringify(ended)}); restarting`);
      await sleep(500);
    }
  }
}

function tailOf(file, lines) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** SIGKILLs a slot's process on purpose; the supervisor restarts it after `restartAfterMs`. */
function kill(slot, restartAfterMs) {
  if (!slot.server || !slot.up) return false;
  slot.killedOnPurpose = true;
  slot.restartAfterMs = restartAfterMs;
  slot.up = false;
  slot.server.kill('SIGKILL');
  counts.kills += 1;
  bump(counts.killsOf, slot.who);
  return true;
}

async function waitUp(slot, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (!slot.up && Date.now() < deadline) await sleep(200);
  return slot.up;
}

/** A query on the soak's own connection, reconnecting after PostgreSQL restarts; null if it fails. */
async function query(text, params) {
  try {
    if (!probe) {
      probe = new pg.Client({ connectionString: `${dbUrl}?application_name=soak-probe` });
      probe.on('error', () => undefined);
      await probe.connect();
    }
    return await probe.query(text, params);
  } catch (error) {
    await probe?.end().catch(() => undefined);
    probe = null;
    return { error };
  }
}

/** The same, retried until it works (after the faults stop, PostgreSQL is up). */
async function mustQuery(text, params) {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const result = await query(text, params);
    if (!result.error) return result;
    await sleep(1_000);
  }
  throw new Error(`query failed for a minute: ${text.slice(0, 80)}`);
}

// ---------------------------------------------------------------------------------------------
// HTTP: one call, never throwing; the answer or what went wrong.

async function call(base, method, url, { token, key, body } = {}) {
  const headers = { ...CLIENT_HEADERS };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (key) headers['idempotency-key'] = key;
  const sentAt = Date.now();
  try {
    const response = await fetch(`${base}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
    const text = await response.text();
    return { status: response.status, body: text, ms: Date.now() - sentAt };
  } catch (error) {
    return { status: 0, error: error.cause?.code ?? error.name ?? 'error', ms: Date.now() - sentAt };
  }
}

// ---------------------------------------------------------------------------------------------
// The workload.

/** Every keyed call: { op, member, key, method, url, body, answers: [{ via, status, body, concurrent }] }. */
const keyed = [];
const runId = randomBytes(4).toString('hex');
let keySeq = 0;
const newKey = () => `soak-${runId}-${String((keySeq += 1)).padStart(8, '0')}`;
let team = [];
const bonusClaimed = new Set();

/** The operations, with their share of the mix. Amounts in minor units. */
const MIX = [
  ['deposit', 10],
  ['toGame', 30],
  ['toWallet', 25],
  ['play', 17],
  ['withdraw', 8],
  ['refresh', 5],
  ['bonus', 5],
];
const MIX_TOTAL = MIX.reduce((sum, [, weight]) => sum + weight, 0);
const pickOp = () => {
  let left = rand.int(0, MIX_TOTAL);
  for (const [op, weight] of MIX) {
    if (left < weight) return op;
    left -= weight;
  }
  return MIX[0][0];
};

/** A live server of ours (as a load balancer would send to), or any when none is up. */
function pickServer(except) {
  const up = ourSlots().filter((slot) => slot.up && slot !== except);
  if (up.length > 0) return rand.pick(up);
  return rand.pick(ourSlots());
}

const REPLAY_SHARE = 0.25;

async function keyedCall(op, member, method, url, body) {
  const record = { op, member: member.id, key: newKey(), method, url, body, answers: [] };
  keyed.push(record);
  const first = pickServer();
  const send = async (slot, concurrent) => {
    const answer = await call(slot.base, method, url, { token: member.token, key: record.key, body });
    record.answers.push({ via: slot.who, concurrent, ...answer });
    bump(counts.statuses, String(answer.status || answer.error));
    return answer;
  };
  const replay = rand.chance(REPLAY_SHARE);
  const concurrent = replay && rand.chance(0.4);
  const other = rand.chance(0.6);
  const target = other ? pickServer(first) : first;
  if (concurrent) {
    counts.replays.concurrent += 1;
    await Promise.all([send(first, false), sleep(rand.int(0, 20)).then(() => send(target, true))]);
  } else {
    await send(first, false);
    if (replay) await send(target, false);
  }
  if (replay) {
    counts.replays.sent += 1;
    counts.replays.duringRun += 1;
    if (target !== first) counts.replays.otherProcess += 1;
  }
  return record;
}

async function operate() {
  const member = rand.pick(team);
  const op = pickOp();
  counts.operations += 1;
  bump(counts.byOp, op);
  switch (op) {
    case 'deposit':
      return keyedCall(op, member, 'POST', '/api/sandbox/credit', { amount: rand.int(10, 2_000) * 100 });
    case 'toGame':
      return keyedCall(op, member, 'POST', '/api/wallet/transfer', {
        from: 'wallet',
        to: GAME,
        amount: rand.int(1, 500) * 100,
      });
    case 'toWallet':
      return keyedCall(op, member, 'POST', '/api/wallet/transfer', {
        from: GAME,
        to: 'wallet',
        amount: rand.int(1, 400) * 100,
      });
    case 'withdraw':
      return keyedCall(op, member, 'POST', '/api/wallet/withdraw', { amount: rand.int(100, 1_000) * 100 });
    case 'play': {
      // Rounds at the provider (its own process): balances change there, booked by us later.
      const bet = rand.int(1, 50) * 100;
      const win = rand.pick([0, 0, bet / 2, bet, bet * 2, bet * 3]);
      const answer = await call(providerSlot().base, 'POST', `/api/sandbox/provider/${GAME}/rounds`, {
        token: member.token,
        body: { count: rand.int(1, 4), bet, win },
      });
      bump(counts.statuses, String(answer.status || answer.error));
      return answer;
    }
    case 'refresh': {
      const answer = await call(pickServer().base, 'GET', '/api/wallet/refresh/slot', {
        token: member.token,
      });
      bump(counts.statuses, String(answer.status || answer.error));
      return answer;
    }
    case 'bonus': {
      // A promotion code that needs no deposit, claimed once per member, then cancelled.
      const claimed = bonusClaimed.has(member.id);
      const url = claimed ? '/api/bonus/clear' : '/api/promotion/activate/SONGKRAN50';
      const answer = await call(pickServer().base, 'GET', url, { token: member.token });
      if (answer.status === 200 || answer.status === 400 || answer.status === 409)
        bonusClaimed.add(member.id);
      bump(counts.statuses, String(answer.status || answer.error));
      return answer;
    }
    default:
      return null;
  }
}

async function worker() {
  while (Date.now() < loadEnd && !stopping) {
    if (!ourSlots().some((slot) => slot.up)) {
      await sleep(250);
      continue;
    }
    const answer = await operate();
    // A member whose call failed (a process down, PostgreSQL down) waits a little before the next.
    const failed = (answer?.answers?.at(-1) ?? answer)?.status;
    await sleep(failed === 0 || failed >= 500 ? rand.int(200, 800) : rand.int(0, 40));
  }
}

// ---------------------------------------------------------------------------------------------
// Faults.

const FAULTS = [
  ['kill-server', 34],
  ['kill-both', 5],
  ['postgres-stop', 10],
  ['kill-provider', 10],
  ['provider-slow', 10],
  ['provider-fail', 8],
  ['provider-timeout', 8],
  ['provider-applied-then-timeout', 6],
  ['payout-reject', 5],
  ['payout-timeout', 5],
];
const FAULT_TOTAL = FAULTS.reduce((sum, [, weight]) => sum + weight, 0);

/** Sets the provider's fault for the game (stored in the database, so any live process will do). */
async function setProviderFault(mode, latencyMs = 0) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    const via = providerSlot().up ? providerSlot() : pickServer();
    const answer = await call(via.base, 'POST', `/api/sandbox/provider/${GAME}/faults`, {
      body: { mode, latencyMs },
    });
    if (answer.status === 200) return true;
    if (stopping && attempt > 60) break;
    await sleep(500);
  }
  return false;
}

async function setPayoutFault(mode) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    const via = providerSlot().up ? providerSlot() : pickServer();
    const answer = await call(via.base, 'POST', '/api/sandbox/payout/faults', { body: { mode } });
    if (answer.status === 200) return true;
    await sleep(500);
  }
  return false;
}

let postgresDown = false;
async function stopPostgres(downMs) {
  if (postgresDown) return;
  postgresDown = true;
  counts.postgresStops += 1;
  await cluster.stop('immediate').catch((error) => say(`pg_ctl stop failed: ${error.message}`));
  await sleep(downMs);
  for (let attempt = 0; ; attempt += 1) {
    try {
      await cluster.start();
      break;
    } catch (error) {
      say(`PostgreSQL did not start (${String(error.message).split('\n')[0]}); retrying`);
      if (attempt > 10) throw error;
      await sleep(2_000);
    }
  }
  postgresDown = false;
}

/** One fault, chosen at random; resolves when it is over (a killed process may still be restarting). */
async function oneFault() {
  let left = rand.int(0, FAULT_TOTAL);
  let kind = FAULTS[0][0];
  for (const [name, weight] of FAULTS) {
    if (left < weight) {
      kind = name;
      break;
    }
    left -= weight;
  }
  const timeout = money.providerTimeoutMs;
  switch (kind) {
    case 'kill-server': {
      const slot = rand.pick(ourSlots());
      if (kill(slot, rand.int(500, 4_000))) noteFault(kind, slot.who);
      return;
    }
    case 'kill-both':
      for (const slot of ourSlots()) kill(slot, rand.int(1_000, 5_000));
      noteFault(kind, 'server-1 and server-2');
      return;
    case 'postgres-stop': {
      const downMs = rand.int(2_000, 8_000);
      noteFault(kind, `immediate, down ${downMs} ms`);
      await stopPostgres(downMs);
      return;
    }
    case 'kill-provider': {
      const slot = providerSlot();
      // Payout delay as a fault: the next provider process pays after 2 s, or after 25 s.
      slot.payoutDelay = rand.chance(0.3) ? 25 : 2;
      if (kill(slot, rand.int(1_000, 8_000))) {
        noteFault(kind, `restart with payout delay ${slot.payoutDelay} s`);
        counts.providerFaults += 1;
        bump(counts.providerFaultsOf, kind);
      }
      return;
    }
    case 'payout-reject':
    case 'payout-timeout': {
      const mode = kind === 'payout-reject' ? 'reject' : 'timeout';
      const forMs = rand.int(4_000, 12_000);
      if (!(await setPayoutFault(mode))) return;
      counts.payoutFaults += 1;
      bump(counts.payoutFaultsOf, kind);
      noteFault(kind, `${forMs} ms`);
      await sleep(forMs);
      await setPayoutFault('none');
      return;
    }
    default: {
      // The provider misbehaving for a while: slow past the call timeout (it applies late),
      // refusing, silent (never applies), or applying and then silent.
      const forMs = rand.int(4_000, 15_000);
      const [mode, latencyMs] = {
        'provider-slow': ['none', timeout + rand.int(500, 3_000)],
        'provider-fail': ['fail', 0],
        'provider-timeout': ['timeout', timeout + 1_000],
        'provider-applied-then-timeout': ['applied-then-timeout', timeout + 1_000],
      }[kind];
      if (!(await setProviderFault(mode, latencyMs))) return;
      counts.providerFaults += 1;
      bump(counts.providerFaultsOf, kind);
      noteFault(kind, `${mode} ${latencyMs} ms for ${forMs} ms`);
      await sleep(forMs);
      await setProviderFault('none', 0);
    }
  }
}

/** When the load stops; the closing storm moves it to its own end. */
let loadEnd = 0;

/**
 * The last seconds before the faults stop: payouts hang; the provider stays silent without
 * applying, then applies and stays silent (so calls whose outcome it knows are still unanswered
 * when the faults stop); each server is killed once. So holds of both kinds (outcome known, never
 * seen) are pending, some through restarts, when the faults stop.
 */
async function closingStorm(stormMs) {
  const timeout = money.providerTimeoutMs;
  noteFault('closing-storm', `${stormMs} ms`);
  const [first, second] = rand.chance(0.5) ? ourSlots() : [...ourSlots()].reverse();
  const killWhenUp = async (slot) => {
    if ((await waitUp(slot, 15_000)) && kill(slot, rand.int(1_000, 2_000)))
      noteFault('kill-server', `${slot.who} (closing storm)`);
  };
  if (await setPayoutFault('timeout')) {
    counts.payoutFaults += 1;
    bump(counts.payoutFaultsOf, 'payout-timeout');
  }
  if (await setProviderFault('timeout', timeout + 1_000)) {
    counts.providerFaults += 1;
    bump(counts.providerFaultsOf, 'provider-timeout');
  }
  await sleep(stormMs / 3);
  await killWhenUp(first);
  await sleep(stormMs / 6);
  if (await setProviderFault('applied-then-timeout', timeout + 1_000)) {
    counts.providerFaults += 1;
    bump(counts.providerFaultsOf, 'provider-applied-then-timeout');
  }
  await sleep(stormMs / 6);
  // The provider dies holding answers to calls it applied: their holds wait for its word.
  if (kill(providerSlot(), 1_000)) {
    noteFault('kill-provider', 'closing storm');
    counts.providerFaults += 1;
    bump(counts.providerFaultsOf, 'kill-provider');
  }
  await sleep(stormMs / 3);
  // And the second server dies with calls in flight, the moment the faults stop.
  await killWhenUp(second);
}

/** Faults one after another (a few at once at times) until `until`, then the closing storm. */
async function faultLoop(until) {
  const gapMs = quick ? [2_000, 6_000] : [3_000, 12_000];
  const stormMs = quick ? 18_000 : 30_000;
  const randomUntil = until - stormMs;
  const running = new Set();
  while (Date.now() < randomUntil && !stopping) {
    await sleep(rand.int(...gapMs));
    if (Date.now() >= randomUntil) break;
    const fault = oneFault().catch((error) => say(`fault failed: ${error.message}`));
    running.add(fault);
    fault.finally(() => running.delete(fault));
    // At most two faults at once, so some of the run sees a single fault's effect.
    if (running.size >= 2) await Promise.race(running);
  }
  await Promise.all(running);
  if (stopping) return;
  // The load goes on through the storm, which starts once the random faults are over.
  loadEnd = Math.max(loadEnd, Date.now() + stormMs + 1_000);
  await closingStorm(stormMs);
  loadEnd = Date.now();
}

/** Every few seconds while the load runs: the ledger sums to zero (when PostgreSQL answers). */
async function sumLoop() {
  while (Date.now() < loadEnd && !stopping) {
    await sleep(10_000);
    const result = await query(
      `select currency, sum(balance)::text as total from ledger_accounts group by currency having sum(balance) <> 0`,
    );
    if (result.error) continue;
    counts.ledgerSumChecks += 1;
    for (const row of result.rows)
      violation('ledger-sum', { during: true, currency: row.currency, total: row.total });
  }
}

// ---------------------------------------------------------------------------------------------
// After the faults: settling, then the checks.

/** Every hold still pending at `t0` (or made after it), how it settled, and how long it took. */
async function settleTimes(t0) {
  const { rows } = await mustQuery(
    `select h.idempotency_key as key, h.kind, h.created_at, s.created_at as settled_at, s.kind as settle_kind,
            p.created_at as provider_at, p.status as provider_status,
            o.status as payout_status, o.created_at as payout_at, o.pay_at
       from ledger_transfers h
       left join ledger_transfers s on s.idempotency_key = h.idempotency_key || ':settle'
       left join sandbox_provider_transfers p on p.reference = h.idempotency_key
       left join sandbox_payouts o on o.reference = h.idempotency_key
      where h.kind like 'hold:%' and (s.created_at is null or s.created_at > $1)`,
    [t0],
  );
  const holds = rows.map((row) => {
    // When the outside system knew the outcome (null: it never saw the reference).
    let knownAt = null;
    if (row.provider_at) knownAt = row.provider_at;
    else if (row.payout_status === 'rejected') knownAt = row.payout_at;
    else if (row.payout_status) knownAt = row.pay_at;
    const from = Math.max(t0.getTime(), row.created_at.getTime(), knownAt ? knownAt.getTime() : 0);
    const known = knownAt !== null;
    const seconds = row.settled_at ? (row.settled_at.getTime() - from) / 1000 : null;
    return {
      key: row.key,
      kind: row.kind,
      known,
      outside: row.provider_status ?? row.payout_status ?? 'never seen',
      settled: row.settle_kind ?? null,
      seconds: seconds === null ? null : Math.max(0, Math.round(seconds * 10) / 10),
    };
  });
  return holds;
}

async function waitSettled(t0, waitS) {
  const deadline = Date.now() + waitS * 1000;
  let pending = -1;
  while (Date.now() < deadline) {
    const result = await query('select count(*)::int as n from ledger_pending_holds');
    if (!result.error) {
      if (result.rows[0].n !== pending) {
        pending = result.rows[0].n;
        say(
          `holds pending: ${pending} (${Math.round((Date.now() - t0wall) / 1000)} s after the faults stopped)`,
        );
      }
      if (pending === 0) return true;
    }
    await sleep(1_000);
  }
  return false;
}
let t0wall = 0;
let redisSetting = 'none';

/** What the books say of a key: { kind, amount, settle } of the transfer with that ledger key. */
async function loadBooks() {
  const { rows } = await mustQuery(
    `select h.idempotency_key as key, h.kind, h.amount::text as amount, s.kind as settle_kind
       from ledger_transfers h
       left join ledger_transfers s on s.idempotency_key = h.idempotency_key || ':settle'
      where h.idempotency_key like 'm%:soak-%' and h.idempotency_key not like '%:settle'`,
  );
  const books = new Map();
  for (const row of rows)
    books.set(row.key, { kind: row.kind, amount: Number(row.amount), settle: row.settle_kind });
  return books;
}

const parse = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};
/** A final answer: one a retry must get again (2xx other than 202, and 4xx). */
const isFinal = (answer) => answer.status >= 200 && answer.status < 500 && answer.status !== 202;
const messageOf = (answer) => parse(answer.body)?.message ?? parse(answer.body)?.status ?? null;

/** Answers against the books, and replays alike. */
function checkAnswers(books) {
  const result = {
    checked: 0,
    answered200: 0,
    posted200: 0,
    refused: 0,
    pendingThenSettled: 0,
    noFinalAnswer: 0,
  };
  for (const record of keyed) {
    result.checked += 1;
    const ledgerKey = `m${record.member}:${record.key}`;
    const entry = books.get(ledgerKey) ?? null;
    const answers = record.answers.filter((answer) => answer.status > 0 && answer.status < 500);
    const finals = answers.filter(isFinal);
    // Replays alike: every final answer the same (status and body).
    for (const answer of finals.slice(1)) {
      if (!sameAnswer(answer, finals[0])) {
        violation('replay-differs', {
          op: record.op,
          key: ledgerKey,
          first: pick(finals[0]),
          other: pick(answer),
        });
      }
    }
    // A final answer given before a later 202 of a sequential retry: the retry went backwards.
    const firstFinal = record.answers.findIndex((answer) => isFinal(answer));
    if (firstFinal >= 0) {
      for (const later of record.answers.slice(firstFinal + 1)) {
        if (later.status === 202 && !later.concurrent && !record.answers[firstFinal].concurrent)
          violation('replay-went-back-to-pending', {
            op: record.op,
            key: ledgerKey,
            answers: record.answers.map(pick),
          });
      }
    }
    if (finals.length === 0) result.noFinalAnswer += 1;
    for (const answer of answers) {
      const message = messageOf(answer);
      if (answer.status === 409 && message === 'IDEMPOTENCY_KEY_REUSED')
        violation('same-body-refused-as-reuse', { op: record.op, key: ledgerKey, answer: pick(answer) });
      if (answer.status === 200) {
        result.answered200 += 1;
        const amount = parse(answer.body)?.amount;
        const moved =
          record.op === 'deposit'
            ? entry && entry.kind === 'sandbox_credit'
            : entry && entry.kind.startsWith('hold:') && entry.settle?.startsWith('post:');
        if (!moved)
          violation('answered-200-not-posted', {
            op: record.op,
            key: ledgerKey,
            books: entry,
            answer: pick(answer),
          });
        else if (entry.amount !== record.body.amount || amount !== record.body.amount)
          violation('answered-200-wrong-amount', {
            op: record.op,
            key: ledgerKey,
            books: entry,
            body: record.body,
          });
        else result.posted200 += 1;
      } else if (answer.status === 202) {
        if (!entry || !entry.kind.startsWith('hold:'))
          violation('answered-pending-without-hold', {
            op: record.op,
            key: ledgerKey,
            books: entry,
            answer: pick(answer),
          });
      } else if (answer.status >= 400) {
        result.refused += 1;
        // A refusal moved nothing: no movement under the key, or a hold given back (voided).
        const nothing = !entry || (entry.kind.startsWith('hold:') && entry.settle?.startsWith('void:'));
        if (!nothing)
          violation('refused-but-moved', {
            op: record.op,
            key: ledgerKey,
            books: entry,
            answer: pick(answer),
          });
      }
    }
  }
  return result;
}
/** The same status and the same JSON (a stored answer comes back from jsonb with its keys reordered). */
const canonical = (value) =>
  value && typeof value === 'object'
    ? Array.isArray(value)
      ? `[${value.map(canonical).join(',')}]`
      : `{${Object.keys(value)
          .sort()
          .map((name) => `${JSON.stringify(name)}:${canonical(value[name])}`)
          .join(',')}}`
    : JSON.stringify(value);
const sameAnswer = (a, b) => a.status === b.status && canonical(parse(a.body)) === canonical(parse(b.body));
const pick = (answer) => ({
  via: answer.via,
  status: answer.status,
  body: answer.body?.slice(0, 200),
  concurrent: answer.concurrent || undefined,
});

/**
 * After settling: every key whose caller never got a final answer is sent once more (a member's
 * retry), and a sample of the others, to the server chosen at random. The answer must be final
 * now and agree with the books (checked with the rest) and with any final answer given before.
 */
async function finalReplays(sampleOfFinal) {
  const open = keyed.filter((record) => !record.answers.some(isFinal));
  const closed = keyed.filter((record) => record.answers.some(isFinal));
  const sample = [];
  for (let i = 0; i < Math.min(sampleOfFinal, closed.length); i += 1) sample.push(rand.pick(closed));
  const todo = [...open, ...new Set(sample)];
  let next = 0;
  const result = { sent: 0, pendingStill: 0 };
  const member = new Map(team.map((m) => [m.id, m]));
  const one = async () => {
    while (next < todo.length) {
      const record = todo[next++];
      const slot = pickServer();
      const answer = await call(slot.base, record.method, record.url, {
        token: member.get(record.member).token,
        key: record.key,
        body: record.body,
      });
      record.answers.push({ via: slot.who, concurrent: false, final: true, ...answer });
      result.sent += 1;
      counts.replays.sent += 1;
      counts.replays.afterSettling += 1;
      if (answer.status === 202) result.pendingStill += 1;
    }
  };
  await Promise.all(Array.from({ length: 4 }, one));
  return result;
}

/** Our game account against the provider's balance for each member (rounds not booked counted). */
async function checkProviderTotals() {
  const { rows } = await mustQuery(
    `with booked as (
       select (metadata ->> 'memberId')::bigint as member_id, max((metadata ->> 'toRound')::bigint) as mark
         from ledger_transfers where kind = 'play' and metadata ->> 'game' = $1 group by 1)
     select g.member_id, a.balance::text as ours, p.balance::text as theirs,
            coalesce((select sum(r.win - r.bet) from sandbox_provider_rounds r
                       where r.game_code = g.game_code and r.username = g.username
                         and r.id > coalesce(b.mark, 0)), 0)::text as unbooked,
            exists (select 1 from ledger_pending_holds h
                     where h.source_key = a.key or h.destination_key = a.key) as pending
       from game_accounts g
       join ledger_accounts a on a.key = 'game:' || g.member_id || ':' || g.game_code
       join sandbox_provider_players p on p.game_code = g.game_code and p.username = g.username
       left join booked b on b.member_id = g.member_id
      where g.game_code = $1`,
    [GAME],
  );
  const result = { members: rows.length, compared: 0, skippedPending: 0, differ: 0 };
  for (const row of rows) {
    if (row.pending) {
      result.skippedPending += 1;
      continue;
    }
    result.compared += 1;
    if (BigInt(row.ours) + BigInt(row.unbooked) !== BigInt(row.theirs)) {
      result.differ += 1;
      violation('game-balance-differs', {
        member: row.member_id,
        ours: row.ours,
        unbooked: row.unbooked,
        provider: row.theirs,
      });
    }
  }
  return result;
}

async function ledgerCheck() {
  const check = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/ledger-check.ts'], {
    cwd: root,
    env: { ...process.env, ...SANDBOX_ON_DATABASE, DATABASE_URL: dbUrl, LOG_LEVEL: 'warn' },
  });
  return { passed: check.code === 0, exitCode: check.code, output: `${check.stdout}${check.stderr}`.trim() };
}

// ---------------------------------------------------------------------------------------------

async function cleanup() {
  stopping = true;
  for (const slot of slots) {
    slot.killedOnPurpose = true;
    slot.restartAfterMs = 0;
  }
  // Our servers first, then the provider, then Redis and PostgreSQL.
  for (const slot of [...ourSlots(), providerSlot()].filter(Boolean)) {
    await slot.server?.stop().catch(() => undefined);
  }
  await probe?.end().catch(() => undefined);
  probe = null;
  await redis?.stop().catch(() => undefined);
  redis = null;
  if (cluster) {
    await cluster.stop('fast').catch(() => cluster.stopNow());
  }
  if (args.keep) say(`kept ${tmp}`);
  else rmSync(tmp, { recursive: true, force: true });
}

let cleaning = null;
const cleanOnce = () => (cleaning ??= cleanup());
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    say(`${signal}: stopping everything`);
    cleanOnce().finally(() => process.exit(130));
  });
}
// Last resort (an exception past the handlers): nothing of ours outlives the process.
process.once('exit', () => {
  for (const slot of slots) slot.server?.kill('SIGKILL');
  if (cluster?.running) cluster.stopNow();
});

async function main() {
  const info = machine(root);
  info.loadAverageAtStart = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  say(
    `seed ${seed}; ${loadSeconds} s of load and faults; ${memberCount} members; ${workerCount} workers; temp ${tmp}`,
  );
  // A hard stop, whatever happens: load + settle + checks + set-up, with room.
  const watchdog = setTimeout(
    () => {
      say('WATCHDOG: the run took far too long; stopping');
      process.exitCode = 1;
      cleanOnce().finally(() => process.exit(1));
    },
    (loadSeconds + settleWaitS + 900) * 1000,
  );
  watchdog.unref();

  const pgPort = await freePort();
  cluster = await createCluster({ dir: path.join(tmp, 'pg'), port: pgPort });
  await cluster.start();
  info.postgres = (
    await run('psql', ['-X', '-A', '-t', '-d', cluster.url(), '-c', 'select version()'])
  ).stdout.trim();
  await run('psql', ['-X', '-q', '-d', cluster.url(), '-c', 'CREATE DATABASE soak']);
  dbUrl = cluster.url('soak');
  say(`PostgreSQL of the soak's own on 127.0.0.1:${pgPort}`);
  redis = await startRedis(await freePort());
  say(
    redis
      ? `redis-server of the soak's own at ${redis.url}`
      : 'no redis-server on the PATH: servers run without Redis',
  );
  redisSetting = redis ? 'a redis-server of the soak’s own (REDIS_URL)' : 'none';

  slots.push(makeSlot('provider', await freePort()));
  slots.push(makeSlot('server-1', await freePort()));
  slots.push(makeSlot('server-2', await freePort()));
  // One at a time at first (each runs the migrations at start).
  for (const slot of slots) {
    if (!(await bringUp(slot))) throw new Error(`${slot.who} did not start`);
    say(`${slot.who} up at ${slot.base}`);
  }
  say(`seeding ${memberCount} members`);
  team = await seedMembers(ourSlots()[0].base, dbUrl, { count: memberCount, creditMinor: CREDIT_MINOR });
  for (const slot of slots) slot.loop = supervise(slot);

  const loadStart = Date.now();
  const until = loadStart + loadSeconds * 1000;
  // The fault loop ends the load once its closing storm is over (this is only a backstop).
  loadEnd = until + 120_000;
  say(`load and faults for ${loadSeconds} s`);
  const progress = setInterval(() => {
    say(
      `${counts.operations} operations, ${counts.replays.sent} replays, ${counts.kills} kills, ` +
        `${counts.postgresStops} PostgreSQL stops, ${counts.providerFaults + counts.payoutFaults} provider/payout faults, ` +
        `${counts.unexpectedExits} unexpected exits, ${violations.length} violations`,
    );
  }, 30_000);
  await Promise.all([...Array.from({ length: workerCount }, () => worker()), faultLoop(until), sumLoop()]);
  clearInterval(progress);

  // The faults stop: no fault is running (faultLoop waited for them), the switches go off, and
  // that moment, on the database's clock (as the holds use), is T0. Processes killed in the last
  // seconds are still starting: their restart is part of the recovery the settle times measure.
  say('faults stopped: clearing the fault switches');
  const cleared = (await setProviderFault('none', 0)) && (await setPayoutFault('none'));
  if (!cleared) violation('harness', { detail: 'could not clear the fault switches' });
  const t0 = (await mustQuery('select now() as t')).rows[0].t;
  t0wall = Date.now();
  const loadSecondsActual = Math.round((t0wall - loadStart) / 1000);
  for (const slot of slots) await waitUp(slot);
  say(`every process up ${Math.round((Date.now() - t0wall) / 100) / 10} s after the faults stopped`);

  say(`settling: waiting up to ${settleWaitS} s for every hold`);
  const allSettled = await waitSettled(t0, settleWaitS);
  const holds = await settleTimes(t0);
  const worst = (list) =>
    list.reduce((max, hold) => (hold.seconds === null ? Infinity : Math.max(max, hold.seconds)), 0);
  const knownHolds = holds.filter((hold) => hold.known);
  const unknownHolds = holds.filter((hold) => !hold.known);
  const settle = {
    t0: t0.toISOString(),
    allSettled,
    waitedSeconds: Math.round((Date.now() - t0wall) / 1000),
    boundsSeconds: { known: KNOWN_BOUND_S, unknown: UNKNOWN_BOUND_S },
    holds: holds.length,
    known: knownHolds.length,
    unknown: unknownHolds.length,
    worstKnownSeconds: knownHolds.length ? worst(knownHolds) : null,
    worstUnknownSeconds: unknownHolds.length ? worst(unknownHolds) : null,
    unsettled: holds.filter((hold) => hold.seconds === null).length,
    late: holds
      .filter(
        (hold) => hold.seconds === null || hold.seconds > (hold.known ? KNOWN_BOUND_S : UNKNOWN_BOUND_S),
      )
      .slice(0, 50),
    histogram: histogram(holds),
    byKind: holds.reduce((by, hold) => {
      const what = `${hold.kind.slice('hold:'.length)} ${hold.outside} -> ${hold.settled?.split(':')[0] ?? 'unsettled'}`;
      by[what] = (by[what] ?? 0) + 1;
      return by;
    }, {}),
  };
  for (const hold of holds) {
    const bound = hold.known ? KNOWN_BOUND_S : UNKNOWN_BOUND_S;
    if (hold.seconds === null || hold.seconds > bound)
      violation(hold.seconds === null ? 'hold-unsettled' : 'hold-settled-late', {
        ...hold,
        boundSeconds: bound,
      });
  }
  say(
    `settle times: ${holds.length} holds pending at the stop; worst ${fmtS(settle.worstKnownSeconds)} ` +
      `(outcome known, bound ${KNOWN_BOUND_S} s) / ${fmtS(settle.worstUnknownSeconds)} (never seen, bound ${UNKNOWN_BOUND_S} s)`,
  );

  // Plays booked for every member (as the wallet page does), then every open key retried once.
  say('booking plays for every member');
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < team.length) {
        const member = team[next++];
        await call(pickServer().base, 'GET', '/api/wallet/refresh/slot', { token: member.token });
      }
    }),
  );
  say('retrying every key that never got a final answer, and a sample of the others');
  const replays = await finalReplays(quick ? 300 : 1_000);
  await waitSettled(new Date(), 60);

  say('checking answers against the books, the provider, the ledger');
  const books = await loadBooks();
  const answers = checkAnswers(books);
  counts.replays.answered = keyed.reduce(
    (sum, record) =>
      sum + Math.max(0, record.answers.filter((a) => a.status > 0 && a.status < 500).length - 1),
    0,
  );
  counts.replays.disagreed = violations.filter(
    (v) => v.type.startsWith('replay') || v.type === 'same-body-refused-as-reuse',
  ).length;
  counts.replays.agreed = counts.replays.answered - counts.replays.disagreed;
  const provider = await checkProviderTotals();
  const sums = await mustQuery(
    `select (select coalesce(sum(balance), 0) from ledger_accounts)::text as accounts,
            (select coalesce(sum(amount), 0) from ledger_entries)::text as entries`,
  );
  const ledgerSum = sums.rows[0];
  if (ledgerSum.accounts !== '0' || ledgerSum.entries !== '0')
    violation('ledger-sum', { during: false, ...ledgerSum });
  const check = await ledgerCheck();
  if (!check.passed) violation('ledger-check', { output: check.output.slice(0, 2_000) });
  say(`ledger:check ${check.passed ? 'passed' : 'FAILED'}`);

  await cleanOnce();

  const byType = {};
  for (const v of violations) bump(byType, v.type);
  const results = {
    version: 1,
    benchmark: 'soak: keyed money calls under kills, PostgreSQL stops, provider and payout faults (issue 25)',
    label,
    date: started.toISOString(),
    seed,
    machine: info,
    settings: {
      quick,
      loadSeconds,
      loadSecondsActual,
      members: memberCount,
      workers: workerCount,
      replayShare: REPLAY_SHARE,
      mix: Object.fromEntries(MIX),
      faults: Object.fromEntries(FAULTS),
      money,
      clientTimeoutMs: CLIENT_TIMEOUT_MS,
      settleWaitSeconds: settleWaitS,
      redis: redisSetting,
    },
    counts,
    answers,
    finalReplays: replays,
    settle,
    provider,
    ledgerSum,
    ledgerCheck: check,
    violations: { total: violations.length, byType, first: violations.slice(0, 100) },
    crashes: dedupeCrashes(crashes),
    faultLog,
  };
  const day = started.toISOString().slice(0, 10);
  const base = path.join(args.out, `soak-${day}${label ? `-${label}` : ''}`);
  writeFileSync(`${base}.json`, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(`${base}.md`, soakMarkdown(results));
  say(`results: ${path.relative(root, base)}.json and .md`);
  console.log(soakLine(results));
  if (violations.length > 0) process.exitCode = 1;
}

function histogram(holds) {
  const edges = [1, 2, 5, 10, 20, 30, 60, 120, 160, 300, 600];
  const out = {};
  for (const hold of holds) {
    const bucket =
      hold.seconds === null ? 'unsettled' : `≤${edges.find((edge) => hold.seconds <= edge) ?? '∞'} s`;
    const name = `${hold.known ? 'known' : 'never seen'} ${bucket}`;
    out[name] = (out[name] ?? 0) + 1;
  }
  return out;
}

const fmtS = (seconds) => (seconds === null ? '—' : seconds === Infinity ? 'unsettled' : `${seconds} s`);

/** The error a process died of, in one line, from the end of its log. */
function deathOf(logTail) {
  const lines = logTail.split('\n');
  const at = lines.findLastIndex((text) => /Unhandled|uncaught|could not start|^\w*Error\b/.test(text));
  if (at < 0) return null;
  const error = lines.slice(at).find((text) => /^\w*Error\b/.test(text)) ?? '';
  const where =
    lines
      .slice(at)
      .find((text) => /^\s+at /.test(text))
      ?.trim() ?? '';
  return [lines[at].trim(), error.trim(), where]
    .filter((part, i, all) => part && all.indexOf(part) === i)
    .join(' | ');
}

/** Unexpected exits, the same error once (its count and first log tail). */
function dedupeCrashes(list) {
  const byError = new Map();
  for (const crash of list) {
    const line = (deathOf(crash.logTail) ?? `exit ${crash.code ?? crash.signal}`).slice(0, 400);
    const seen = byError.get(line);
    if (seen) {
      seen.count += 1;
      seen.at.push(crash.at);
      if (!seen.who.includes(crash.who)) seen.who.push(crash.who);
    } else
      byError.set(line, { error: line, count: 1, at: [crash.at], who: [crash.who], logTail: crash.logTail });
  }
  return [...byError.values()];
}

main()
  .catch(async (error) => {
    console.error(error);
    process.exitCode = 1;
    await cleanOnce();
  })
  .finally(() => {
    // Nothing may keep the process alive past here (timers, sockets).
    setTimeout(() => process.exit(), 2_000).unref();
  });

/**
 * Loaded into the server process (node --import) by `bench/transfers.mjs --profile`: times,
 * without touching the server's code, what one transfer spends where.
 *
 * - every SQL statement (node-postgres Client#query): count and time, grouped by verb and table;
 * - every transaction (BEGIN .. COMMIT on one client): duration, grouped by the tables it touched;
 * - waiting for a pool connection (Pool#connect);
 * - outgoing fetch calls (the HTTP game provider): count and time by path;
 * - incoming HTTP requests: server-side time by route;
 * - the event loop: utilisation and delay.
 *
 * SIGUSR2 writes what was gathered since the last SIGUSR2 to $BENCH_PROFILE_OUT and starts anew.
 * With $BENCH_CPU_PROFILE_DIR set, a V8 CPU profile of the same span is written there too
 * (node:inspector in this process), so a profile covers one phase of the bench and nothing else.
 */
import { renameSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import inspector from 'node:inspector';
import { createRequire } from 'node:module';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const require = createRequire(path.resolve('apps/server/package.json'));
const pg = require('pg');
const out = process.env.BENCH_PROFILE_OUT;

let stats;
let eventLoopStart;
/** One SQL text per statement shape, for the reader. */
const examples = {};
const delay = monitorEventLoopDelay({ resolution: 10 });
function reset() {
  stats = { queries: {}, transactions: {}, poolWait: { count: 0, ms: 0, maxMs: 0 }, fetches: {}, routes: {} };
  eventLoopStart = performance.eventLoopUtilization();
  delay.reset();
}
reset();
delay.enable();

const add = (table, key, ms) => {
  const entry = (table[key] ??= { count: 0, ms: 0, maxMs: 0 });
  entry.count += 1;
  entry.ms += ms;
  if (ms > entry.maxMs) entry.maxMs = ms;
};

/** "select sessions", "insert ledger_entries", "select ledger_accounts for update", "begin"... */
function shapeOf(text) {
  const sql = text.replace(/\s+/g, ' ').trim().toLowerCase();
  const verb = sql.split(' ', 1)[0];
  if (verb === 'begin' || verb === 'commit' || verb === 'rollback') return { verb, key: verb, tables: [] };
  const tables = [...sql.matchAll(/(?:from|into|update|join) "?([a-z_]+)"?/g)].map((m) => m[1]);
  const first = tables[0] ?? '?';
  const lock = / for update/.test(sql) ? ' for update' : '';
  const conflict = / on conflict/.test(sql) ? ' on conflict' : '';
  return { verb, key: `${verb} ${first}${lock}${conflict}`, tables };
}

const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function query(config, values, callback) {
  const text = typeof config === 'string' ? config : config?.text;
  if (typeof text !== 'string' || typeof config?.submit === 'function') {
    return originalQuery.call(this, config, values, callback);
  }
  const shape = shapeOf(text);
  examples[shape.key] ??= text.replace(/\s+/g, ' ').slice(0, 400);
  const start = performance.now();
  const done = () => {
    const ms = performance.now() - start;
    add(stats.queries, shape.key, ms);
    if (shape.verb === 'begin') {
      this.__benchTx = { start, tables: new Set() };
    } else if (this.__benchTx) {
      for (const table of shape.tables) this.__benchTx.tables.add(table);
      if (shape.verb === 'commit' || shape.verb === 'rollback') {
        const tables = [...this.__benchTx.tables].sort().join('+') || '(none)';
        add(stats.transactions, tables, performance.now() - this.__benchTx.start);
        this.__benchTx = null;
      }
    }
  };
  const cb = typeof values === 'function' ? values : callback;
  if (typeof cb === 'function') {
    const wrapped = (error, result) => {
      done();
      cb(error, result);
    };
    return typeof values === 'function'
      ? originalQuery.call(this, config, wrapped)
      : originalQuery.call(this, config, values, wrapped);
  }
  const result = originalQuery.call(this, config, values);
  if (result && typeof result.then === 'function') {
    return result.then(
      (value) => {
        done();
        return value;
      },
      (error) => {
        done();
        throw error;
      },
    );
  }
  return result;
};

const originalConnect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function connect(callback) {
  const start = performance.now();
  const record = () => {
    const ms = performance.now() - start;
    stats.poolWait.count += 1;
    stats.poolWait.ms += ms;
    if (ms > stats.poolWait.maxMs) stats.poolWait.maxMs = ms;
  };
  if (typeof callback === 'function') {
    return originalConnect.call(this, (error, client, release) => {
      record();
      callback(error, client, release);
    });
  }
  return originalConnect.call(this).then((client) => {
    record();
    return client;
  });
};

const originalFetch = globalThis.fetch;
globalThis.fetch = async function fetch(input, init) {
  const start = performance.now();
  const url = new URL(typeof input === 'string' ? input : input.url);
  try {
    return await originalFetch(input, init);
  } finally {
    // The time to the response's headers; the provider's answers are small.
    add(
      stats.fetches,
      `${init?.method ?? 'GET'} ${url.pathname.replace(/\/[^/]*\d[^/]*$/g, '/:id')}`,
      performance.now() - start,
    );
  }
};

const originalEmit = http.Server.prototype.emit;
http.Server.prototype.emit = function emit(event, request, response) {
  if (event === 'request') {
    const start = performance.now();
    const route = `${request.method} ${request.url.split('?', 1)[0]}`;
    response.once('finish', () => add(stats.routes, route, performance.now() - start));
  }
  return originalEmit.apply(this, arguments);
};

const cpuProfileDir = process.env.BENCH_CPU_PROFILE_DIR;
const session = cpuProfileDir ? new inspector.Session() : null;
let profiles = 0;
const post = (method, params) =>
  new Promise((resolve, reject) =>
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
  );
if (session) {
  session.connect();
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 500 });
  await post('Profiler.start');
}

/** Ends the profile of the span that ends now (written as <n>.cpuprofile) and starts the next. */
async function nextCpuProfile() {
  if (!session) return null;
  const { profile } = await post('Profiler.stop');
  profiles += 1;
  const file = path.join(cpuProfileDir, `${profiles}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  await post('Profiler.start');
  return file;
}

process.on('SIGUSR2', async () => {
  const loop = performance.eventLoopUtilization(eventLoopStart);
  const round = (value) => Math.round(value * 1000) / 1000;
  const tidy = (table) =>
    Object.fromEntries(
      Object.entries(table)
        .sort(([, a], [, b]) => b.ms - a.ms)
        .map(([key, { count, ms, maxMs }]) => [
          key,
          { count, ms: round(ms), avgMs: round(ms / count), maxMs: round(maxMs) },
        ]),
    );
  const snapshot = {
    queries: tidy(stats.queries),
    // One text per statement shape seen in this span.
    sqlExamples: Object.fromEntries(Object.keys(stats.queries).map((key) => [key, examples[key]])),
    transactions: tidy(stats.transactions),
    poolWait: { ...stats.poolWait, avgMs: round(stats.poolWait.ms / Math.max(1, stats.poolWait.count)) },
    fetches: tidy(stats.fetches),
    routes: tidy(stats.routes),
    eventLoop: {
      utilization: round(loop.utilization),
      delayP50Ms: round(delay.percentile(50) / 1e6),
      delayP99Ms: round(delay.percentile(99) / 1e6),
      delayMaxMs: round(delay.max / 1e6),
    },
  };
  reset();
  snapshot.cpuProfile = await nextCpuProfile();
  if (out) {
    // Whole or not at all: the bench waits for the file to appear.
    writeFileSync(`${out}.part`, JSON.stringify(snapshot));
    renameSync(`${out}.part`, out);
  }
});

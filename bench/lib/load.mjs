import http from 'node:http';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { CLIENT_HEADERS } from './members.mjs';
import { percentiles } from './stats.mjs';

const TRANSFER_PATH = '/api/wallet/transfer';
/** 1 baht from the wallet to the JOKER account. */
const TRANSFER_BODY = JSON.stringify({ from: 'wallet', to: 'JOKER', amount: 100 });

/**
 * Hands out the next transfer: members round-robin, a fresh Idempotency-Key each time
 * (16-100 of [A-Za-z0-9_-]), unique across runs of this bench.
 */
export function transferSource(members) {
  const run = randomBytes(6).toString('hex');
  let sent = 0;
  return () => {
    const member = members[sent % members.length];
    sent += 1;
    return {
      authorization: `Bearer ${member.token}`,
      key: `bench-${run}-${String(sent).padStart(10, '0')}`,
    };
  };
}

const transferHeaders = (next) => {
  const { authorization, key } = next();
  return {
    ...CLIENT_HEADERS,
    'content-type': 'application/json',
    authorization,
    'idempotency-key': key,
  };
};

const statusCounts = (stats) =>
  Object.fromEntries(Object.entries(stats ?? {}).map(([status, { count }]) => [status, Number(count)]));

/**
 * One autocannon run of wallet-to-game transfers. Latencies are also recorded here, per
 * response and unrounded (autocannon's histogram keeps whole milliseconds).
 * `overallRate` caps the request rate (autocannon spreads it over the connections).
 */
export async function autocannonRun({ base, next, connections, durationSeconds, overallRate, sink }) {
  const latencies = sink ?? [];
  const instance = autocannon({
    url: base,
    connections,
    duration: durationSeconds,
    // NOTE: autocannon's correction for coordinated omission assumes a 1 ms interval whatever the
    // rate (Math.ceil(1 / rate)), which fills the histogram with made-up fast samples; off.
    ...(overallRate ? { overallRate, ignoreCoordinatedOmission: true } : {}),
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: TRANSFER_PATH,
        setupRequest: (request) => ({ ...request, headers: transferHeaders(next), body: TRANSFER_BODY }),
      },
    ],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode === 200) latencies.push(responseTime);
  });
  const result = await instance;
  const statuses = statusCounts(result.statusCodeStats);
  const succeeded = statuses['200'] ?? 0;
  return {
    tool: 'autocannon',
    connections,
    durationSeconds: result.duration,
    overallRate: overallRate ?? null,
    requests: result.requests.total,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
    transfersPerSecond: Math.round((succeeded / result.duration) * 10) / 10,
    latencyMs: percentiles(latencies),
    autocannonLatencyMs: {
      p50: result.latency.p50,
      p99: result.latency.p99,
      mean: result.latency.average,
      max: result.latency.max,
    },
  };
}

/**
 * An open-loop run at an even `rate`: request i is due at start + i / rate whatever the answers
 * before it, on at most `connections` keep-alive connections. Latency counts from when a request
 * was due, so a request waiting for a free connection is charged that wait (no coordinated
 * omission). autocannon's overallRate, by contrast, lets each connection send its share of a
 * second back to back at the start of that second.
 */
export async function pacedRun({ base, bases = [base], next, connections, durationSeconds, rate }) {
  // Several server processes: request i goes to bases[i % n], each with its share of connections.
  const urls = bases.map((each) => new URL(TRANSFER_PATH, each));
  const agents = bases.map(
    () =>
      new http.Agent({ keepAlive: true, maxSockets: Math.max(1, Math.floor(connections / bases.length)) }),
  );
  const latencies = [];
  const statuses = {};
  let errors = 0;
  let inFlight = 0;
  const total = Math.floor(rate * durationSeconds);
  const start = performance.now();
  let issued = 0;

  const send = (due, index) =>
    new Promise((resolve) => {
      inFlight += 1;
      const request = http.request(
        urls[index % urls.length],
        {
          method: 'POST',
          agent: agents[index % agents.length],
          headers: transferHeaders(next),
          timeout: 10_000,
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            const took = performance.now() - due;
            statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
            if (response.statusCode === 200) latencies.push(took);
            inFlight -= 1;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors += 1;
        inFlight -= 1;
        resolve();
      });
      request.end(TRANSFER_BODY);
    });

  const pending = [];
  await new Promise((done) => {
    const tick = () => {
      const now = performance.now();
      while (issued < total && start + (issued * 1000) / rate <= now) {
        pending.push(send(start + (issued * 1000) / rate, issued));
        issued += 1;
      }
      if (issued >= total) return done();
      const wait = start + (issued * 1000) / rate - performance.now();
      setTimeout(tick, Math.max(0, Math.floor(wait)));
    };
    tick();
  });
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  for (const agent of agents) agent.destroy();
  const succeeded = statuses['200'] ?? 0;
  return {
    tool: 'paced open-loop client (node:http)',
    connections,
    processes: bases.length,
    durationSeconds: Math.round(elapsed * 100) / 100,
    rate,
    requests: issued,
    statuses,
    errors,
    stillInFlightAtEnd: inFlight,
    transfersPerSecond: Math.round((succeeded / elapsed) * 10) / 10,
    latencyMs: percentiles(latencies),
  };
}

/**
 * A closed-loop run (each connection sends its next request when the answer came) split over one
 * or more server processes: `connections / bases.length` autocannon connections on each, at the
 * same time; statuses and latencies merged.
 */
export async function closedLoop({ bases, next, connections, durationSeconds }) {
  const latencies = [];
  const share = Math.max(1, Math.floor(connections / bases.length));
  const runs = await Promise.all(
    bases.map((base) => autocannonRun({ base, next, connections: share, durationSeconds, sink: latencies })),
  );
  if (runs.length === 1) return runs[0];
  const statuses = {};
  for (const run of runs) {
    for (const [status, count] of Object.entries(run.statuses))
      statuses[status] = (statuses[status] ?? 0) + count;
  }
  const seconds = Math.max(...runs.map((run) => run.durationSeconds));
  return {
    tool: 'autocannon',
    connections: share * bases.length,
    processes: bases.length,
    durationSeconds: seconds,
    requests: runs.reduce((sum, run) => sum + run.requests, 0),
    statuses,
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    timeouts: runs.reduce((sum, run) => sum + run.timeouts, 0),
    transfersPerSecond: Math.round(((statuses['200'] ?? 0) / seconds) * 10) / 10,
    latencyMs: percentiles(latencies),
    perProcess: runs.map((run) => ({ transfersPerSecond: run.transfersPerSecond, statuses: run.statuses })),
  };
}

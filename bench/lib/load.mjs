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
export async function autocannonRun({ base, next, connections, durationSeconds, overallRate }) {
  const latencies = [];
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
export async function pacedRun({ base, next, connections, durationSeconds, rate }) {
  const url = new URL(TRANSFER_PATH, base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  const statuses = {};
  let errors = 0;
  let inFlight = 0;
  const total = Math.floor(rate * durationSeconds);
  const start = performance.now();
  let issued = 0;

  const send = (due) =>
    new Promise((resolve) => {
      inFlight += 1;
      const request = http.request(
        url,
        { method: 'POST', agent, headers: transferHeaders(next), timeout: 10_000 },
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
        pending.push(send(start + (issued * 1000) / rate));
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
  agent.destroy();
  const succeeded = statuses['200'] ?? 0;
  return {
    tool: 'paced open-loop client (node:http)',
    connections,
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

import { type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { readEnvironment } from '../src/config';
import { client, freePort, ledgerCheck, registerAndFund, scratchDatabase, startServer } from './processes';

/**
 * Two server processes on one PostgreSQL server, both reconciling, under a load of transfers to
 * a provider that applies them and answers too late (JOKER) and to one that never applies them
 * (PG), with the provider's status answers for PG hanging for a while; one process is killed in
 * the middle. Every hold must end settled exactly once, `ledger:check` must pass, and the
 * provider must be sent each money reference once and never be asked about one reference by two
 * processes at the same time.
 *
 * "The provider" is what the servers reach at GAME_PROVIDER_URL: a recording proxy in this test
 * in front of the sandbox provider of the process that stays alive.
 */
const serverUrl = readEnvironment().DATABASE_URL;
const MEMBERS = 6;
const PROVIDER_KEY = randomBytes(18).toString('base64url');

interface Call {
  method: string;
  path: string;
  reference: string | null;
  start: number;
  end: number;
}

/** The recording provider: forwards to `target()`, notes every call, can hang status answers. */
async function recordingProvider(target: () => string) {
  const calls: Call[] = [];
  let hangStatusOf: string | null = null;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const call: Call = {
        method: request.method!,
        path: request.url ?? '',
        reference: null,
        start: 0,
        end: 0,
      };
      call.start = performance.now();
      // A question ends when its asker has its answer or hangs up, whichever comes first.
      response.on('close', () => (call.end ||= performance.now()));
      calls.push(call);
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const transfer = call.method === 'POST' && call.path === '/transfers';
      const status = call.method === 'GET' && call.path.startsWith('/transfers/');
      call.reference = transfer
        ? ((JSON.parse(body.toString()) as { reference: string }).reference ?? null)
        : status
          ? decodeURIComponent(call.path.split('/').at(-1)!)
          : null;
      // A provider whose status answers hang (longer than the servers wait) for one game.
      if (status && hangStatusOf && call.path.startsWith(`/transfers/${hangStatusOf}/`)) await sleep(2_500);
      try {
        const answer = await fetch(`${target()}${call.path}`, {
          method: call.method,
          headers: {
            'content-type': 'application/json',
            'x-provider-key': String(request.headers['x-provider-key'] ?? ''),
          },
          body: call.method === 'POST' ? body : undefined,
        });
        response.writeHead(answer.status, { 'content-type': 'application/json' });
        response.end(Buffer.from(await answer.arrayBuffer()));
      } catch {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      }
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    hangStatus: (game: string | null) => (hangStatusOf = game),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Transfers to JOKER and PG and back, through `call`, until `stop` says so or the server dies. */
async function load(call: ReturnType<typeof client>, token: string, stop: () => boolean): Promise<number> {
  const bodies = [
    { from: 'wallet', to: 'JOKER', amount: 3_000 },
    { from: 'wallet', to: 'PG', amount: 2_000 },
    { from: 'JOKER', to: 'wallet', amount: 1_000 },
  ];
  let answered = 0;
  while (!stop()) {
    const body = bodies[answered % bodies.length]!;
    if (!(await call('POST', '/api/wallet/transfer', body, token, randomUUID()).catch(() => null))) break;
    answered += 1;
  }
  return answered;
}

describe.runIf(serverUrl)('reconciliation by two server processes', () => {
  it(
    'settles every hold exactly once, with one process killed and a provider hanging',
    { timeout: 180_000 },
    async () => {
      const scratch = await scratchDatabase('wallet_two');
      const url = new URL(scratch.url);
      const database = new pg.Client({ connectionString: url.toString() });
      const [portA, portB] = [await freePort(), await freePort()];
      const provider = await recordingProvider(() => `http://127.0.0.1:${portB}/api/sandbox/provider-api`);
      const env = (port: number) => ({
        APP_MODE: 'sandbox',
        SANDBOX_WITH_DATABASE_URL: 'yes',
        DATABASE_URL: url.toString(),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        GAME_PROVIDER_URL: provider.url,
        GAME_PROVIDER_KEY: PROVIDER_KEY,
        REFERENCE_TTL_SECONDS: '2',
        GAME_PROVIDER_TIMEOUT_MS: '1000',
        PAYOUT_TIMEOUT_MS: '1000',
        RECONCILE_INTERVAL_SECONDS: '1',
      });
      let b: ChildProcess | null = null;
      let a: ChildProcess | null = null;
      try {
        // B first: the provider sits behind it.
        b = await startServer(env(portB));
        a = await startServer(env(portA));
        await database.connect();
        const [callA, callB] = [client(`http://127.0.0.1:${portA}`), client(`http://127.0.0.1:${portB}`)];
        const tokens = await Promise.all(Array.from({ length: MEMBERS }, () => registerAndFund(callA)));
        for (const token of tokens) {
          expect((await callB('GET', '/api/wallet/activate/PG', undefined, token)).status).toBe(200);
        }
        await callB('POST', '/api/sandbox/provider/JOKER/faults', {
          mode: 'applied-then-timeout',
          latencyMs: 1_500,
        });
        await callB('POST', '/api/sandbox/provider/PG/faults', { mode: 'timeout', latencyMs: 1_500 });
        provider.hangStatus('PG');

        let stopped = false;
        // Four requests at a time per member on each process.
        const loads = tokens.flatMap((token) =>
          [callA, callB].flatMap((call) => Array.from({ length: 4 }, () => load(call, token, () => stopped))),
        );
        const pending = async () =>
          Number(
            (await database.query<{ count: string }>('select count(*) from ledger_pending_holds')).rows[0]!
              .count,
          );
        // Under load; holds are first asked about 10 s after they are made, so by 12 s both
        // processes are reconciling (PG's status answers hang meanwhile), and A dies mid-pass.
        await sleep(12_000);
        const leased = async () =>
          Number(
            (
              await database.query<{ count: string }>(
                'select count(*) from ledger_pending_holds where leased_until > now()',
              )
            ).rows[0]!.count,
          );
        // Wait for a moment when a claim is held (questions about PG hang meanwhile), then kill.
        for (const started = performance.now(); (await leased()) === 0;) {
          expect(performance.now() - started, 'no process claimed a hold').toBeLessThan(10_000);
          await sleep(50);
        }
        const leasedAtKill = await leased();
        a.kill('SIGKILL');
        await once(a, 'exit');
        a = null;
        const pendingAtKill = await pending();
        await sleep(1_000);
        stopped = true;
        const sent = (await Promise.all(loads)).reduce((sum, n) => sum + n, 0);
        await sleep(3_000);
        await callB('POST', '/api/sandbox/provider/JOKER/faults', { mode: 'none', latencyMs: 0 });
        await callB('POST', '/api/sandbox/provider/PG/faults', { mode: 'none', latencyMs: 0 });
        provider.hangStatus(null);

        const started = performance.now();
        while ((await pending()) > 0) {
          expect(performance.now() - started, 'pending money was not finished').toBeLessThan(60_000);
          await sleep(250);
        }
        const drainedMs = Math.round(performance.now() - started);

        // Every hold settled exactly once: one :settle transfer per hold.
        const holds = await database.query<{ key: string; settles: string }>(
          `select h.idempotency_key as key, count(s.id)::text as settles from ledger_transfers h
           left join ledger_transfers s on s.idempotency_key = h.idempotency_key || ':settle'
           where h.kind like 'hold:%' group by h.idempotency_key`,
        );
        expect(holds.rows.length).toBeGreaterThan(MEMBERS * 2);
        expect(holds.rows.filter((row) => row.settles !== '1')).toEqual([]);

        // Each money reference was sent once, and never asked about by two processes at once.
        const sentRefs = provider.calls.filter(
          (call) => call.method === 'POST' && call.path === '/transfers',
        );
        const perRef = new Map<string, number>();
        for (const call of sentRefs) perRef.set(call.reference!, (perRef.get(call.reference!) ?? 0) + 1);
        expect([...perRef].filter(([, n]) => n > 1)).toEqual([]);
        const statusCalls = provider.calls.filter(
          (call) => call.method === 'GET' && call.reference && call.path.startsWith('/transfers/'),
        );
        const overlapping = statusCalls.filter((one) =>
          statusCalls.some(
            (other) =>
              other !== one &&
              other.reference === one.reference &&
              other.start < one.end &&
              one.start < other.end,
          ),
        );
        expect(overlapping).toEqual([]);

        const { exitCode, report } = await ledgerCheck(env(portB));
        expect(report).toContain('every invariant holds');
        expect(exitCode, report).toBe(0);
        console.log(
          `two processes: ${sent} transfers answered, ${holds.rows.length} holds, ${pendingAtKill} pending and ${leasedAtKill} claimed when ` +
            `one process was killed, all settled once ${drainedMs} ms after the faults ended; ` +
            `${sentRefs.length} money calls (each reference once), ${statusCalls.length} status questions, none overlapping`,
        );
      } finally {
        a?.kill('SIGKILL');
        b?.kill('SIGKILL');
        await database.end().catch(() => undefined);
        await provider.close();
        await scratch.drop();
      }
    },
  );
});

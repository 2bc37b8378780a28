import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { readEnvironment } from '../src/config';
import {
  type client,
  freePort,
  ledgerCheck,
  processEnv,
  registerAndFund,
  schedulesEvery,
  withServers,
} from './processes';

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
async function load(
  call: ReturnType<typeof client>,
  token: string,
  stop: () => boolean,
  onAnswer: () => void,
): Promise<number> {
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
    onAnswer();
  }
  return answered;
}

/** Polls `condition` every 50 ms until it holds; fails the test after `limitMs`. */
async function waitFor(what: string, condition: () => boolean | Promise<boolean>, limitMs = 30_000) {
  for (const started = performance.now(); !(await condition());) {
    expect(performance.now() - started, what).toBeLessThan(limitMs);
    await sleep(50);
  }
}

describe.runIf(serverUrl)('reconciliation by two server processes', () => {
  it(
    'settles every hold exactly once, with one process killed and a provider hanging',
    { timeout: 180_000 },
    async () => {
      const portB = await freePort();
      const provider = await recordingProvider(() => `http://127.0.0.1:${portB}/api/sandbox/provider-api`);
      const env = {
        GAME_PROVIDER_URL: provider.url,
        GAME_PROVIDER_KEY: PROVIDER_KEY,
        REFERENCE_TTL_SECONDS: '2',
        GAME_PROVIDER_TIMEOUT_MS: '1000',
        PAYOUT_TIMEOUT_MS: '1000',
        ...schedulesEvery('1'),
      };
      await withServers('wallet_two', async ({ start, database, url }) => {
        // B first: the provider sits behind it.
        const { call: callB } = await start(env, portB);
        const { process: a, call: callA } = await start(env);
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
        let answers = 0;
        const counted = () => (answers += 1);
        // Four requests at a time per member on each process.
        const loads = tokens.flatMap((token) =>
          [callA, callB].flatMap((call) =>
            Array.from({ length: 4 }, () => load(call, token, () => stopped, counted)),
          ),
        );
        const pending = async () =>
          Number(
            (await database.query<{ count: string }>('select count(*) from ledger_pending_holds')).rows[0]!
              .count,
          );
        // Under load until the processes reconcile (holds are first asked about 10 s after they
        // are made; PG's status answers hang meanwhile), so that A dies mid-pass.
        const questions = () =>
          provider.calls.filter((call) => call.method === 'GET' && call.path.startsWith('/transfers/'))
            .length;
        await waitFor('no process asked the provider about a hold', () => questions() > 0);
        const leased = async () =>
          Number(
            (
              await database.query<{ count: string }>(
                'select count(*) from ledger_pending_holds where leased_until > now()',
              )
            ).rows[0]!.count,
          );
        // Wait for a moment when a claim is held (questions about PG hang meanwhile), then kill.
        await waitFor('no process claimed a hold', async () => (await leased()) > 0, 10_000);
        const leasedAtKill = await leased();
        a.kill('SIGKILL');
        await once(a, 'exit');
        const pendingAtKill = await pending();
        // B goes on alone, under load and faults, until it has answered more transfers and asked
        // the provider about holds again.
        const [answersAtKill, questionsAtKill] = [answers, questions()];
        await waitFor('B answered no transfer after the kill', () => answers >= answersAtKill + 10);
        stopped = true;
        const sent = (await Promise.all(loads)).reduce((sum, n) => sum + n, 0);
        await waitFor('B asked nothing after the kill', () => questions() > questionsAtKill);
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

        const { exitCode, report } = await ledgerCheck({ ...processEnv(url, portB), ...env });
        expect(report).toContain('every invariant holds');
        expect(exitCode, report).toBe(0);
        console.log(
          `two processes: ${sent} transfers answered, ${holds.rows.length} holds, ${pendingAtKill} pending and ${leasedAtKill} claimed when ` +
            `one process was killed, all settled once ${drainedMs} ms after the faults ended; ` +
            `${sentRefs.length} money calls (each reference once), ${statusCalls.length} status questions, none overlapping`,
        );
      }).finally(() => provider.close());
    },
  );
});

import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpPayoutService } from './http-payout-service';

let server: Server | null = null;
afterEach(() => server?.close());

/** A payout client against a local server answering every call with `status` and `body`. */
async function clientAnswering(status: number, body: string) {
  server = createServer((_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return new HttpPayoutService({ baseUrl: () => `http://127.0.0.1:${port}`, key: 'k', timeoutMs: 1_000 });
}

describe('HttpPayoutService.status', () => {
  it('is not_found only on the gateway’s own verdict', async () => {
    expect(await (await clientAnswering(404, '{"status":"not_found"}')).status('r1')).toBe('not_found');
  });

  it('throws on a 404 that is not the gateway’s verdict (a proxy page, a wrong path)', async () => {
    // NOTE: "not found" lets the reconciler void a withdrawal the gateway may have taken.
    await expect((await clientAnswering(404, '<html>Not Found</html>')).status('r1')).rejects.toThrow();
  });

  it('reads pending, paid and rejected', async () => {
    for (const status of ['pending', 'paid', 'rejected'] as const) {
      const client = await clientAnswering(200, JSON.stringify({ reference: 'r1', status }));
      expect(await client.status('r1')).toBe(status);
      server?.close();
    }
  });
});

describe('HttpPayoutService.send', () => {
  it('counts a 5xx or an answer without a verdict as unknown, never as rejected', async () => {
    const order = {
      reference: 'r1',
      amount: 100n,
      currency: 'BAHT',
      bank: { code: 'SCB', accountNo: '1234567890', accountName: 'A B' },
      expiresAt: new Date(Date.now() + 60_000),
    };
    expect((await (await clientAnswering(502, 'Bad gateway')).send(order)).kind).toBe('unknown');
    server?.close();
    expect((await (await clientAnswering(200, '{}')).send(order)).kind).toBe('unknown');
  });
});

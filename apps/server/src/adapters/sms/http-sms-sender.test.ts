import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSmsSender } from './http-sms-sender';

/** A real HTTP gateway on loopback that records what it receives. */
describe('HttpSmsSender', () => {
  const received: { auth: string | undefined; body: unknown }[] = [];
  let status = 200;
  const server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ auth: request.headers.authorization, body: JSON.parse(body) });
      response.writeHead(status).end();
    });
  });
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts the message with the bearer token', async () => {
    await new HttpSmsSender({ url, token: 't0k' }).send({
      to: '0812345678',
      text: 'Code 123456',
      code: '123456',
    });
    expect(received.at(-1)).toEqual({ auth: 'Bearer t0k', body: { to: '0812345678', text: 'Code 123456' } });
  });

  it('fails when the gateway refuses', async () => {
    status = 503;
    await expect(
      new HttpSmsSender({ url, token: 't0k' }).send({ to: '0812345678', text: 'x' }),
    ).rejects.toThrow(/503/);
  });
});

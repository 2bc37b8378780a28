import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ChatHistoryResponse, SendMessageResponse } from '@wallet/contract/http/chat';
import { bearer } from './members';
import { memberHeaders } from './test-app';

/** Who calls the chat in a test: a member's token, or a guest id. */
export type ChatAs = { token: string } | { guestId: string };

export const clientId = () => randomBytes(9).toString('base64url');

const headersOf = (as: ChatAs, extra: Record<string, string> = {}) =>
  memberHeaders({ ...('token' in as ? bearer(as.token) : {}), ...extra });
const guestOf = (as: ChatAs) => ('guestId' in as ? { guestId: as.guestId } : {});

export const chatCall = (
  app: FastifyInstance,
  as: ChatAs,
  method: 'POST' | 'PUT',
  url: string,
  payload: object,
  extra?: Record<string, string>,
) => app.inject({ method, url, payload: { ...guestOf(as), ...payload }, headers: headersOf(as, extra) });

export async function newGuest(app: FastifyInstance): Promise<{ guestId: string }> {
  const response = await app.inject({ method: 'POST', url: '/api/chat/guest', headers: memberHeaders() });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ guestId: string }>();
}

export async function sendText(
  app: FastifyInstance,
  as: ChatAs,
  text: string,
  id = clientId(),
): Promise<SendMessageResponse> {
  const response = await chatCall(app, as, 'POST', '/api/chat/send-message', {
    clientId: id,
    message: { message_type: 'text', payload: text },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SendMessageResponse>();
}

export async function historyOf(
  app: FastifyInstance,
  as: ChatAs,
  limit = 100,
  skip = 0,
): Promise<ChatHistoryResponse> {
  const response = await chatCall(app, as, 'POST', '/api/chat/history', { limit, skip });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ChatHistoryResponse>();
}

/** A multipart body of an optional guestId field and one file, as a browser's FormData sends it. */
export function multipart(file: { name: string; bytes: Buffer; type?: string }, guestId?: string) {
  const boundary = `----wallet${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  if (guestId !== undefined)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="guestId"\r\n\r\n${guestId}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const upload = (
  app: FastifyInstance,
  as: ChatAs,
  kind: 'image' | 'video',
  file: { name: string; bytes: Buffer },
  url = `/api/chat/upload-${kind}`,
) => {
  const body = multipart(file, 'guestId' in as ? as.guestId : undefined);
  return app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: headersOf(as, { 'content-type': body.contentType }),
  });
};

/** Smallest files of each kind, by their real signatures. */
export const FILES = {
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]),
  gif: Buffer.concat([Buffer.from('GIF89a', 'latin1'), randomBytes(64)]),
  mp4: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), randomBytes(64)]),
  mov: Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  ', 'latin1'), randomBytes(64)]),
  html: Buffer.from('<html><script>alert(1)</script></html>'),
  exe: Buffer.concat([Buffer.from('MZ', 'latin1'), randomBytes(64)]),
};

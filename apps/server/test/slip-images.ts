import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { slipVerify } from 'promptparse/generate';
import type { SlipDrawing } from '../src/sandbox/bank/slip-image';
import { bearer } from './members';
import { memberHeaders } from './test-app';

/** A PNG chunk with its length and a correct CRC, as libpng writes it. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A slip of the sandbox bank's look for `transRef` from `sendingBank` (a 3-digit code). */
export const slipDrawing = (sendingBank: string, transRef: string): SlipDrawing => ({
  bankName: 'Sandbox Bank',
  fromAccount: '1234567890',
  toAccount: '9876543210',
  toName: 'Wallet Co., Ltd.',
  amountText: '1,500.00 THB',
  dateText: '15 Jun 2025 14:32',
  transRef,
  qrPayload: slipVerify({ sendingBank, transRef }),
});

/**
 * A member's slip upload as the app sends it (multipart, one file, an Idempotency-Key): `field`,
 * `type` and `key` let a test send what the app would not.
 */
export function uploadSlip(
  app: FastifyInstance,
  token: string,
  file: Buffer,
  options: { key?: string; field?: string; type?: string } = {},
) {
  const boundary = `----slip${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="slip.png"\r\n` +
        `Content-Type: ${options.type ?? 'image/png'}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/wallet/slip',
    payload: body,
    headers: memberHeaders({
      ...bearer(token),
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'idempotency-key': options.key ?? randomUUID(),
    }),
  });
}

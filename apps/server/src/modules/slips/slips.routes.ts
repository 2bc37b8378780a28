import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SlipReferenceResponse,
  SlipStatementRequest,
  SlipStatementResponse,
  SlipUploadResult,
} from '@wallet/contract/http/deposit';
import { memberOf } from '../../platform/auth';
import { AppError, errorResponses } from '../../platform/errors';
import type { Idempotent } from '../../platform/idempotency/idempotency';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SlipsService } from './slips.service';

export interface SlipsRoutesOptions {
  slips: SlipsService;
  idempotent: Idempotent;
  maxBytes: number;
  /** Uploads a member may make in a window: reading a slip is heavy work. */
  limiter: RateLimiter;
  perMember: { limit: number; windowMs: number };
}

/**
 * SLIP_UPLOAD_BUSY is 429 for this member's uploads of the last hour, and 503 for too many uploads
 * waiting to be read, or none can be read now.
 */
const refusals = errorResponses(400, 401, 403, 404, 409, 413, 422, 429, 502, 503);

/** Slip uploads and their status (spec section 7: Wallet slip, Statement slip). */
export const slipsRoutes: FastifyPluginAsyncZod<SlipsRoutesOptions> = async (
  app,
  { slips, idempotent, maxBytes, limiter, perMember },
) => {
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 2 } });
  const security = [{ bearer: [] }];

  app.post(
    '/api/wallet/slip',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['deposit'],
        summary: 'Uploads a bank transfer slip (multipart, field `file`)',
        security,
        consumes: ['multipart/form-data'],
        response: { 200: SlipUploadResult, ...refusals },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('SLIP_NO_FILE', 400);
      const member = memberOf(request).id;
      if (!(await limiter.hit(`slip-upload:${member}`, perMember.limit, perMember.windowMs))) {
        throw new AppError('SLIP_UPLOAD_BUSY', 429);
      }
      const file = await request.file();
      if (!file || file.fieldname !== 'file') throw new AppError('SLIP_NO_FILE', 400);
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('PAYLOAD_TOO_LARGE', 413);
        throw error;
      }
      if (bytes.length === 0) throw new AppError('SLIP_NO_FILE', 400);
      // NOTE: the bytes' hash stands for the body in the Idempotency-Key fingerprint: the same key
      // with another file is another request.
      request.body = { file: createHash('sha256').update(bytes).digest('hex') };
      return idempotent(request, reply, async () => ({
        status: 200,
        body: await slips.upload(memberOf(request).id, bytes),
      }));
    },
  );

  app.post(
    '/api/statement/slip',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['statement'],
        summary: 'The member’s slip uploads, newest first',
        security,
        body: SlipStatementRequest,
        response: { 200: SlipStatementResponse, ...refusals },
      },
    },
    async (request) => slips.statement(memberOf(request).id, request.body.page, request.body.limit),
  );

  app.get(
    '/api/statement/slip/reference/:reference',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['statement'],
        summary: 'A short-lived link to the member’s own slip image of a bank reference',
        security,
        params: z.object({ reference: z.string().min(1).max(64) }),
        response: { 200: SlipReferenceResponse, ...refusals },
      },
    },
    async (request) => ({ url: await slips.imageLink(memberOf(request).id, request.params.reference) }),
  );

  // Opened in a new tab, so no bearer header: the link itself is the (signed, expiring) proof.
  app.get(
    '/api/slips/image/:id',
    {
      schema: {
        hide: true,
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const image = await slips.image(request.params.id, request.query.expires, request.query.signature);
      return reply
        .header('content-type', image.type)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes);
    },
  );
};

import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Market } from '@wallet/contract/constants';
import { OkResponse } from '@wallet/contract/http/account';
import {
  CHAT_LIMITS,
  ChatConfigResponse,
  ChatGuestResponse,
  ChatHistoryRequest,
  ChatHistoryResponse,
  ChatRoomState,
  ChatSinceRequest,
  ChatSinceResponse,
  ChatUnreadRequest,
  ChatUnreadResponse,
  ChatUploadResponse,
  ClaimGuestRequest,
  ClaimGuestResponse,
  GuestId,
  PushSubscriptionRequest,
  ReadCustomerRequest,
  SendMessageRequest,
  SendMessageResponse,
} from '@wallet/contract/http/chat';
import { memberOf } from '../../platform/auth';
import { clientKey } from '../../platform/client-address';
import { AppError, errorResponses } from '../../platform/errors';
import { requestLocale } from '../../platform/locale';
import type { RateLimiter } from '../../platform/rate-limit';
import type { ChatCaller, ChatService } from './chat.service';

/** Per caller (member or guest) and per address; a person typing never meets them. */
export interface ChatLimits {
  messagesPerMinute: number;
  uploadsPerHour: number;
  guestsPerHour: number;
  /** Every chat call of one address (a /64 for IPv6) per minute, members and guests together. */
  callsPerMinutePerAddress: number;
}

export const DEFAULT_CHAT_LIMITS: ChatLimits = {
  messagesPerMinute: 30,
  uploadsPerHour: 30,
  guestsPerHour: 20,
  callsPerMinutePerAddress: 300,
};

export interface ChatRoutesOptions {
  chat: ChatService;
  limiter: RateLimiter;
  limits: ChatLimits;
  market: Market;
}

const refusals = errorResponses(400, 401, 403, 404, 409, 413, 415, 429);

/** Chat calls of the member app (spec section 7, Chat), for members and guests alike. */
export const chatRoutes: FastifyPluginAsyncZod<ChatRoutesOptions> = async (
  app,
  { chat, limiter, limits, market },
) => {
  await app.register(multipart, {
    limits: { fileSize: CHAT_LIMITS.videoMaxBytes + 1, files: 1, fields: 1, parts: 2, fieldSize: 200 },
  });
  const security = [{ bearer: [] }];
  const tags = ['chat'];

  // Guests' calls are counted per address as well: a guest id costs nothing to make. Members are
  // counted as themselves only, so a stranger flooding from a shared address (carrier NAT, an
  // office) never locks a signed-in member out of support (as decision 015 keeps them signing in).
  const perAddress = async (request: FastifyRequest) => {
    if (
      !(await limiter.hit(`chat-address:${clientKey(request.ip)}`, limits.callsPerMinutePerAddress, 60_000))
    )
      throw new AppError('REQUEST_LIMIT', 429);
  };
  const memberOrGuest = async (request: FastifyRequest) => {
    if (request.headers.authorization) await app.requireMember(request);
    else await perAddress(request);
  };
  const callerOf = (request: FastifyRequest, guestId: string | undefined): ChatCaller =>
    chat.callerOf(request.member?.id ?? null, guestId);
  const callerKey = (caller: ChatCaller) => ('memberId' in caller ? `m${caller.memberId}` : caller.guestId);

  app.get(
    '/api/chat/config',
    {
      schema: {
        tags,
        summary: 'The chat room prefix and the web push key',
        response: { 200: ChatConfigResponse },
      },
    },
    async () => ({ PREFIX: chat.prefix, pushKey: chat.pushKey }),
  );

  app.post(
    '/api/chat/guest',
    {
      preHandler: perAddress,
      schema: {
        tags,
        summary: 'A new guest id, signed by the server',
        response: { 200: ChatGuestResponse, ...refusals },
      },
    },
    async (request) => {
      if (!(await limiter.hit(`chat-guest:${clientKey(request.ip)}`, limits.guestsPerHour, 3_600_000)))
        throw new AppError('REQUEST_LIMIT', 429);
      return { guestId: chat.issueGuestId() };
    },
  );

  app.post(
    '/api/chat/send-message',
    {
      preHandler: memberOrGuest,
      schema: {
        tags,
        summary: 'Sends a message of the caller (stored once per clientId)',
        security,
        body: SendMessageRequest,
        response: { 200: SendMessageResponse, ...refusals },
      },
    },
    async (request) => {
      const caller = callerOf(request, request.body.guestId);
      if (!(await limiter.hit(`chat-send:${callerKey(caller)}`, limits.messagesPerMinute, 60_000)))
        throw new AppError('REQUEST_LIMIT', 429);
      return chat.send(caller, request.body, requestLocale(request, market));
    },
  );

  app.post(
    '/api/chat/history',
    {
      preHandler: memberOrGuest,
      schema: {
        tags,
        summary: 'A page of the caller’s own conversation, newest first',
        security,
        body: ChatHistoryRequest,
        response: { 200: ChatHistoryResponse, ...refusals },
      },
    },
    async (request) => {
      const caller = callerOf(request, request.body.guestId);
      assertOwnUserId(caller, request.body.userId);
      return chat.history(caller, request.body.limit, request.body.skip);
    },
  );

  app.post(
    '/api/chat/since',
    {
      preHandler: memberOrGuest,
      schema: {
        tags,
        summary: 'Everything after a sequence number, oldest first (after a reconnect)',
        security,
        body: ChatSinceRequest,
        response: { 200: ChatSinceResponse, ...refusals },
      },
    },
    async (request) => chat.since(callerOf(request, request.body.guestId), request.body.afterSeq),
  );

  app.put(
    '/api/chat/read-customer',
    {
      preHandler: memberOrGuest,
      schema: {
        tags,
        summary: 'The caller has read their conversation up to seq (default: all of it)',
        security,
        body: ReadCustomerRequest,
        response: { 200: ChatRoomState, ...refusals },
      },
    },
    async (request) => {
      const caller = callerOf(request, request.body.guestId);
      assertOwnUserId(caller, request.body.userId);
      return chat.readCustomer(caller, request.body.seq);
    },
  );

  app.post(
    '/api/chat/unread',
    {
      preHandler: memberOrGuest,
      schema: {
        tags,
        summary: 'How many answers the caller has not read (the chat button’s badge)',
        security,
        body: ChatUnreadRequest,
        response: { 200: ChatUnreadResponse, ...refusals },
      },
    },
    async (request) => ({ unread: await chat.unread(callerOf(request, request.body.guestId)) }),
  );

  app.post(
    '/api/chat/claim-guest',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        summary: 'The signed-in member takes the guest conversation of this device',
        security,
        body: ClaimGuestRequest,
        response: { 200: ClaimGuestResponse, ...refusals },
      },
    },
    async (request) => ({ moved: await chat.claimGuest(memberOf(request).id, request.body.guestId) }),
  );

  app.post(
    '/api/chat/push-subscription',
    {
      preHandler: memberOrGuest,
      schema: {
        tags,
        summary: 'A browser’s web push subscription for the caller’s conversation',
        security,
        body: PushSubscriptionRequest,
        response: { 200: OkResponse, ...refusals },
      },
    },
    async (request) => {
      const { guestId, ...subscription } = request.body;
      await chat.addPushSubscription(callerOf(request, guestId), subscription);
      return { ok: true as const };
    },
  );

  for (const kind of ['image', 'video'] as const) {
    app.post(
      `/api/chat/upload-${kind}`,
      {
        preHandler: memberOrGuest,
        schema: {
          tags,
          summary: `Uploads a${kind === 'image' ? 'n image (png, jpeg, gif; 10 MB)' : ' video (mp4, quicktime; 20 MB)'}: multipart, a guestId field for guests, then file`,
          security,
          consumes: ['multipart/form-data'],
          response: { 200: ChatUploadResponse, ...refusals },
        },
      },
      async (request) => {
        const file = await readUpload(request);
        const guestId = fieldValue(file.fields.guestId);
        if (guestId !== undefined && !GuestId.safeParse(guestId).success)
          throw new AppError('CHAT_GUEST_INVALID', 403);
        const caller = callerOf(request, guestId);
        // A guest's uploads count against their address: new guest ids buy no new allowance.
        const uploader = 'memberId' in caller ? callerKey(caller) : `address:${clientKey(request.ip)}`;
        if (!(await limiter.hit(`chat-upload:${uploader}`, limits.uploadsPerHour, 3_600_000)))
          throw new AppError('REQUEST_LIMIT', 429);
        return chat.upload(caller, file.filename, await file.bytes(), kind);
      },
    );
  }

  // Loaded by <img> and <video>, so no bearer header: the signed, expiring link is the proof, and
  // only the room's owner and staff are ever handed one.
  app.get(
    '/api/chat/media/:room/:file',
    {
      schema: {
        hide: true,
        params: z.object({
          room: z.string().regex(/^\d{1,10}$/),
          file: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.[a-z0-9]{2,4}$/),
        }),
        querystring: z.object({ e: z.coerce.number().int().positive(), s: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const key = `chat/${request.params.room}/${request.params.file}`;
      const media = await chat.media(key, request.query.e, request.query.s);
      if (!media) throw new AppError('NOT_FOUND', 404);
      return reply
        .header('content-type', media.contentType)
        .header('content-disposition', 'inline')
        .send(media.bytes);
    },
  );
};

/** A member asking with a user id asks for their own room only. */
function assertOwnUserId(caller: ChatCaller, userId: number | undefined): void {
  if (userId !== undefined && !('memberId' in caller && caller.memberId === userId))
    throw new AppError('CHAT_ROOM_FORBIDDEN', 403);
}

function fieldValue(field: unknown): string | undefined {
  const value = (field as { value?: unknown } | undefined)?.value;
  return typeof value === 'string' ? value : undefined;
}

/** The multipart file of an upload call, read whole; its size is refused by kind in the service. */
export async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('CHAT_FILE_NOT_SUPPORTED', 415);
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    file = await request.file();
  } catch (error) {
    throw multipartRefusal(error);
  }
  if (!file || file.fieldname !== 'file') throw new AppError('CHAT_FILE_NOT_SUPPORTED', 415);
  const found = file;
  return {
    filename: found.filename,
    fields: found.fields,
    async bytes(): Promise<Buffer> {
      let bytes: Buffer;
      try {
        bytes = await found.toBuffer();
      } catch (error) {
        throw multipartRefusal(error);
      }
      if (bytes.length === 0) throw new AppError('CHAT_FILE_NOT_SUPPORTED', 415);
      return bytes;
    },
  };
}

/** A broken multipart body is the sender's fault: a clear code, never a 500. */
function multipartRefusal(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('CHAT_FILE_TOO_LARGE', 413);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError('PAYLOAD_TOO_LARGE', 413);
  return new AppError('INVALID_INPUT', 400);
}

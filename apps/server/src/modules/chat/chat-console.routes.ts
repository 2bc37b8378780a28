import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHAT_LIMITS,
  ChatRoomState,
  ChatUploadResponse,
  SendMessageResponse,
} from '@wallet/contract/http/chat';
import {
  ConsoleConversation,
  ConversationListRequest,
  ConversationListResponse,
  ConversationMessagesRequest,
  ConversationMessagesResponse,
  ConversationParam,
  StaffReadRequest,
  StaffSendRequest,
  StaffSocketTicket,
} from '@wallet/contract/http/console';
import { errorResponses } from '../../platform/errors';
import { staffOf } from '../../platform/staff-auth';
import { mayUse } from '@wallet/contract/staff-roles';
import { maskConversation, maskMessage } from './chat-masking';
import { readUpload } from './chat.routes';
import type { ChatService } from './chat.service';

const refusals = errorResponses(400, 401, 403, 404, 409, 413, 415);

/**
 * The staff inbox's calls (docs/decisions/023): staff whose role may (`app.requirePermission`: chat.read to read, chat.answer to act), each action written
 * to the staff audit. Reading a list or a page is audited too: staff see members' words.
 */
export const chatConsoleRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  await app.register(multipart, {
    limits: { fileSize: CHAT_LIMITS.videoMaxBytes + 1, files: 1, fields: 0, parts: 1 },
  });
  const security = [{ staffSession: [] }];
  const tags = ['console'];
  const base = '/api/console/chat/conversations';
  const target = (id: number) => `conversation:${id}`;
  // Without members.personal, members' phones are read by their last 4 digits (decision 044).
  const whole = (request: FastifyRequest) => mayUse(staffOf(request).role, 'members.personal');

  app.post(
    '/api/console/chat/socket-ticket',
    {
      onRequest: app.requirePermission('chat.read'),
      schema: {
        tags,
        summary:
          'A ticket of the staff session for the inbox socket’s handshake ({ staffTicket }), good for a ' +
          'minute: the session cookie does not reach the socket',
        security,
        response: { 200: StaffSocketTicket, ...refusals },
      },
    },
    async (request) => ({ ticket: chat.staffSocketTicket(staffOf(request).tokenHash) }),
  );

  app.get(
    base,
    {
      onRequest: app.requirePermission('chat.read'),
      schema: {
        tags,
        summary: 'Conversations of a status, newest first, with unread counts',
        security,
        querystring: ConversationListRequest,
        response: { 200: ConversationListResponse, ...refusals },
      },
    },
    async (request) => {
      const inbox = await chat.inbox(request.query.status);
      await app.staffAudit.record(request, 'chat.inbox.list', null, { status: request.query.status });
      return whole(request) ? inbox : { ...inbox, conversations: inbox.conversations.map(maskConversation) };
    },
  );

  app.get(
    `${base}/:conversationId`,
    {
      onRequest: app.requirePermission('chat.read'),
      schema: {
        tags,
        summary: 'One conversation as the inbox lists it',
        security,
        params: ConversationParam,
        response: { 200: ConsoleConversation, ...refusals },
      },
    },
    async (request) => {
      const conversation = await chat.conversation(request.params.conversationId);
      await app.staffAudit.record(request, 'chat.conversation.view', target(request.params.conversationId));
      return whole(request) ? conversation : maskConversation(conversation);
    },
  );

  app.get(
    `${base}/:conversationId/messages`,
    {
      onRequest: app.requirePermission('chat.read'),
      schema: {
        tags,
        summary: 'A page of a conversation, newest first',
        security,
        params: ConversationParam,
        querystring: ConversationMessagesRequest,
        response: { 200: ConversationMessagesResponse, ...refusals },
      },
    },
    async (request) => {
      const page = await chat.staffMessages(
        request.params.conversationId,
        request.query.beforeSeq,
        request.query.limit,
      );
      await app.staffAudit.record(request, 'chat.conversation.read', target(request.params.conversationId), {
        beforeSeq: request.query.beforeSeq ?? null,
      });
      return whole(request) ? page : { ...page, result: page.result.map(maskMessage) };
    },
  );

  app.post(
    `${base}/:conversationId/messages`,
    {
      onRequest: app.requirePermission('chat.answer'),
      schema: {
        tags,
        summary: 'Answers in a conversation (any message type; stored once per clientId)',
        security,
        params: ConversationParam,
        body: StaffSendRequest,
        response: { 200: SendMessageResponse, ...refusals },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const sent = await chat.staffSend(
        { id: staff.id, name: staff.name },
        request.params.conversationId,
        request.body,
      );
      await app.staffAudit.record(request, 'chat.message.send', target(request.params.conversationId), {
        seq: sent.seq,
        type: request.body.message.message_type,
      });
      return sent;
    },
  );

  for (const kind of ['image', 'video'] as const) {
    app.post(
      `${base}/:conversationId/upload-${kind}`,
      {
        onRequest: app.requirePermission('chat.answer'),
        schema: {
          tags,
          summary: `Uploads a${kind === 'image' ? 'n image' : ' video'} into a conversation (multipart, field file)`,
          security,
          consumes: ['multipart/form-data'],
          params: ConversationParam,
          response: { 200: ChatUploadResponse, ...refusals },
        },
      },
      async (request) => {
        const file = await readUpload(request);
        const stored = await chat.staffUpload(
          request.params.conversationId,
          file.filename,
          await file.bytes(),
          kind,
        );
        await app.staffAudit.record(request, 'chat.media.upload', target(request.params.conversationId), {
          kind,
        });
        return stored;
      },
    );
  }

  app.put(
    `${base}/:conversationId/read`,
    {
      onRequest: app.requirePermission('chat.answer'),
      schema: {
        tags,
        summary: 'Staff have read the conversation up to seq (default: all of it)',
        security,
        params: ConversationParam,
        body: StaffReadRequest,
        response: { 200: ChatRoomState, ...refusals },
      },
    },
    async (request) => {
      const state = await chat.staffRead(request.params.conversationId, request.body.seq);
      await app.staffAudit.record(
        request,
        'chat.conversation.mark_read',
        target(request.params.conversationId),
        { seq: state.staffReadSeq },
      );
      return state;
    },
  );

  app.post(
    `${base}/:conversationId/resolve`,
    {
      onRequest: app.requirePermission('chat.answer'),
      schema: {
        tags,
        summary: 'Resolves the conversation: the next message opens a new session',
        security,
        params: ConversationParam,
        response: { 200: ChatRoomState, ...refusals },
      },
    },
    async (request) => {
      const state = await chat.resolve(request.params.conversationId);
      await app.staffAudit.record(
        request,
        'chat.conversation.resolve',
        target(request.params.conversationId),
        { sessionId: state.sessionId },
      );
      return state;
    },
  );
};

import type { FastifyPluginAsync } from 'fastify';
import { signatureHolds } from '../../adapters/staff-notifier/staff-notifier';
import { NOTICE_SIGNATURE_HEADER } from '../../adapters/staff-notifier/staff-notifier';

/** What the sandbox staff chat keeps of a notice. */
interface ChatNotice {
  id: number;
  kind: string;
  text: string;
  data: unknown;
  createdAt: string;
  receivedAt: string;
}

/** The newest notices kept, per server process. */
const KEPT = 500;

/**
 * The sandbox's staff group chat (decision 045): the receiver of the signed webhook notifier, as
 * an operator's chat bot would be. It checks the signature (a notice not signed with the key is
 * refused 401), drops repeats by id, and can be made to fail (503) so the outbox's retries can be
 * seen. `GET /api/sandbox/staff-chat` shows what it received, newest first.
 */
export const sandboxStaffChatRoutes: FastifyPluginAsync<{ secret: string }> = async (app, { secret }) => {
  const received: ChatNotice[] = [];
  let down = false;

  await app.register(async (raw) => {
    // The signature is over the exact bytes sent: read the body as text, not parsed.
    raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    raw.post('/api/sandbox/staff-chat-api/notices', { schema: { hide: true } }, async (request, reply) => {
      if (down) return reply.code(503).send({ message: 'DOWN' });
      const body = request.body as string;
      const header = request.headers[NOTICE_SIGNATURE_HEADER];
      if (!signatureHolds(secret, typeof header === 'string' ? header : undefined, body, Date.now() / 1000))
        return reply.code(401).send({ message: 'BAD_SIGNATURE' });
      const notice = JSON.parse(body) as Omit<ChatNotice, 'receivedAt'>;
      if (!received.some((one) => one.id === notice.id)) {
        received.unshift({ ...notice, receivedAt: new Date().toISOString() });
        received.length = Math.min(received.length, KEPT);
      }
      return { ok: true };
    });
  });

  app.get(
    '/api/sandbox/staff-chat',
    { schema: { tags: ['sandbox'], summary: "The sandbox staff chat's notices, newest first" } },
    async () => ({
      notices: received,
    }),
  );

  app.post<{ Body: { down?: boolean } }>(
    '/api/sandbox/staff-chat/faults',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Makes the sandbox staff chat refuse notices (503) or take them again',
      },
    },
    async (request) => {
      down = request.body?.down === true;
      return { down };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MemberParam } from '@wallet/contract/http/console';
import {
  MemberNoteRequest,
  MemberNotesResponse,
  MemberTagsRequest,
} from '@wallet/contract/http/console-member-actions';
import { AppError, errorResponses } from '../../platform/errors';
import { staffOf } from '../../platform/staff-auth';
import type { MemberNotesService } from './member-notes';

export interface MemberNotesRoutesOptions {
  notes: MemberNotesService;
  /** Whether the member exists (NO_USER otherwise). */
  memberExists: (memberId: number) => Promise<boolean>;
  staffNamesOf: (ids: number[]) => Promise<Map<number, string>>;
}

const errors = errorResponses(400, 401, 403, 404);

/** Notes and tags on a member (issue 27, section 5): read with members.read, written with members.manage. */
export const memberNotesRoutes: FastifyPluginAsyncZod<MemberNotesRoutesOptions> = async (
  app,
  { notes, memberExists, staffNamesOf },
) => {
  const schema = (summary: string) => ({
    tags: ['console'],
    summary,
    security: [{ bearer: [] }],
    params: MemberParam,
  });

  async function answer(memberId: number) {
    const [rows, tags] = await Promise.all([notes.notesOf(memberId), notes.tagsOf(memberId)]);
    const names = await staffNamesOf([...new Set(rows.map((row) => row.staffId))]);
    return {
      notes: rows.map((row) => ({
        id: row.id,
        text: row.text,
        staff: { id: row.staffId, username: names.get(row.staffId) ?? `#${row.staffId}` },
        createdAt: row.createdAt.toISOString(),
      })),
      tags,
    };
  }

  async function known(memberId: number) {
    if (!(await memberExists(memberId))) throw new AppError('NO_USER', 404);
  }

  app.get(
    '/api/console/members/:memberId/notes',
    {
      onRequest: app.requirePermission('members.read'),
      schema: {
        ...schema("A member's notes (newest first) and tags"),
        response: { 200: MemberNotesResponse, ...errors },
      },
    },
    async (request) => {
      await known(request.params.memberId);
      return answer(request.params.memberId);
    },
  );

  app.post(
    '/api/console/members/:memberId/notes',
    {
      onRequest: app.requirePermission('members.manage'),
      schema: {
        ...schema('Adds a note on a member for colleagues (shown as text)'),
        body: MemberNoteRequest,
        response: { 200: MemberNotesResponse, ...errors },
      },
    },
    async (request) => {
      const { memberId } = request.params;
      await known(memberId);
      const note = await notes.addNote(memberId, staffOf(request).id, request.body.text);
      await app.staffAudit.record(request, 'member.note', `member:${memberId}`, {
        note: note.id,
        before: null,
        after: note.text,
      });
      return answer(memberId);
    },
  );

  app.put(
    '/api/console/members/:memberId/tags',
    {
      onRequest: app.requirePermission('members.manage'),
      schema: {
        ...schema("Sets a member's tags (a withdrawal rule may review the tagged)"),
        body: MemberTagsRequest,
        response: { 200: MemberNotesResponse, ...errors },
      },
    },
    async (request) => {
      const { memberId } = request.params;
      await known(memberId);
      const { before, after } = await notes.setTags(memberId, staffOf(request).id, request.body.tags);
      await app.staffAudit.record(request, 'member.tags', `member:${memberId}`, { before, after });
      return answer(memberId);
    },
  );
};

import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUDIT_PAGE_SIZE,
  AuditFilterOptions,
  AuditFilters,
  AuditListRequest,
  AuditListResponse,
} from '@wallet/contract/http/console-audit';
import { errorResponses } from '../../platform/errors';
import { auditCsv } from './audit-csv';
import type { AuditLog } from './audit-log';

export interface AuditRoutesOptions {
  auditLog: AuditLog;
}

const errors = errorResponses(400, 401, 403);

/** The filters as the audit row of a read records them: only those given. */
const filtersOf = ({ staffId, action, memberId, from, to }: AuditFilters) =>
  Object.fromEntries(
    Object.entries({ staffId, action, memberId, from, to }).filter(([, v]) => v !== undefined),
  );

/**
 * The audit screen (docs/decisions/048): the staff audit newest first, filtered and paged, and the
 * same rows as CSV. Reading the audit is itself written to it: one row per page read, one per export.
 */
export const auditRoutes: FastifyPluginAsyncZod<AuditRoutesOptions> = async (app, { auditLog }) => {
  const schema = (summary: string) => ({ tags: ['console'], summary, security: [{ bearer: [] }] });
  const guarded = { onRequest: app.requirePermission('audit.read') };

  app.get(
    '/api/console/audit',
    {
      ...guarded,
      schema: {
        ...schema('A page of the staff audit, newest first (keyset paging on seq), with filters'),
        querystring: AuditListRequest,
        response: { 200: AuditListResponse, ...errors },
      },
    },
    async (request) => {
      const { cursor, ...filters } = request.query;
      const page = await auditLog.list(filters, cursor, AUDIT_PAGE_SIZE);
      await app.staffAudit.record(request, 'audit.read', null, {
        ...filtersOf(filters),
        cursor: cursor ?? null,
      });
      return page;
    },
  );

  app.get(
    '/api/console/audit.csv',
    {
      ...guarded,
      schema: {
        ...schema('Every row of the staff audit the filters match, newest first, as CSV (UTF-8)'),
        querystring: AuditFilters,
        // No response schema: the answer is a stream of text (refusals are the usual error codes).
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      // Written before the first byte: an export that happened is always in the audit.
      await app.staffAudit.record(request, 'audit.export', null, filtersOf(request.query));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="staff-audit-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(auditCsv(auditLog.all(request.query))));
    },
  );

  app.get(
    '/api/console/audit/filters',
    {
      ...guarded,
      schema: {
        ...schema("What the audit screen's filters offer: the actions the audit holds, the staff"),
        response: { 200: AuditFilterOptions, ...errors },
      },
    },
    // NOTE: not audited: it reads action names and staff usernames, no audit row and no member.
    async () => auditLog.filterOptions(),
  );
};

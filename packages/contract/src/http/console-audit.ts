import { z } from 'zod';
import { INT4_MAX } from './chat';

/**
 * The audit screen (issue 27, section 6; docs/decisions/048): the staff audit read back, newest
 * first, with filters; and the same rows as CSV. Permission `audit.read`; every read is audited.
 */

/** Rows on one page of the audit screen. */
export const AUDIT_PAGE_SIZE = 50;

/** The filters of the screen and of the CSV; each may be left out. */
export const AuditFilters = z.object({
  staffId: z.coerce.number().int().positive().max(INT4_MAX).optional(),
  action: z.string().trim().min(1).max(64).optional(),
  /** Rows whose target is `member:<id>`. */
  memberId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  /** From this time on (inclusive). */
  from: z.iso.datetime({ offset: true }).optional(),
  /** Before this time (exclusive). */
  to: z.iso.datetime({ offset: true }).optional(),
});
export type AuditFilters = z.infer<typeof AuditFilters>;

/** A page: rows with `seq` below the cursor (the `nextCursor` of the page before). */
export const AuditListRequest = AuditFilters.extend({
  cursor: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type AuditListRequest = z.infer<typeof AuditListRequest>;

export const AuditRow = z
  .object({
    seq: z.number().int(),
    at: z.string(),
    staffId: z.number().int().nullable(),
    /** Null for a sign-in that failed before anyone was known. */
    staffUsername: z.string().nullable(),
    action: z.string(),
    target: z.string().nullable(),
    /** The row's detail, as JSON text. */
    detail: z.string(),
    ip: z.string(),
    userAgent: z.string(),
  })
  .meta({ id: 'AuditRow' });
export type AuditRow = z.infer<typeof AuditRow>;

export const AuditListResponse = z
  .object({
    rows: z.array(AuditRow),
    /** The cursor of the next (older) page; null on the last. */
    nextCursor: z.number().int().nullable(),
  })
  .meta({ id: 'AuditListResponse' });
export type AuditListResponse = z.infer<typeof AuditListResponse>;

/** What the filters offer: every action the audit holds, and every staff member. */
export const AuditFilterOptions = z
  .object({
    actions: z.array(z.string()),
    staff: z.array(z.object({ id: z.number().int(), username: z.string(), name: z.string() })),
  })
  .meta({ id: 'AuditFilterOptions' });
export type AuditFilterOptions = z.infer<typeof AuditFilterOptions>;

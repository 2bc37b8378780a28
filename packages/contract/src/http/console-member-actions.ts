import { z } from 'zod';

/**
 * What staff do to a member from the console (issue 27, section 5): lock and unlock. Each is
 * audited with its reason, before and after.
 */

export const MemberStatusChange = z
  .object({
    /** Why, for colleagues and the audit (shown as text). */
    reason: z.string().trim().min(1).max(500),
  })
  .meta({ id: 'MemberStatusChange' });
export type MemberStatusChange = z.infer<typeof MemberStatusChange>;

export const MemberStatusResponse = z
  .object({ memberId: z.int(), status: z.enum(['active', 'inactive']) })
  .meta({ id: 'MemberStatusResponse' });
export type MemberStatusResponse = z.infer<typeof MemberStatusResponse>;

import { z } from 'zod';
import { Amount } from '../money';
import { BonusProgress } from './bonus';

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

/** A tag staff give members: lower-case letters, digits, `-` and `_`, up to 32 characters. */
export const MemberTag = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'MEMBER_TAG_INVALID');

export const MemberNoteRequest = z
  .object({ text: z.string().trim().min(1).max(2000) })
  .meta({ id: 'MemberNoteRequest' });

export const MemberTagsRequest = z
  .object({ tags: z.array(MemberTag).max(20) })
  .meta({ id: 'MemberTagsRequest' });

export const MemberNotesResponse = z
  .object({
    notes: z.array(
      z.object({
        id: z.int(),
        text: z.string(),
        staff: z.object({ id: z.int(), username: z.string() }),
        createdAt: z.iso.datetime(),
      }),
    ),
    tags: z.array(z.string()),
  })
  .meta({ id: 'MemberNotesResponse' });
export type MemberNotesResponse = z.infer<typeof MemberNotesResponse>;

/** A member's running bonus as staff see it: the member's own progress view, or null without one. */
export const ConsoleBonusResponse = z
  .object({ progress: BonusProgress.nullable() })
  .meta({ id: 'ConsoleBonusResponse' });
export type ConsoleBonusResponse = z.infer<typeof ConsoleBonusResponse>;

export const ConsoleBonusEnded = z.object({ forfeited: Amount }).meta({ id: 'ConsoleBonusEnded' });

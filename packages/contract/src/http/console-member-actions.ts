import { z } from 'zod';
import { Amount, CURRENCIES } from '../money';
import { BonusProgress } from './bonus';
import { accountNameProblem, normalizeAccountName } from '../rules';

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

/**
 * A member's registered bank account changed by staff (spec section 6: members ask the operator).
 * The name is checked by the bank's rule, the number by the bank's lengths, on the server.
 */
export const MemberBankChange = z
  .object({
    bankCode: z.string().trim().min(1).max(20),
    bankAccountNo: z
      .string()
      .trim()
      .regex(/^\d{6,20}$/, 'BANK_ACCOUNT_NO_INVALID'),
    bankAccountName: z.string().min(1).max(100).transform(normalizeAccountName),
    /** The account's currency at a Lao bank (decision 069); left out: the wallet's where it can be. */
    currency: z.enum(CURRENCIES).optional(),
    reason: z.string().trim().min(1).max(500),
  })
  .superRefine((bank, context) => {
    const problem = accountNameProblem(bank.bankCode, bank.bankAccountName);
    if (problem) context.addIssue({ code: 'custom', path: ['bankAccountName'], message: problem });
  })
  .meta({ id: 'MemberBankChange' });
export type MemberBankChange = z.infer<typeof MemberBankChange>;

export const MemberBankResponse = z
  .object({
    bankCode: z.string(),
    accountNo: z.string(),
    accountName: z.string(),
    /** The account's currency as recorded (decision 069). */
    currency: z.enum(CURRENCIES),
  })
  .meta({ id: 'MemberBankResponse' });

import { z } from 'zod';
import { storage } from '../../lib/storage';

export const WIZARD_STEPS = ['phone', 'otp', 'profile', 'bank'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/**
 * What the visitor typed in the wizard, kept in sessionStorage for this tab so that Back, Forward
 * and a reload find it again (issue 16). NOTE: never the password: it lives in memory only, and a
 * reload asks for it again.
 */
const RegisterDraft = z.object({
  step: z.enum(WIZARD_STEPS),
  phone: z.string(),
  /** The code sent to `phone` (its token and reference), while it waits to be typed. */
  otp: z.object({ token: z.string(), ref: z.string() }).nullable(),
  /** The phone's code was right (its token is in storage.getOtpToken). */
  verified: z.boolean(),
  profile: z.object({ name: z.string(), sourceCode: z.string(), inviteCode: z.string() }),
  bank: z.object({
    bankCode: z.string(),
    bankAccountNo: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    currency: z.string(),
    /** The account's currency at a Lao bank (decision 069); empty: the wallet's. */
    accountCurrency: z.string().optional().default(''),
  }),
});
export type RegisterDraft = z.infer<typeof RegisterDraft>;

/** `bank.currency` empty: the market's first currency (the bank step chooses it). */
export const emptyDraft = (): RegisterDraft => ({
  step: 'phone',
  phone: '',
  otp: null,
  verified: false,
  profile: { name: '', sourceCode: '', inviteCode: '' },
  bank: { bankCode: '', bankAccountNo: '', firstName: '', lastName: '', currency: '', accountCurrency: '' },
});

/** The stored draft, or an empty one when there is none (or it is not one this version wrote). */
export function loadDraft(): RegisterDraft {
  try {
    const stored = storage.getRegisterDraft();
    if (stored) return RegisterDraft.parse(JSON.parse(stored));
  } catch {
    // A draft of another version, or edited by hand: start again.
  }
  return emptyDraft();
}

export const saveDraft = (draft: RegisterDraft): void => storage.setRegisterDraft(JSON.stringify(draft));
export const clearDraft = (): void => storage.clearRegisterDraft();

/** Whether anything was typed that leaving would lose. */
export function isDirty(draft: RegisterDraft, password: string): boolean {
  const { profile, bank } = draft;
  return [draft.phone, profile.name, profile.sourceCode, password, bank.bankCode, bank.bankAccountNo]
    .concat([bank.firstName, bank.lastName])
    .some((value) => value.trim() !== '');
}

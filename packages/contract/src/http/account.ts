import { z } from 'zod';
import type { Market } from '../constants';
import { CURRENCIES } from '../money';
import {
  accountNameProblem,
  bankAccountNoRule,
  normalizeAccountName,
  normalizePhone,
  phoneRule,
  profileIdOfInviteCode,
  profileNameRule,
} from '../rules';
import { passwordRule } from '../password-rule';
import { BankNames } from './lookup';

/**
 * Accounts (spec section 7, Account). Rules that depend on the market (the phone number,
 * the currencies) are built per market; the server builds them for its MARKET, the web app
 * for the market the `market` lookup names.
 */

const required = z.string().trim().min(1, 'FIELD_REQUIRED');

const inviteCodeRule = z
  .string()
  .trim()
  .transform((code) => code.toUpperCase())
  .refine((code) => code === '' || profileIdOfInviteCode(code) !== null, 'INVITE_CODE_INVALID');

/** Step 3 of the wizard: the profile. */
export function profileStepSchema(market: Market) {
  return z.object({
    name: profileNameRule,
    username: phoneRule(market),
    password: passwordRule,
    sourceCode: required,
    inviteCode: inviteCodeRule.optional().default(''),
    /** The token of the verified OTP of this phone; required while registration OTP is on. */
    otpToken: z.string().max(200).optional(),
  });
}

const bankAccountNameRule = z.string().transform(normalizeAccountName);

/** Step 4 of the wizard: the bank account, named as the bank names it. */
export const bankStepSchema = z
  .object({
    bankCode: required,
    bankAccountNo: bankAccountNoRule,
    bankAccountName: bankAccountNameRule,
  })
  .superRefine((bank, context) => {
    const problem = accountNameProblem(bank.bankCode, bank.bankAccountName);
    if (problem) context.addIssue({ code: 'custom', path: ['bankAccountName'], message: problem });
  });

export function currencySchema(market: Market) {
  const allowed: readonly string[] = market === 'LA' ? ['LAK', 'BAHT'] : ['BAHT'];
  return z.enum(CURRENCIES).refine((currency) => allowed.includes(currency), 'CURRENCY_INVALID');
}

/** POST /api/account: the full registration payload (spec section 3). */
export function registerRequestSchema(market: Market) {
  return profileStepSchema(market)
    .extend({
      bankCode: required,
      bankAccountNo: bankAccountNoRule,
      bankAccountName: bankAccountNameRule,
      currency: currencySchema(market),
      /**
       * The registered account's currency where its bank holds several (a Lao bank: LAK or BAHT);
       * left out: the wallet's where the bank holds it, else the bank's own (decision 069).
       */
      bankAccountCurrency: z.enum(CURRENCIES).optional(),
    })
    .superRefine((bank, context) => {
      const problem = accountNameProblem(bank.bankCode, bank.bankAccountName);
      if (problem) context.addIssue({ code: 'custom', path: ['bankAccountName'], message: problem });
    });
}
export type RegisterRequest = z.infer<ReturnType<typeof registerRequestSchema>>;

/**
 * POST /api/account/validate: the payload without currency, sent before the bank step, so the
 * bank fields may still be empty; whatever is there is checked.
 */
export function validateRequestSchema(market: Market) {
  return profileStepSchema(market).extend({
    bankCode: z.string().trim().optional(),
    bankAccountNo: z.string().transform(normalizePhone).optional(),
    bankAccountName: z.string().optional(),
  });
}
export type ValidateRequest = z.infer<ReturnType<typeof validateRequestSchema>>;

export const RegisterResponse = z.object({ id: z.string() }).meta({ id: 'RegisterResponse' });
export type RegisterResponse = z.infer<typeof RegisterResponse>;

export const OkResponse = z.object({ ok: z.literal(true) }).meta({ id: 'OkResponse' });

/**
 * POST /api/account/invite-code: whether an inviter code remembered from a link belongs to a
 * member, asked as the register page opens (issue 31: a bad link's code locked the form).
 */
export const InviteCodeCheckRequest = z
  .object({ inviteCode: z.string().trim().min(1, 'FIELD_REQUIRED').max(32) })
  .meta({ id: 'InviteCodeCheckRequest' });
export type InviteCodeCheckRequest = z.infer<typeof InviteCodeCheckRequest>;
export const InviteCodeCheckResponse = z
  .object({ exists: z.boolean() })
  .meta({ id: 'InviteCodeCheckResponse' });
export type InviteCodeCheckResponse = z.infer<typeof InviteCodeCheckResponse>;
export type OkResponse = z.infer<typeof OkResponse>;

// Sign-in lives in ./login (so the login page does not load the password rules); re-exported here
// for the server's account routes.
export { LoginRequest, LoginResponse } from './login';

export const ProfileResponse = z
  .object({
    profile: z.object({
      _id: z.string(),
      username: z.string(),
      name: z.string(),
      coin: z.number().int(),
      createdAt: z.string(),
    }),
    bankAccount: z.object({
      bankAccountName: z.string(),
      bankAccountNo: z.string(),
      bank: z.object({ ...BankNames.shape, code: z.string() }),
      /** The account's currency (decision 069): a withdrawal is paid only to one in the wallet's. */
      currency: z.enum(CURRENCIES),
      /** The member may correct the account name (KTB, TMB, BBL names not yet in English). */
      nameEditable: z.boolean(),
    }),
  })
  .meta({ id: 'ProfileResponse' });
export type ProfileResponse = z.infer<typeof ProfileResponse>;

/** PUT /api/account/profile: the name; bank fields, when sent, must be the registered ones. */
export const UpdateProfileRequest = z
  .object({
    name: profileNameRule,
    bankCode: z.string().optional(),
    bankAccountName: z.string().optional(),
    bankAccountNo: z.string().optional(),
  })
  .meta({ id: 'UpdateProfileRequest' });
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

export const ChangePasswordRequest = z
  .object({ oldPassword: z.string().min(1, 'FIELD_REQUIRED'), newPassword: passwordRule })
  .refine((body) => body.newPassword !== body.oldPassword, {
    path: ['newPassword'],
    message: 'PASSWORD_SAME_AS_OLD',
  })
  .meta({ id: 'ChangePasswordRequest' });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/**
 * POST /api/account/resetpwd: a forgotten password replaced. `otpToken` is the token of a
 * password-reset code verified by /api/otp/password-reset/verify; it serves once. Every session
 * of the member ends.
 */
export const ResetPasswordRequest = z
  .object({
    otpToken: z.string().min(1, 'OTP_TOKEN_INVALID').max(200, 'OTP_TOKEN_INVALID'),
    newPassword: passwordRule,
  })
  .meta({ id: 'ResetPasswordRequest' });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const BankAccountNameRequest = z
  .object({
    bankCode: required,
    bankAccountName: z
      .string()
      .transform(normalizeAccountName)
      .pipe(
        z
          .string()
          .min(1, 'FIELD_REQUIRED')
          .regex(/^[A-Z]+( [A-Z]+)*$/, 'BANK_ACCOUNT_NAME_ENG'),
      ),
  })
  .meta({ id: 'BankAccountNameRequest' });
export type BankAccountNameRequest = z.infer<typeof BankAccountNameRequest>;

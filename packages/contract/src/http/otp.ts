import { z } from 'zod';

/** OTP of registration (spec section 7, OTP). */

export const OTP_CODE_LENGTH = 6;

export const OtpSendRequest = z
  .object({
    phoneNumber: z.string().min(1, 'FIELD_REQUIRED'),
    /** The token of a code this visitor verified before: answers OTP_VERIFIED instead of a new code. */
    otpToken: z.string().max(200).optional(),
  })
  .meta({ id: 'OtpSendRequest' });
export type OtpSendRequest = z.infer<typeof OtpSendRequest>;

/** A new code (otpRef, otpToken), or code OTP_VERIFIED when the phone is verified already. */
export const OtpSendResponse = z
  .object({
    otpRef: z.string().optional(),
    otpToken: z.string().optional(),
    code: z.literal('OTP_VERIFIED').optional(),
  })
  .meta({ id: 'OtpSendResponse' });
export type OtpSendResponse = z.infer<typeof OtpSendResponse>;

export const OtpVerifyRequest = z
  .object({
    otpToken: z.string().min(1, 'OTP_TOKEN_INVALID').max(200, 'OTP_TOKEN_INVALID'),
    otpCode: z
      .string()
      .trim()
      .min(1, 'FIELD_REQUIRED')
      .regex(new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`), 'OTP_CODE_INVALID'),
  })
  .meta({ id: 'OtpVerifyRequest' });
export type OtpVerifyRequest = z.infer<typeof OtpVerifyRequest>;

export const OtpVerifyResponse = z
  .object({ code: z.literal('OTP_CODE_VALID') })
  .meta({ id: 'OtpVerifyResponse' });
export type OtpVerifyResponse = z.infer<typeof OtpVerifyResponse>;

/**
 * A refused code: the error body ({ message: CODE }) and, with OTP_CODE_INVALID, how many more
 * wrong codes the code takes before it is blocked (OTP_BLOCK: a new code is needed).
 */
export const OtpVerifyRefusal = z
  .object({ message: z.string(), triesLeft: z.number().int().min(0).optional() })
  .meta({ id: 'OtpVerifyRefusal' });
export type OtpVerifyRefusal = z.infer<typeof OtpVerifyRefusal>;

/**
 * POST /api/otp/password-reset/send: a code to reset a forgotten password. Every phone gets the
 * same answer, a member's or not (only a member's phone receives an SMS), within the limits of
 * the registration codes. POST /api/otp/password-reset/verify takes an OtpVerifyRequest and
 * answers as /api/otp/verify does.
 */
export const PasswordResetSendRequest = z
  .object({ phoneNumber: z.string().min(1, 'FIELD_REQUIRED') })
  .meta({ id: 'PasswordResetSendRequest' });
export type PasswordResetSendRequest = z.infer<typeof PasswordResetSendRequest>;

export const PasswordResetSendResponse = z
  .object({ otpRef: z.string(), otpToken: z.string() })
  .meta({ id: 'PasswordResetSendResponse' });
export type PasswordResetSendResponse = z.infer<typeof PasswordResetSendResponse>;

/** Sandbox only: the SMS outbox. */
export const SandboxSmsResponse = z
  .object({
    messages: z.array(
      z.object({ to: z.string(), text: z.string(), code: z.string().nullable(), createdAt: z.string() }),
    ),
  })
  .meta({ id: 'SandboxSmsResponse' });
export type SandboxSmsResponse = z.infer<typeof SandboxSmsResponse>;

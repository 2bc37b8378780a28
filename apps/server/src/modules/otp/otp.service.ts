import { createHash } from 'node:crypto';
import type { Locale, Market } from '@wallet/contract/constants';
import {
  OTP_CODE_LENGTH,
  type OtpSendResponse,
  type PasswordResetSendResponse,
} from '@wallet/contract/http/otp';
import { phoneRule } from '@wallet/contract/rules';
import type { SmsSender } from '../../adapters/sms/sms-sender';
import type { Config } from '../../config';
import {
  hashToken,
  looksLikeToken,
  newToken,
  randomDigits,
  randomRef,
  sameDigest,
} from '../../platform/crypto';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { createOtpRepository } from './otp.repository';

export interface OtpServiceOptions {
  db: Database;
  sms: SmsSender;
  market: Market;
  limits: Config['otp'];
  /** Whether a member already has this phone (an OTP is for registration only). */
  memberExists: (phone: string) => Promise<boolean>;
  now?: () => Date;
}

const DAY_MS = 86_400_000;

const SMS_TEXT: Record<Locale, (code: string, ref: string, minutes: number) => string> = {
  th: (code, ref, minutes) =>
    `รหัส OTP ของคุณคือ ${code} (รหัสอ้างอิง ${ref}) ใช้ได้ภายใน ${minutes} นาที ห้ามบอกรหัสนี้กับผู้อื่น`,
  lo: (code, ref, minutes) =>
    `ລະຫັດ OTP ຂອງທ່ານແມ່ນ ${code} (ລະຫັດອ້າງອີງ ${ref}) ໃຊ້ໄດ້ພາຍໃນ ${minutes} ນາທີ ຫ້າມບອກລະຫັດນີ້ກັບຜູ້ອື່ນ`,
  en: (code, ref, minutes) =>
    `Your OTP is ${code} (ref ${ref}), valid for ${minutes} minutes. Never share it.`,
};

const RESET_SMS_TEXT: Record<Locale, (code: string, ref: string, minutes: number) => string> = {
  th: (code, ref, minutes) =>
    `รหัสตั้งรหัสผ่านใหม่ของคุณคือ ${code} (รหัสอ้างอิง ${ref}) ใช้ได้ภายใน ${minutes} นาที หากคุณไม่ได้ขอ อย่าบอกรหัสนี้กับใคร`,
  lo: (code, ref, minutes) =>
    `ລະຫັດຕັ້ງລະຫັດຜ່ານໃໝ່ຂອງທ່ານແມ່ນ ${code} (ລະຫັດອ້າງອີງ ${ref}) ໃຊ້ໄດ້ພາຍໃນ ${minutes} ນາທີ ຖ້າທ່ານບໍ່ໄດ້ຂໍ ຢ່າບອກລະຫັດນີ້ກັບໃຜ`,
  en: (code, ref, minutes) =>
    `Your password reset code is ${code} (ref ${ref}), valid for ${minutes} minutes. If you did not ask for it, never share it.`,
};

/** The code is hashed with the token's hash, so the same code in two requests never hashes alike. */
const hashCode = (tokenHash: string, code: string): string =>
  createHash('sha256').update(`${tokenHash}:${code}`).digest('hex');

/**
 * What a code is for. A password-reset token is stored as the hash of a prefixed text, so the
 * registration's calls (which hash the bare token) never find it, nor the reset's a registration
 * code (docs/decisions/022-forgot-password.md).
 */
type Purpose = 'register' | 'reset';
const tokenHashOf = (purpose: Purpose, token: string): string =>
  hashToken(purpose === 'register' ? token : `password-reset:${token}`);

/** A wrong code: OTP_CODE_INVALID, with the wrong codes the code still takes before it is blocked. */
export class WrongCodeError extends AppError {
  constructor(readonly triesLeft: number) {
    super('OTP_CODE_INVALID', 400);
  }
}

/** Where a failed background SMS is told (the request's log). */
export interface DeliveryLog {
  error(details: object, message: string): void;
}

/** One-time codes by SMS that prove a visitor holds the phone they register (spec sections 4, 7). */
export function createOtpService({
  db,
  sms,
  market,
  limits,
  memberExists,
  now = () => new Date(),
}: OtpServiceOptions) {
  const repository = createOtpRepository(db);
  const phoneOf = (text: string): string => {
    const parsed = phoneRule(market).safeParse(text);
    if (!parsed.success) throw new AppError(parsed.error.issues[0]!.message as never, 400);
    return parsed.data;
  };

  /**
   * Records a new code request for `phone` within the limits (REQUEST_LIMIT_1MIN, REQUEST_LIMIT),
   * in the caller's transaction. Registration and reset codes count together: one phone, one
   * address, whatever the code is for.
   */
  async function recordRequest(
    q: Parameters<Parameters<typeof repository.transaction>[0]>[0],
    values: { phone: string; clientAddress: string; tokenHash: string; code: string; ref: string; at: Date },
  ): Promise<void> {
    const { phone, clientAddress, tokenHash, code, ref, at } = values;
    const latest = await q.latestFor(phone);
    if (latest && at.getTime() - latest.createdAt.getTime() < limits.resendMs) {
      throw new AppError('REQUEST_LIMIT_1MIN', 429);
    }
    const since = new Date(at.getTime() - DAY_MS);
    if ((await q.countForPhoneSince(phone, since)) >= limits.dailyPerPhone)
      throw new AppError('REQUEST_LIMIT', 429);
    if ((await q.countForAddressSince(clientAddress, since)) >= limits.dailyPerAddress) {
      throw new AppError('REQUEST_LIMIT', 429);
    }
    await q.insert({
      tokenHash,
      phone,
      ref,
      codeHash: hashCode(tokenHash, code),
      clientAddress,
      expiresAt: new Date(at.getTime() + limits.ttlMs),
      createdAt: at,
    });
  }

  /**
   * Checks a code, counting a wrong one in a transaction that commits even so; `right` runs in the
   * same transaction when the code is right. Throws OTP_NOT_EXIST (unknown or used), OTP_EXPIRED,
   * OTP_BLOCK (the last of maxAttempts wrong codes, or any code after it) or a WrongCodeError.
   */
  async function checkCode(
    tokenHash: string,
    otpCode: string,
    right: (
      q: Parameters<Parameters<typeof repository.transaction>[0]>[0],
      request: { id: number; phone: string },
      at: Date,
    ) => Promise<void>,
  ): Promise<void> {
    const failure = await repository.transaction(async (q) => {
      const at = now();
      const request = await q.findForUpdate(tokenHash);
      if (!request || request.verifiedAt) return { code: 'OTP_NOT_EXIST' as const };
      if (request.expiresAt <= at) return { code: 'OTP_EXPIRED' as const };
      if (request.attempts >= limits.maxAttempts) return { code: 'OTP_BLOCK' as const };
      if (!sameDigest(request.codeHash, hashCode(tokenHash, otpCode))) {
        await q.countAttempt(request.id);
        const triesLeft = limits.maxAttempts - (request.attempts + 1);
        return triesLeft <= 0
          ? { code: 'OTP_BLOCK' as const }
          : { code: 'OTP_CODE_INVALID' as const, triesLeft };
      }
      await right(q, request, at);
      return null;
    });
    if (!failure) return;
    if (failure.code === 'OTP_CODE_INVALID') throw new WrongCodeError(failure.triesLeft);
    throw new AppError(failure.code, failure.code === 'OTP_BLOCK' ? 429 : 400);
  }

  return {
    /**
     * Texts a new code, or answers OTP_VERIFIED when `otpToken` is the token of a code already
     * verified for this phone (a visitor who comes back to the wizard). Anyone else gets a new
     * code, within the limits: learning that somebody verified a phone gives nothing.
     */
    async send(
      phoneNumber: string,
      clientAddress: string,
      locale: Locale,
      otpToken?: string,
    ): Promise<OtpSendResponse> {
      const phone = phoneOf(phoneNumber);
      if (await memberExists(phone)) throw new AppError('EXISTING_USER', 409);
      const token = newToken();
      const tokenHash = tokenHashOf('register', token);
      const code = randomDigits(OTP_CODE_LENGTH);
      const ref = randomRef();
      const outcome = await repository.transaction(async (q) => {
        const at = now();
        await q.lockSender(phone, clientAddress);
        const verification = await q.verificationOf(phone, at);
        if (verification && otpToken && sameDigest(verification.tokenHash, hashToken(otpToken))) {
          return 'verified' as const;
        }
        await recordRequest(q, { phone, clientAddress, tokenHash, code, ref, at });
        return 'created' as const;
      });
      if (outcome === 'verified') return { code: 'OTP_VERIFIED' };
      try {
        await sms.send({
          to: phone,
          text: SMS_TEXT[locale](code, ref, Math.round(limits.ttlMs / 60_000)),
          code,
        });
      } catch {
        // Nothing reached the phone: forget the request so the visitor may ask again at once.
        await repository.deleteRequest(tokenHash);
        throw new AppError('OTP_SEND_FAIL', 502);
      }
      return { otpRef: ref, otpToken: token };
    },

    async verify(otpToken: string, otpCode: string): Promise<void> {
      if (!looksLikeToken(otpToken)) throw new AppError('OTP_TOKEN_INVALID', 400);
      const tokenHash = tokenHashOf('register', otpToken);
      await checkCode(tokenHash, otpCode, (q, request, at) =>
        q.markVerified(
          request.id,
          request.phone,
          tokenHash,
          at,
          new Date(at.getTime() + limits.verifiedWindowMs),
        ),
      );
    },

    /**
     * A code to reset a forgotten password (decision 022). Every phone gets the same answer after
     * the same work, within the same limits: a request is recorded for a phone that is no member
     * too, with a code nobody is told, so its tries and limits behave alike. Only a member's phone
     * gets the SMS, sent after the answer, so the answer's timing does not wait for the gateway
     * (a failure is logged; the member asks again after OTP_RESEND_SECONDS).
     */
    async sendResetCode(
      phoneNumber: string,
      clientAddress: string,
      locale: Locale,
      log: DeliveryLog,
    ): Promise<PasswordResetSendResponse> {
      const phone = phoneOf(phoneNumber);
      const member = await memberExists(phone);
      const token = newToken();
      const tokenHash = tokenHashOf('reset', token);
      const code = randomDigits(OTP_CODE_LENGTH);
      const ref = randomRef();
      await repository.transaction(async (q) => {
        await q.lockSender(phone, clientAddress);
        await recordRequest(q, { phone, clientAddress, tokenHash, code, ref, at: now() });
      });
      if (member) {
        sms
          .send({
            to: phone,
            text: RESET_SMS_TEXT[locale](code, ref, Math.round(limits.ttlMs / 60_000)),
            code,
          })
          .catch((error: unknown) => log.error({ err: error }, 'password reset SMS failed'));
      }
      return { otpRef: ref, otpToken: token };
    },

    /**
     * Checks a password-reset code as `verify` checks a registration code; a right one may set a
     * new password (`takeResetCode`) within OTP_VERIFIED_WINDOW_MINUTES.
     */
    async verifyResetCode(otpToken: string, otpCode: string): Promise<void> {
      if (!looksLikeToken(otpToken)) throw new AppError('OTP_TOKEN_INVALID', 400);
      await checkCode(tokenHashOf('reset', otpToken), otpCode, (q, request, at) =>
        q.markResetVerified(request.id, at, new Date(at.getTime() + limits.verifiedWindowMs)),
      );
    },

    /**
     * The phone whose password the holder of this verified reset code may set, once: the code is
     * used up here (OTP_NOT_EXIST unknown, UNVERIFIED_OTP not verified, OTP_EXPIRED late or used).
     */
    async takeResetCode(otpToken: string): Promise<string> {
      if (!looksLikeToken(otpToken)) throw new AppError('OTP_TOKEN_INVALID', 400);
      const tokenHash = tokenHashOf('reset', otpToken);
      const outcome = await repository.transaction(async (q) => {
        const at = now();
        const request = await q.findForUpdate(tokenHash);
        if (!request) return new AppError('OTP_NOT_EXIST', 400);
        if (!request.verifiedAt) return new AppError('UNVERIFIED_OTP', 400);
        if (request.expiresAt <= at) return new AppError('OTP_EXPIRED', 400);
        await q.expire(request.id, at);
        return request.phone;
      });
      if (outcome instanceof AppError) throw outcome;
      return outcome;
    },

    /** Whether the holder of `otpToken` proved, recently enough, that they hold `phone`. */
    async isVerified(phone: string, otpToken: string | undefined): Promise<boolean> {
      if (!otpToken || !looksLikeToken(otpToken)) return false;
      const verification = await repository.verificationOf(phone, now());
      return verification !== null && sameDigest(verification.tokenHash, hashToken(otpToken));
    },

    /**
     * Forgets code requests older than two days (the daily limits look back one) and
     * verifications expired as long ago. Answers how many rows went.
     */
    async purge(): Promise<number> {
      return repository.purge(new Date(now().getTime() - 2 * 86_400_000));
    },

    /** A verification serves one registration. */
    async consume(phone: string): Promise<void> {
      await repository.deleteVerification(phone);
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;

import { createHash } from 'node:crypto';
import type { Locale, Market } from '@wallet/contract/constants';
import { OTP_CODE_LENGTH, type OtpSendResponse } from '@wallet/contract/http/otp';
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

/** The code is hashed with the token's hash, so the same code in two requests never hashes alike. */
const hashCode = (tokenHash: string, code: string): string =>
  createHash('sha256').update(`${tokenHash}:${code}`).digest('hex');

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
      const tokenHash = hashToken(token);
      const code = randomDigits(OTP_CODE_LENGTH);
      const ref = randomRef();

      const outcome = await repository.transaction(async (q) => {
        const at = now();
        await q.lockSender(phone, clientAddress);
        const verification = await q.verificationOf(phone, at);
        if (verification && otpToken && sameDigest(verification.tokenHash, hashToken(otpToken))) {
          return 'verified' as const;
        }
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
      const tokenHash = hashToken(otpToken);
      // The attempt is counted in a transaction that commits even when the code is wrong.
      const failure = await repository.transaction(async (q) => {
        const at = now();
        const request = await q.findForUpdate(tokenHash);
        if (!request || request.verifiedAt) return 'OTP_NOT_EXIST' as const;
        if (request.expiresAt <= at) return 'OTP_EXPIRED' as const;
        if (request.attempts >= limits.maxAttempts) return 'OTP_BLOCK' as const;
        if (!sameDigest(request.codeHash, hashCode(tokenHash, otpCode))) {
          await q.countAttempt(request.id);
          return request.attempts + 1 >= limits.maxAttempts
            ? ('OTP_BLOCK' as const)
            : ('OTP_CODE_INVALID' as const);
        }
        await q.markVerified(
          request.id,
          request.phone,
          tokenHash,
          at,
          new Date(at.getTime() + limits.verifiedWindowMs),
        );
        return null;
      });
      if (failure) throw new AppError(failure, failure === 'OTP_BLOCK' ? 429 : 400);
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

import type { ChangePasswordRequest, ResetPasswordRequest } from '@wallet/contract/http/account';
import { clientKey } from '../../platform/client-address';
import { hashToken, newToken } from '../../platform/crypto';
import { fail } from '../../platform/errors';
import type { OtpService } from '../otp/otp.service';
import type { AccountsRepository } from './accounts.repository';
import type { ClientMeta } from './accounts.service';
import type { PasswordHasher } from './password';
import type { Sessions } from './sessions';
import type { SignInThrottling } from './sign-in-throttling';

export interface PasswordChangeOptions {
  repository: AccountsRepository;
  otp: Pick<OtpService, 'takeResetCode'>;
  passwords: PasswordHasher;
  throttling: SignInThrottling;
  sessions: Pick<Sessions, 'revoked'>;
  now: () => Date;
}

/** A member's password changed (knowing the old one) or reset (with a verified code). */
export function createPasswordChange(options: PasswordChangeOptions) {
  const { repository, otp, passwords, throttling, sessions, now } = options;

  return {
    /** Answers the device token to keep in the device cookie (see `login`). */
    async changePassword(
      member: { id: number; tokenHash: string },
      body: ChangePasswordRequest,
      meta: ClientMeta,
    ): Promise<string> {
      const current = await repository.memberById(member.id);
      if (!current) return fail('NO_USER', 404);
      // A stolen session must not be a way to guess the password without limit.
      const checked = await throttling.checkPassword(current.username, body.oldPassword, meta);
      if (!checked) return fail('WRONG_PASSWORD', 400);
      const hash = await passwords.hash(body.newPassword);
      await sessions.revoked(
        { member: member.id },
        await repository.changePassword(member.id, hash, member.tokenHash),
      );
      // Whoever knew the old password signed in from somewhere: only this device and address stay known.
      await repository.forgetOtherDevices(
        current.username,
        hashToken(checked.device),
        clientKey(meta.address),
      );
      return checked.device;
    },

    /**
     * A forgotten password replaced by the holder of a verified password-reset code (decision
     * 022): the code is used up first, then the password changes and every session of the member
     * ends, and only this device and address stay known for the sign-in limits (the phone's owner
     * proved themselves; whoever knew the old password elsewhere did not). Answers the device
     * token to keep in the device cookie.
     */
    async resetPassword(body: ResetPasswordRequest, meta: ClientMeta): Promise<string> {
      const phone = await otp.takeResetCode(body.otpToken);
      const member = await repository.memberByUsername(phone);
      // Only members' phones receive codes; a member removed since has nothing to reset.
      if (!member) return fail('OTP_NOT_EXIST', 400);
      const device = newToken();
      const addressKey = clientKey(meta.address);
      const hash = await passwords.hash(body.newPassword);
      await sessions.revoked(
        { member: member.id },
        await repository.resetPassword(member.id, member.username, hash),
      );
      // Their own failed tries from here (why they came) no longer hold them back.
      await repository.passwordWasRight(member.username, addressKey, hashToken(device), now());
      return device;
    },
  };
}

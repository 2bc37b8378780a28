import type { RegisterRequest, ValidateRequest } from '@wallet/contract/http/account';
import { profileIdOfInviteCode } from '@wallet/contract/rules';
import { uniqueViolation } from '../../platform/db/unique-violation';
import { fail } from '../../platform/errors';
import type { LookupsService } from '../lookups/lookups.service';
import type { OtpService } from '../otp/otp.service';
import type { AccountsRepository } from './accounts.repository';
import type { ClientMeta } from './accounts.service';
import type { PasswordHasher } from './password';

export interface RegistrationOptions {
  repository: AccountsRepository;
  lookups: LookupsService;
  otp: Pick<OtpService, 'isVerified' | 'consume'>;
  passwords: PasswordHasher;
}

/** Registration: its rules the database answers, then the member, their bank account and its audit. */
export function createRegistration(options: RegistrationOptions) {
  const { repository, lookups, otp, passwords } = options;

  /** Every rule of registration the database can answer; the payload's own rules ran already. */
  async function checkRegistration(payload: ValidateRequest) {
    if (await repository.memberByUsername(payload.username)) fail('EXISTING_USER', 409);
    if ((await lookups.registerOtpEnabled()) && !(await otp.isVerified(payload.username, payload.otpToken))) {
      fail('UNVERIFIED_OTP', 400);
    }
    if (!(await lookups.sourceExists(payload.sourceCode))) fail('SOURCE_INVALID', 400);
    let inviterId: number | null = null;
    if (payload.inviteCode) {
      inviterId = profileIdOfInviteCode(payload.inviteCode);
      if (inviterId === null || !(await repository.memberById(inviterId))) fail('INVITE_CODE_INVALID', 400);
    }
    if (payload.bankCode) {
      const bank = await lookups.findBank(payload.bankCode);
      if (!bank) fail('INVALID_BANK', 400);
      if (
        payload.bankAccountNo &&
        (await repository.bankAccountHolder(payload.bankCode, payload.bankAccountNo)) !== null
      ) {
        fail('EXISTING_BANK', 409);
      }
    }
    return { inviterId };
  }

  return {
    async validate(payload: ValidateRequest): Promise<void> {
      await checkRegistration(payload);
    },

    async register(payload: RegisterRequest, meta: ClientMeta): Promise<string> {
      const { inviterId } = await checkRegistration(payload);
      try {
        const id = await repository.createMember(
          {
            username: payload.username,
            name: payload.name,
            passwordHash: await passwords.hash(payload.password),
            sourceCode: payload.sourceCode,
            inviterId,
            currency: payload.currency,
          },
          {
            bankCode: payload.bankCode,
            accountNo: payload.bankAccountNo,
            accountName: payload.bankAccountName,
          },
          {
            actorType: 'member',
            actorId: 'registration',
            field: 'bankAccount',
            oldValue: null,
            newValue: `${payload.bankCode} ${payload.bankAccountNo} ${payload.bankAccountName}`,
            clientAddress: meta.address,
            userAgent: meta.userAgent ?? null,
          },
        );
        await otp.consume(payload.username);
        return String(id);
      } catch (error) {
        // Two registrations racing for one phone or one bank account: the database decides.
        const constraint = uniqueViolation(error);
        if (constraint === null) throw error;
        return fail(constraint.includes('bank') ? 'EXISTING_BANK' : 'EXISTING_USER', 409);
      }
    },
  };
}

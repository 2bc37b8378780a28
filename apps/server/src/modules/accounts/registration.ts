import type { RegisterRequest, ValidateRequest } from '@wallet/contract/http/account';
import type { Market } from '@wallet/contract/constants';
import { bankAccountCurrencies, bankAccountNoProblem, profileIdOfInviteCode } from '@wallet/contract/rules';
import { uniqueViolation } from '../../platform/db/unique-violation';
import { fail } from '../../platform/errors';
import type { LookupsService } from '../lookups/lookups.service';
import type { OtpService } from '../otp/otp.service';
import type { AccountsRepository } from './accounts.repository';
import type { ClientMeta } from './accounts.service';
import type { PasswordHasher } from './password';

/** Registration (spec sections 3 and 5): the checks the database can answer, and the new member. */
export interface RegistrationOptions {
  repository: AccountsRepository;
  lookups: LookupsService;
  otp: Pick<OtpService, 'isVerified' | 'consume'>;
  passwords: PasswordHasher;
}

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
    let bankMarket: Market | null = null;
    if (payload.bankCode) {
      const bank = await lookups.findBank(payload.bankCode);
      if (!bank) return fail('INVALID_BANK', 400);
      bankMarket = bank.market;
      if (payload.bankAccountNo) {
        // The bank's own lengths (decision 035): "0" + a 10-digit SCB number is not an SCB number.
        const problem = bankAccountNoProblem(bank.accountNoLengths, payload.bankAccountNo);
        if (problem) fail(problem, 400);
        if ((await repository.bankAccountHolder(payload.bankCode, payload.bankAccountNo)) !== null) {
          fail('EXISTING_BANK', 409);
        }
      }
    }
    return { inviterId, bankMarket };
  }

  return {
    /** Whether an inviter code names a member (the register page checks a remembered one). */
    inviteCodeExists: async (code: string): Promise<boolean> => {
      const inviterId = profileIdOfInviteCode(code.toUpperCase());
      return inviterId !== null && (await repository.memberById(inviterId)) !== null;
    },

    validate: async (payload: ValidateRequest): Promise<void> => {
      await checkRegistration(payload);
    },

    register: async (payload: RegisterRequest, meta: ClientMeta): Promise<string> => {
      const { inviterId, bankMarket } = await checkRegistration(payload);
      // The account's currency (decision 069): a Thai bank's is baht; at a Lao bank, kip or baht
      // as the member says, else the wallet's.
      const offered = bankAccountCurrencies(bankMarket ?? 'TH');
      const bankCurrency =
        payload.bankAccountCurrency ?? (offered.includes(payload.currency) ? payload.currency : offered[0]!);
      if (!offered.includes(bankCurrency)) fail('CURRENCY_INVALID', 400);
      let id: number | null;
      try {
        id = await repository.createMember(
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
            currency: bankCurrency,
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
      } catch (error) {
        // Two registrations racing for one phone or one bank account: the database decides.
        const constraint = uniqueViolation(error);
        if (constraint === null) throw error;
        return fail(constraint.includes('bank') ? 'EXISTING_BANK' : 'EXISTING_USER', 409);
      }
      // Registered a moment ago by another (the number with or without zeros before it).
      if (id === null) return fail('EXISTING_BANK', 409);
      await otp.consume(payload.username);
      return String(id);
    },
  };
}

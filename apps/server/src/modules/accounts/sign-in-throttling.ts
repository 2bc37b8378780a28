import type { Config } from '../../config';
import { clientKey } from '../../platform/client-address';
import { hashToken, looksLikeToken, newToken } from '../../platform/crypto';
import { fail } from '../../platform/errors';
import type { AccountsRepository, AttemptFacts, PhoneState } from './accounts.repository';
import type { ClientMeta } from './accounts.service';
import type { PasswordHasher } from './password';

export interface SignInThrottlingOptions {
  repository: AccountsRepository;
  limits: Config['login'];
  /** The sign-in limits' clock: the test's, else the database's (undefined here). */
  limitsNow: (() => Date) | undefined;
  passwords: PasswordHasher;
}

/** Password checks counted and throttled so that no stranger can lock a member out (decision 015). */
export function createSignInThrottling(options: SignInThrottlingOptions) {
  const { repository, limits, limitsNow, passwords } = options;

  /** 1 s doubling with each step past a limit, at most backoffMaxMs; none below it. */
  const backoffMs = (excess: number) =>
    excess > 0 ? Math.min(1000 * 2 ** (excess - 1), limits.backoffMaxMs) : 0;
  /** The phone's level never needs to go higher than where the longest back-off holds for a while. */
  const levelCap =
    limits.phoneBackoffAfter + Math.ceil(Math.log2(Math.max(limits.backoffMaxMs, 1000) / 1000)) + 4;
  const waited = (since: Date | null, ms: number, at: Date) =>
    since === null || at.getTime() - since.getTime() >= ms;

  /**
   * Whether a password try may be checked now, and if so the phone's back-off state after it
   * (counted as a failure until the password proves right). No rule lets a stranger keep a member
   * out (docs/decisions/015-sign-in-throttling.md):
   * 1. an address that failed maxFailuresPerPhoneAndAddress times in the window for a phone is
   *    refused for that phone; other addresses are not;
   * 2. a phone's failure level (every address; one forgotten every phoneForgetMs) past
   *    phoneBackoffAfter makes each try wait a back-off after the last one (1 s doubling, at most
   *    backoffMaxMs): only a distributed attack gets there, and it gets about one guess every
   *    backoffMaxMs. A device or address the member signed in from lately is not held back;
   * 3. an address that failed addressBackoffAfter times in the window (any phones) waits a
   *    back-off after its last failure, so one address cannot make argon2 work without end;
   * 4. on an address from which busyAddressPhones phones failed, a phone that failed there waits
   *    a short back-off after its last failure there (2 s doubling), not the window.
   * Rules 2 to 4 pass a known device or address.
   */
  function decide(facts: AttemptFacts): PhoneState | null {
    const { at, known } = facts;
    if (facts.pair >= limits.maxFailuresPerPhoneAndAddress) return null;
    const phone = facts.phone;
    if (!known) {
      if (phone?.nextTryAt && phone.nextTryAt > at) return null;
      const addressExcess = facts.address - limits.addressBackoffAfter + 1;
      if (!waited(facts.addressLast, backoffMs(addressExcess), at)) return null;
      if (facts.pair > 0 && facts.addressPhones >= limits.busyAddressPhones) {
        if (!waited(facts.pairLast, backoffMs(facts.pair + 1), at)) return null;
      }
    }
    const drained = phone
      ? Math.max(0, phone.level - (at.getTime() - phone.levelAt.getTime()) / limits.phoneForgetMs)
      : 0;
    const level = Math.min(levelCap, drained + 1);
    const wait = backoffMs(level - limits.phoneBackoffAfter);
    return {
      level,
      levelAt: at,
      // A known device's try holds no one back; an unknown one's sets the next turn.
      nextTryAt: !known && wait > 0 ? new Date(at.getTime() + wait) : (phone?.nextTryAt ?? null),
    };
  }

  return {
    /**
     * The member whose password this is, with their device token, or null. Every try is counted
     * before argon2 runs (REQUEST_LIMIT when `decide` refuses it); a right password forgets this
     * address's failures for the phone and marks the device and address as the member's. Unknown
     * phones cost the same work as known ones (a decoy hash).
     */
    async checkPassword(username: string, password: string, meta: ClientMeta) {
      const addressKey = clientKey(meta.address);
      const deviceHash = meta.device && looksLikeToken(meta.device) ? hashToken(meta.device) : null;
      const at = await repository.beginPasswordAttempt(
        {
          username,
          addressKey,
          deviceHash,
          at: limitsNow?.(),
          windowMs: limits.windowMs,
          knownForMs: limits.knownForMs,
        },
        decide,
      );
      if (!at) return fail('REQUEST_LIMIT', 429);
      const member = await repository.memberByUsername(username);
      const passwordOk = await passwords.verify(
        member?.passwordHash ?? (await passwords.decoyHash()),
        password,
      );
      if (!member || !passwordOk) return null;
      // The device keeps its token when it is this member's already; else it gets a new one.
      const device =
        deviceHash !== null &&
        (await repository.isKnownDevice(username, deviceHash, new Date(at.getTime() - limits.knownForMs)))
          ? meta.device!
          : newToken();
      await repository.passwordWasRight(username, addressKey, hashToken(device), at);
      return { member, device };
    },
  };
}

export type SignInThrottling = ReturnType<typeof createSignInThrottling>;

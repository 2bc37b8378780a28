import type { AppDependencies } from './app';
import { accountKey } from './modules/ledger/ledger.service';
import { createLimitStreak } from './modules/limits/limit-streak';
import { createLimitsService } from './modules/limits/limits.service';
import type { AppServices } from './services';

/**
 * Play limits (issue 29, decision 061), wired to what they count: deposits from the ledger, net
 * loss from the loss refund's play tally, open QR codes from the deposits; and handed to the
 * deposits' own paths, which judge an amount under the member's lock. The routes' checks are
 * registered by app.ts (limits.guard.ts).
 */
export function createPlayLimits(deps: AppDependencies, services: AppServices) {
  const { ledger, rewards, qrPayments, giftLinks } = services;
  const limits = createLimitsService({
    db: deps.database.db,
    now: deps.clock ?? (() => new Date()),
    depositedSince: (memberId, from, tx) => ledger.depositedSince(accountKey.wallet(memberId), from, tx),
    netLossSince: (memberId, from) => rewards.countedNetLossSince(memberId, from),
    openDeposits: (memberId, tx) => qrPayments.openTotal(memberId, tx),
    netDepositsSince: (memberId, from) => ledger.netDepositsSince(accountKey.wallet(memberId), from),
  });
  services.riskFlags.watchPlayLimits(
    createLimitStreak({
      db: deps.database.db,
      now: deps.clock ?? (() => new Date()),
      depositedSince: (memberId, from) => ledger.depositedSince(accountKey.wallet(memberId), from),
      netLossSince: (memberId, from) => rewards.netLossSince(memberId, from),
    }),
  );
  qrPayments.limitDeposits((tx, memberId, amount) => limits.admitDeposit(tx, memberId, amount));
  giftLinks.limitDeposits({
    reserve: (memberId, key, amount) => limits.reserveDeposit(memberId, key, amount),
    release: (key) => limits.releaseDeposit(key),
  });
  return limits;
}

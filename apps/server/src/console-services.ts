import type { FastifyInstance } from 'fastify';
import type { Locale } from '@wallet/contract/constants';
import type { AppDependencies } from './app';
import type { OutsideSystems } from './outside-systems';
import { createMemberNames } from './modules/accounts/member-names';
import type { AccountsService } from './modules/accounts/accounts.service';
import type { VapidKeys } from './adapters/push/push-sender';
import { createWebPushSender } from './adapters/push/web-push-sender';
import type { DeskCounts } from '@wallet/contract/http/console';
import { createDeskCounts, type DeskCountsOptions } from './modules/console/desk-counts';
import { createStaffPush } from './modules/console/staff-push';
import { createAdjustmentsService } from './modules/adjustments/adjustments.service';
import type { RiskFlagsService } from './modules/console/risk-flags';
import { createStaffNames } from './modules/console/staff-names';
import {
  giftLinkReviewSource,
  noticeReviewSource,
  qrReviewSource,
} from './modules/deposits/deposit-review-sources';
import { createDepositReviewsService } from './modules/deposits/deposit-reviews.service';
import { createSlipReviews } from './modules/slips/slip-reviews.service';
import type { LedgerService } from './modules/ledger/ledger.service';
import type { LookupsService } from './modules/lookups/lookups.service';
import { createNoticesService } from './modules/notices/notices.service';
import type { GrantsService } from './modules/promotions/engine/grants.service';
import type { WithdrawalOrdersRepository } from './modules/withdrawals/withdrawal-orders.repository';
import {
  createWithdrawalReviewService,
  WITHDRAWAL_CLAIM_MS,
} from './modules/withdrawals/withdrawal-review.service';

/**
 * The notices to the staff group chat (decision 045): made before the services that write them.
 * The staff chat reads the market's language.
 */
export function createStaffNotices(
  app: FastifyInstance,
  deps: AppDependencies,
  outside: OutsideSystems,
  ledger: LedgerService,
) {
  const { config } = deps;
  const locale: Locale = config.market === 'LA' ? 'lo' : 'th';
  return createNoticesService({
    db: deps.database.db,
    ledger,
    notifier: outside.staffNotifier,
    locale,
    largeDeposit: config.staffNotices.largeDeposit,
    // Longer than a batch of 20 notices at the notifier's 5 s limit each.
    leaseMs: 150_000,
    now: deps.clock ?? (() => new Date()),
    log: app.log,
  });
}

/**
 * The console's money desk (issue 27): the withdrawal review queue (decision 045) and balance
 * adjustments with maker-checker (decision 046), wired to the modules they read.
 */
export function createMoneyDesk(
  app: FastifyInstance,
  deps: AppDependencies,
  parts: {
    outside: OutsideSystems;
    ledger: LedgerService;
    lookups: LookupsService;
    accounts: AccountsService;
    grants: GrantsService;
    withdrawalOrders: WithdrawalOrdersRepository;
    notices: ReturnType<typeof createStaffNotices>;
    memberCurrency: Parameters<typeof createAdjustmentsService>[0]['currencyOf'];
  },
) {
  const { config, database } = deps;
  const { ledger, lookups, accounts, grants } = parts;
  const membersOf = createMemberNames(database.db);
  const staffNamesOf = createStaffNames(database.db);
  const withdrawalReviews = createWithdrawalReviewService({
    ledger,
    payout: parts.outside.payout,
    orders: parts.withdrawalOrders,
    bonusRunning: (memberId) => grants.engine.hasRunningGrant(memberId),
    memberLocked: async (memberId) => (await accounts.statusOf(memberId)) === 'inactive',
    membersOf,
    staffNamesOf,
    referenceTtlMs: config.money.referenceTtlMs,
    claimMs: WITHDRAWAL_CLAIM_MS,
    log: app.log,
  });
  const adjustments = createAdjustmentsService({
    db: database.db,
    ledger,
    currencyOf: parts.memberCurrency,
    membersOf,
    staffNamesOf,
    approvalOver: () => lookups.adjustmentApprovalOver(),
    setApprovalOver: (value, alongside) => lookups.setAdjustmentApprovalOver(value, alongside),
    tell: async (adjustment) => {
      const staff =
        (await staffNamesOf([adjustment.staffId])).get(adjustment.staffId) ?? `#${adjustment.staffId}`;
      await parts.notices.adjustmentMade({ ...adjustment, amount: Number(adjustment.amount), staff });
    },
  });
  return { withdrawalReviews, adjustments };
}

/**
 * Deposits that need a person (issue 27 section 3, decision 049): one queue over the slips, QR
 * payments, gift links and notices set aside for staff, each read and closed by its own module.
 */
export function createDepositDesk(
  deps: AppDependencies,
  parts: {
    ledger: LedgerService;
    accounts: AccountsService;
    outside: Pick<OutsideSystems, 'slipLinkSecret'>;
    riskFlags: RiskFlagsService;
  },
) {
  const { db } = deps.database;
  return createDepositReviewsService({
    db,
    ledger: parts.ledger,
    sources: {
      slip: createSlipReviews({ db, linkSecret: parts.outside.slipLinkSecret }),
      qr: qrReviewSource(db),
      gift: giftLinkReviewSource(db),
      notice: noticeReviewSource(db),
    },
    moneyProfile: (memberId) => parts.accounts.moneyProfile(memberId),
    membersOf: createMemberNames(db),
    staffNamesOf: createStaffNames(db),
    // A deposit is no withdrawal: the quick cash-out flag waits for one (decision 051).
    flagsOf: async (memberId) => (await parts.riskFlags.of(memberId, false)).flags,
  });
}

/**
 * The console's live counts (issue 27 section 7, decision 050), told to this process's staff
 * sockets, and web push to staff who allow it when a count rises (decision 053).
 */
export function createDeskWatch(
  app: FastifyInstance,
  deps: AppDependencies,
  parts: {
    sources: DeskCountsOptions['sources'];
    tellSockets: (counts: DeskCounts) => void;
    vapid: VapidKeys;
  },
) {
  const { config } = deps;
  const staffPush = createStaffPush({
    db: deps.database.db,
    pushSender: deps.pushSender ?? createWebPushSender(),
    vapid: parts.vapid,
    pushHosts: config.chatPushHosts,
    log: app.log,
  });
  const deskCounts = createDeskCounts({
    sources: parts.sources,
    tell: (counts) => {
      parts.tellSockets(counts);
      // A push never holds up the sockets; a failure is logged and the next rise is pushed.
      staffPush.counted(counts).catch((error: unknown) => app.log.warn({ err: error }, 'staff push failed'));
    },
    intervalMs: config.deskCountsIntervalMs,
    log: app.log,
  });
  app.addHook('onListen', async () => deskCounts.start());
  app.addHook('onClose', async () => deskCounts.stop());
  return { deskCounts, staffPush };
}

import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerAuth } from './platform/auth';
import { createHousekeeping } from './platform/housekeeping';
import { createJobRunner } from './platform/jobs';
import { createIdempotency } from './platform/idempotency/idempotency';
import { createRateLimiter } from './platform/rate-limit';
import { createSessionCache } from './platform/session-cache';
import { registerStaffAuth } from './platform/staff-auth';
import { localFolderStorage } from './platform/storage';
import {
  createAccountsService,
  type AccountsService,
  type CachedSession,
} from './modules/accounts/accounts.service';
import { createStaffService } from './modules/console/staff.service';
import { moneyFactsFrom } from './modules/chat/chat-money-facts';
import { attachChatSocket, type ChatSocket } from './modules/chat/chat-socket';
import { createChatService } from './modules/chat/chat.service';
import { createDepositNoticesService } from './modules/deposits/deposit-notices.service';
import { createGiftLinksService } from './modules/deposits/gift-links.service';
import { createPaymentReviewsService } from './modules/deposits/payment-reviews.service';
import { createQrPaymentsService } from './modules/deposits/qr-payments.service';
import { createGamesService } from './modules/games/games.service';
import { accountKey, createLedgerService } from './modules/ledger/ledger.service';
import { noLiveness, startLiveness } from './platform/db/liveness';
import { createLookupsService } from './modules/lookups/lookups.service';
import { referenceDataFor } from './modules/lookups/seed-data';
import { createGrantsService } from './modules/promotions/engine/grants.service';
import { createPromotionsService } from './modules/promotions/bonus/promotions.service';
import { createRewardsService } from './modules/promotions/rewards/rewards.service';
import { createSpinwheelService } from './modules/spinwheel/spinwheel.service';
import { createOtpService } from './modules/otp/otp.service';
import { holdKinds } from './modules/reconciliation/hold-kinds';
import { createReconciler } from './modules/reconciliation/reconciler';
import { createSlipReader } from './modules/slips/slip-reader';
import { createSlipsService } from './modules/slips/slips.service';
import { createStatementService } from './modules/statement/statement.service';
import { createWithdrawalsService } from './modules/withdrawals/withdrawals.service';
import { createWithdrawalOrdersRepository } from './modules/withdrawals/withdrawal-orders.repository';
import { withdrawalRefusals } from './modules/withdrawals/withdrawal-review.service';
import { createDepositDesk, createDeskWatch, createMoneyDesk, createStaffNotices } from './console-services';
import { createMemberLinks } from './modules/accounts/member-links';
import { createRiskFlags } from './modules/console/risk-flags';
import { createMemberNotes } from './modules/console/member-notes';
import { SOCKET_EVENTS } from '@wallet/contract/socket';
import type { AppDependencies } from './app';
import type { OutsideSystems } from './outside-systems';

/**
 * Builds every service of the server and wires them together: the modules' composition, in the
 * order they need one another, with their hooks on the app (closing, the schedules). app.ts
 * builds the Fastify instance around them and registers every route.
 */
export async function createServices(app: FastifyInstance, deps: AppDependencies, outside: OutsideSystems) {
  const { config, database } = deps;
  const redis = deps.redis ?? null;
  const lookups = createLookupsService({
    db: database.db,
    market: config.market,
    serviceStateCacheMs: config.serviceStateCacheMs,
  });
  // NOTE: a sandbox site seeds demo-friendly withdrawal rules (README; decision 045).
  await lookups.seed(referenceDataFor({ sandbox: config.mode === 'sandbox', ...config.deposits }));

  const sms = outside.sms;

  // NOTE: OTP asks accounts whether a phone is a member, and accounts asks OTP whether it was
  // verified; the closure breaks the cycle of construction.
  let accounts: AccountsService | null = null;
  const otp = createOtpService({
    db: database.db,
    sms,
    market: config.market,
    limits: config.otp,
    memberExists: (phone) => accounts!.usernameExists(phone),
  });
  // Money (docs/decisions/009 and 010). The reconciler's claims of a process that dies are free at
  // once: its liveness lock goes with its connection (decision 041).
  const liveness = database.url ? startLiveness(database.url, app.log) : noLiveness;
  app.addHook('onClose', async () => liveness.close());
  const ledger = createLedgerService(database.db, { liveness });
  const sessions = createSessionCache<CachedSession>({
    mode:
      config.session.cacheMs === 0
        ? { kind: 'off' }
        : redis
          ? { kind: 'redis', redis }
          : database.kind === 'embedded'
            ? { kind: 'local' }
            : { kind: 'off' },
    memberOf: (session) => session.memberId,
    ttlMs: config.session.cacheMs,
  });
  app.addHook('onClose', async () => sessions.close());
  // Every revocation closes the chat sockets of the sessions it ended, on every process, before it
  // answers (decision 038); the socket is attached below, once the chat service exists.
  let chatSocket: ChatSocket | null = null;
  const sessionsEnded = async (tokenHashes: string[]) => chatSocket?.endSessions(tokenHashes);
  accounts = createAccountsService({
    db: database.db,
    market: config.market,
    lookups,
    otp,
    coinsOf: async (memberId) => Number(await ledger.balanceOrZero(accountKey.coin(memberId))),
    login: config.login,
    session: config.session,
    // Sessions kept in memory only where every process hears revocations (decision 031): through
    // Redis, or alone on the embedded database. A server database without Redis may be shared by
    // processes that could not tell each other, so there every request reads its session.
    sessions,
    sessionsEnded,
  });
  registerAuth(app, accounts.authenticator);
  // The app's clock (tests move it) counts the windows of the in-memory limiter; Redis keeps its own.
  const limiter = createRateLimiter(redis, deps.clock && (() => deps.clock!().getTime()));
  const chatLimits = deps.chatLimits ?? config.chat;
  // Staff of the operator console: sessions of their own, never a member's (decision 024).
  const staff = createStaffService({
    db: database.db,
    limiter,
    now: deps.clock,
    // NOTE: test suites sign staff in from one address by the hundred; usernames stay limited.
    limits: config.mode === 'sandbox' ? { triesPerAddress: 100_000 } : {},
    sessionsEnded,
  });
  registerStaffAuth(app, staff.authenticator, staff.audit);

  for (const currency of config.market === 'LA' ? (['LAK', 'BAHT'] as const) : (['BAHT'] as const)) {
    await ledger.openOperatorAccounts(currency);
  }
  const idempotent = createIdempotency(database.db);
  const provider = outside.gameProvider;
  const payout = outside.payout;
  // A member's currency, as the money modules read it.
  const memberCurrency = async (memberId: number) => (await accounts.moneyProfile(memberId)).currency;
  const games = createGamesService({
    db: database.db,
    ledger,
    provider,
    currencyOf: memberCurrency,
    referenceTtlMs: config.money.referenceTtlMs,
    providerTimeoutMs: config.money.providerTimeoutMs,
    redis,
    database,
    log: app.log,
  });
  // The grant engine, and on it bonuses and promotion codes (decision 019), the invite bonus and the
  // loss refund (decision 020); folders in decision 042.
  const now = deps.clock ?? (() => new Date());
  const grants = createGrantsService({
    db: database.db,
    ledger,
    games,
    provider,
    currencyOf: memberCurrency,
    now,
    providerTimeoutMs: config.money.providerTimeoutMs,
    log: app.log,
  });
  const promotions = createPromotionsService({ grants, games, currencyOf: memberCurrency, now });
  const rewards = createRewardsService({
    db: database.db,
    ledger,
    games,
    provider,
    grants,
    referrals: accounts.referrals,
    currencyOf: memberCurrency,
    now,
    log: app.log,
  });
  await promotions.seed();
  await rewards.seed();
  // The spin wheel: coins and prizes on the ledger, bonus prizes on the grant engine (decision 021).
  const spinwheel = createSpinwheelService({
    db: database.db,
    ledger,
    grants,
    currencyOf: memberCurrency,
    now,
    log: app.log,
  });
  await spinwheel.seed();
  const withdrawalOrders = createWithdrawalOrdersRepository(database.db);
  // Notices to the staff group chat, retried from their outbox (decision 045).
  const notices = createStaffNotices(app, deps, outside, ledger);
  // Risk flags, computed from what the modules hold (decision 051).
  const riskFlags = createRiskFlags({
    links: createMemberLinks(database.db),
    lastDeposit: async (memberId) => (await ledger.recentDeposits(accountKey.wallet(memberId), 1))[0] ?? null,
    stakesSince: (memberId, from) => rewards.stakesSince(memberId, from),
    now,
  });
  const memberNotes = createMemberNotes(database.db);
  const withdrawals = createWithdrawalsService({
    ledger,
    payout,
    tagged: (memberId, tags) => memberNotes.hasAnyTag(memberId, tags),
    riskFlags: async (memberId) => (await riskFlags.of(memberId, true)).flags,
    orders: withdrawalOrders,
    rules: () => lookups.withdrawalRules(),
    limits: () => lookups.withdrawLimits(),
    moneyProfile: (memberId) => accounts.moneyProfile(memberId),
    sweepToWallet: (memberId, key) => games.transfers.sweepToWallet(memberId, key),
    // A running bonus's turnover must be met first (BONUS_CONDITION).
    beforeWithdraw: (memberId) => grants.assertWithdrawable(memberId),
    bonusRunning: (memberId) => grants.engine.hasRunningGrant(memberId),
    onHeld: (order) => notices.withdrawalWaiting(order),
    referenceTtlMs: config.money.referenceTtlMs,
    payoutTimeoutMs: config.money.payoutTimeoutMs,
    now: deps.clock,
    log: app.log,
  });
  // Deposits (docs/decisions/013-deposits.md): money enters only through these.
  // QR payments of another amount, for staff to decide (decision 017).
  const paymentReviews = createPaymentReviewsService({ db: database.db });
  const qrPayments = createQrPaymentsService({
    db: database.db,
    ledger,
    provider: outside.payments,
    reviews: paymentReviews,
    currencyOf: memberCurrency,
    // Staff change them in the console; the environment's are the seed (decision 059).
    minimums: () => lookups.qrMinimums(),
    ttlMs: config.deposits.qrTtlMs,
    log: app.log,
  });
  const giftLinks = createGiftLinksService({
    db: database.db,
    ledger,
    vouchers: outside.vouchers,
    currencyOf: memberCurrency,
    voucherTimeoutMs: config.deposits.providerTimeoutMs,
    log: app.log,
  });
  const depositNotices = createDepositNoticesService({
    db: database.db,
    manualDepositsOn: () => lookups.manualDepositsOn(),
    currencyOf: memberCurrency,
  });
  // Slips are read in worker threads, off the event loop (decision 014).
  const slipReader = createSlipReader({
    limits: { maxBytes: config.deposits.slipMaxBytes, maxPixels: config.deposits.slipMaxPixels },
    log: app.log,
  });
  app.addHook('onClose', async () => slipReader.close());
  const slips = createSlipsService({
    db: database.db,
    ledger,
    verifier: outside.slipVerifier,
    rules: () => lookups.slipRules(),
    depositAccounts: () => lookups.depositAccounts(),
    moneyProfile: (memberId) => accounts.moneyProfile(memberId),
    reader: slipReader,
    linkSecret: outside.slipLinkSecret,
    log: app.log,
  });
  // Deposits that need a person (decision 049).
  const depositReviews = createDepositDesk(deps, { ledger, accounts, outside, riskFlags });
  const statement = createStatementService({
    ledger,
    refusalsOf: (keys, locale) => withdrawalRefusals(withdrawalOrders, keys, locale),
  });
  // The console's money desk: withdrawal reviews (decision 045) and adjustments (decision 046).
  const { withdrawalReviews, adjustments } = createMoneyDesk(app, deps, {
    outside,
    ledger,
    lookups,
    accounts,
    grants,
    withdrawalOrders,
    notices,
    memberCurrency,
  });
  // Support chat (decision 023): the socket is attached to this server's own port.
  const chat = await createChatService({
    db: database.db,
    storage: deps.chatStorage ?? localFolderStorage(path.join(config.dataDir, 'chat-media')),
    memberLabel: async (memberId) => {
      // Only the member's names are used; the bank's name (in English here) is not.
      const { profile } = await accounts.profile(memberId, 'en');
      return { username: profile.username, name: profile.name };
    },
    moneyFacts: moneyFactsFrom({
      latest: async (memberId, type) => (await statement.latestOfType(memberId, type, 1, 'en'))[0] ?? null,
      slips: async (memberId) => (await slips.statement(memberId, 1, 10)).slips,
      currencyOf: memberCurrency,
    }),
    pushSender: deps.pushSender,
    pushHosts: config.chatPushHosts,
    now: deps.clock,
    log: app.log,
  });
  const socket = attachChatSocket({
    server: app.server,
    chat,
    redis,
    authenticateMember: (token, options) => accounts.authenticator.authenticate(token, options),
    authenticateStaff: (tokenHash) => app.staffAuth.authenticateHash(tokenHash),
    // NOTE: the audit takes a request; a socket's handshake gives the same who and from where.
    auditWatch: (staffId, conversationId, from) =>
      app.staffAudit.record(
        {
          staff: { id: staffId },
          ip: from.ip,
          headers: { 'user-agent': from.userAgent },
        } as unknown as FastifyRequest,
        'chat.conversation.watch',
        `conversation:${conversationId}`,
      ),
    recheckMs: config.chatSocketRecheckMs,
    trustProxyHops: config.trustProxyHops,
    allowGuestSocket: (addressKey) =>
      limiter.hit(`chat-address:${addressKey}`, chatLimits.callsPerMinutePerAddress, 60_000),
    log: app.log,
  });
  chatSocket = socket;
  app.addHook('preClose', async () => socket.close());
  // The console's live counts and web push to staff (issue 27, section 7).
  const { deskCounts, staffPush } = createDeskWatch(app, deps, {
    sources: {
      withdrawals: () => withdrawalReviews.countWaiting(),
      deposits: () => depositReviews.countWaiting(),
      adjustments: () => adjustments.countAwaiting(),
      chats: () => chat.openConversations(),
    },
    tellSockets: (counts) => socket.tellStaffHere(SOCKET_EVENTS.desk, counts),
    vapid: chat.vapid,
  });
  const reconciler = createReconciler({
    ledger,
    // Each kind's system and settle moment (decision 037).
    resolvers: holdKinds({ games, withdrawals, ...config.money }),
    sweeps: [
      { name: 'game to game transfers', run: () => games.transfers.finishGameToGame() },
      { name: 'qr payments', run: () => qrPayments.applyStoredPayments() },
      { name: 'gift links', run: () => giftLinks.sweepInterrupted() },
      { name: 'withdrawal routings never held', run: () => withdrawals.forgetUnheld() },
    ],
    // A resolver makes at most two outside calls (a game-to-game transfer's status and second leg);
    // a killed process's claims come back after this.
    leaseMs: 3 * Math.max(config.money.providerTimeoutMs, config.money.payoutTimeoutMs) + 5_000,
    // A hold with no final answer is asked again after one interval, then two, four ... (at most 5
    // min), never past its settle moment; start-up passes and probes do not count (decision 037).
    retryDelayMs: (checks) =>
      Math.min(Math.max(config.money.reconcileIntervalMs, 1_000) * 2 ** Math.min(checks, 10), 300_000),
    log: app.log,
  });
  const housekeeping = createHousekeeping({
    tasks: [
      { name: 'sessions and sign-in failures', run: () => accounts.purge() },
      { name: 'code requests', run: () => otp.purge() },
      { name: 'staff sessions and sign-in challenges', run: () => staff.purge() },
      { name: 'chat uploads never sent', run: () => chat.purgeUnsentUploads() },
      {
        name: 'idempotency answers',
        run: () => idempotent.purge(new Date(Date.now() - config.housekeeping.idempotencyRetentionMs)),
      },
    ],
    log: app.log,
  });
  // The schedules, each on its own interval and never overlapping itself (decision 042). Each claims
  // its own work, so every process runs them all. NOTE: the providers slow to show rounds must never
  // hold up the reconciler, which settles everyone's money, nor one schedule another (decisions 019
  // and 020); the reconciler's first pass, over every hold, finishes what a crash left.
  const jobs = createJobRunner(
    [
      {
        name: 'reconciliation',
        intervalMs: config.money.reconcileIntervalMs,
        run: () => reconciler.runDue(),
        atStart: () => reconciler.runOnce(),
      },
      {
        name: 'bonus schedule',
        intervalMs: config.schedules.bonusIntervalMs,
        run: (stopping) => grants.sweep(stopping),
      },
      {
        name: 'rewards schedule',
        intervalMs: config.schedules.rewardsIntervalMs,
        run: (stopping) => rewards.sweep(stopping),
      },
      {
        name: 'spin wheel schedule',
        intervalMs: config.schedules.spinWheelIntervalMs,
        run: (stopping) => spinwheel.sweep(stopping),
      },
      {
        name: 'staff notices',
        intervalMs: config.staffNotices.intervalMs,
        run: () => notices.runOnce(),
      },
      {
        name: 'housekeeping',
        intervalMs: config.housekeeping.intervalMs,
        run: () => housekeeping.runOnce(),
        ...(config.housekeeping.intervalMs > 0 ? { atStart: () => housekeeping.runOnce() } : {}),
      },
    ],
    app.log,
  );
  app.addHook('onListen', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  return {
    lookups,
    otp,
    accounts,
    staff,
    limiter,
    chatLimits,
    ledger,
    idempotent,
    games,
    grants,
    promotions,
    rewards,
    spinwheel,
    withdrawals,
    withdrawalReviews,
    qrPayments,
    giftLinks,
    depositNotices,
    slips,
    depositReviews,
    statement,
    adjustments,
    chat,
    chatSocket: socket,
    deskCounts,
    staffPush,
    notices,
    riskFlags,
    memberNotes,
    reconciler,
    housekeeping,
    jobs,
  };
}

/** Every service of the server (tests reach past HTTP through these; product code never does). */
export type AppServices = Awaited<ReturnType<typeof createServices>>;

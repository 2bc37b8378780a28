import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { QR_DEFAULT_MINIMUMS } from '@wallet/contract/http/deposit';
import type { Currency } from '@wallet/contract/money';
import type { Config } from './config';
import type { PushSender } from './adapters/push/push-sender';
import { createOutsideSystems } from './outside-systems';
import { registerAuth } from './platform/auth';
import type { DatabaseHandle } from './platform/db/database';
import { LOG_SERIALIZERS, registerErrorHandling } from './platform/errors';
import { createHousekeeping, type Housekeeping } from './platform/housekeeping';
import { createIdempotency } from './platform/idempotency/idempotency';
import { registerOpenApi, registerOpenApiRoute } from './platform/openapi';
import { createRateLimiter, perAddress } from './platform/rate-limit';
import type { RedisHandle } from './platform/redis';
import { createSessionCache } from './platform/session-cache';
import { isApiPath, registerRequestPolicy } from './platform/request-policy';
import { registerSecurityHeaders } from './platform/security-headers';
import { registerStaffAuth } from './platform/staff-auth';
import { registerStaticWeb } from './platform/static-web';
import { localFolderStorage, type FileStorage } from './platform/storage';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import {
  createAccountsService,
  type AccountsService,
  type CachedSession,
} from './modules/accounts/accounts.service';
import { consoleRoutes } from './modules/console/console.routes';
import { createMemberContextService } from './modules/console/member-context.service';
import { createStaffService, type StaffService } from './modules/console/staff.service';
import { chatConsoleRoutes } from './modules/chat/chat-console.routes';
import { moneyFactsFrom } from './modules/chat/chat-money-facts';
import { attachChatSocket, type ChatSocket } from './modules/chat/chat-socket';
import { chatRoutes, type ChatLimits } from './modules/chat/chat.routes';
import { createChatService, type ChatService } from './modules/chat/chat.service';
import { createDepositNoticesService } from './modules/deposits/deposit-notices.service';
import { depositsRoutes } from './modules/deposits/deposits.routes';
import { createGiftLinksService } from './modules/deposits/gift-links.service';
import { createPaymentReviewsService } from './modules/deposits/payment-reviews.service';
import { createQrPaymentsService } from './modules/deposits/qr-payments.service';
import { webhooksRoutes } from './modules/deposits/webhooks.routes';
import { gamesRoutes } from './modules/games/games.routes';
import { createGamesService } from './modules/games/games.service';
import { healthRoutes } from './modules/health/health.routes';
import { accountKey, createLedgerService } from './modules/ledger/ledger.service';
import { noLiveness, startLiveness } from './platform/db/liveness';
import { lookupsRoutes } from './modules/lookups/lookups.routes';
import { createLookupsService } from './modules/lookups/lookups.service';
import { referenceData } from './modules/lookups/reference-data';
import { otpRoutes } from './modules/otp/otp.routes';
import { createGrantsService, type GrantsService } from './modules/promotions/engine/grants.service';
import { promotionsRoutes } from './modules/promotions/bonus/promotions.routes';
import { createPromotionsService } from './modules/promotions/bonus/promotions.service';
import { rewardsRoutes } from './modules/promotions/rewards/rewards.routes';
import { createRewardsService, type RewardsService } from './modules/promotions/rewards/rewards.service';
import { spinwheelRoutes } from './modules/spinwheel/spinwheel.routes';
import { createSpinwheelService, type SpinwheelService } from './modules/spinwheel/spinwheel.service';
import { createOtpService } from './modules/otp/otp.service';
import { holdKinds } from './modules/reconciliation/hold-kinds';
import { createReconciler, type Reconciler } from './modules/reconciliation/reconciler';
import { slipsRoutes } from './modules/slips/slips.routes';
import { createSlipReader } from './modules/slips/slip-reader';
import { createSlipsService } from './modules/slips/slips.service';
import { statementRoutes } from './modules/statement/statement.routes';
import { createStatementService } from './modules/statement/statement.service';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes';
import { createWithdrawalsService } from './modules/withdrawals/withdrawals.service';
// NOTE: the one place product and sandbox meet; nothing else may import the sandbox (lint).
import { createSandboxWorld, sandboxPlugin } from './sandbox/sandbox.plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Finishes money pending at outside systems; runs by itself once the server listens. */
    reconciler: Reconciler;
    /** The grant engine (bonus prizes, for tests). */
    grants: GrantsService;
    /** The invite bonus and loss refund (their schedule and settings, for tests). */
    rewards: RewardsService;
    /** The spin wheel (its schedule and settings, for tests). */
    spinwheel: SpinwheelService;
    /** Deletes spent sessions, old code requests and old Idempotency-Key answers; runs by itself. */
    housekeeping: Housekeeping;
    /** Staff of the operator console (making staff members, for tests). */
    consoleStaff: StaffService;
    /** Support chat (its service, for tests). */
    chat: ChatService;
    /** Members and their sessions (a member's status and the session cache, for tests). */
    accounts: AccountsService;
    /** The chat socket (its session checks, for tests). */
    chatSocket: ChatSocket;
  }
}

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  redis?: RedisHandle | null;
  /** The built member app; defaults to apps/web/dist. */
  webDistDir?: string;
  /** The clock of bonus claims, periods and expiry; tests move it. Defaults to the system clock. */
  clock?: () => Date;
  /** Pino logger options (a test may read the log through `stream`), or false for none. */
  logger?: false | { level?: string; stream?: { write(line: string): void } };
  /** Where chat uploads are kept; defaults to a folder `chat-media` under the data folder. */
  chatStorage?: FileStorage;
  /** Chat rate limits; tests lower them. */
  chatLimits?: ChatLimits;
  /** Sends web push; defaults to the web-push package. */
  pushSender?: PushSender;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const MEDIA_DIR = fileURLToPath(new URL('../media', import.meta.url));

/**
 * Builds the whole server: every module is registered here, so this file lists every
 * route there is. The caller owns the database and Redis handles and closes them.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const redis = deps.redis ?? null;
  const app = Fastify({
    // NOTE: the serializers keep secrets and query values out of every log line.
    logger:
      deps.logger === false
        ? false
        : { level: config.logLevel, ...deps.logger, serializers: LOG_SERIALIZERS },
    bodyLimit: config.bodyLimitBytes,
    // NOTE: trusting X-Forwarded-For from anyone would let a client pick its own address and
    // dodge the per-address limits; trust only the configured number of proxies.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    // Request ids are ours: a client-chosen id could forge or muddle the log trail.
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerErrorHandling(app);
  await registerSecurityHeaders(app);
  // API answers (JSON) of 1 KB and more go out compressed, br else gzip. NOTE: only under /api:
  // the member app's files come compressed from the build (static-web.ts) and media is compressed
  // already; and request bodies are never inflated (a small body could inflate past the limit).
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) route.compress ??= false;
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
  });
  await registerOpenApi(app);

  const lookups = createLookupsService({
    db: database.db,
    market: config.market,
    serviceStateCacheMs: config.serviceStateCacheMs,
  });
  await lookups.seed(referenceData);

  // Outside systems: the sandbox ones in sandbox mode, the real ones (configured) in production.
  // NOTE: in sandbox mode they are mounted on this very server, whose port is known only once it
  // listens.
  const selfUrl = () => {
    const address = app.server.address() as AddressInfo | null;
    if (!address) throw new Error('the server is not listening yet');
    return `http://127.0.0.1:${address.port}`;
  };
  const sandboxWorld = config.mode === 'sandbox' ? createSandboxWorld(config.outside) : null;
  const outside = createOutsideSystems(config, sandboxWorld, selfUrl);
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
  app.decorate('accounts', accounts);
  registerAuth(app, accounts.authenticator);
  const limiter = createRateLimiter(redis);
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
  app.decorate('consoleStaff', staff);

  for (const currency of config.market === 'LA' ? (['LAK', 'BAHT'] as const) : (['BAHT'] as const)) {
    await ledger.openOperatorAccounts(currency);
  }
  const idempotent = createIdempotency(database.db);
  const provider = outside.gameProvider;
  const payout = outside.payout;
  // A member's currency, as the money modules read it.
  const memberCurrency = async (memberId: number) =>
    (await accounts.moneyProfile(memberId)).currency as Currency;
  const games = createGamesService({
    db: database.db,
    ledger,
    provider,
    currencyOf: memberCurrency,
    referenceTtlMs: config.money.referenceTtlMs,
    providerTimeoutMs: config.money.providerTimeoutMs,
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
  app.decorate('grants', grants);
  app.decorate('rewards', rewards);
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
  app.decorate('spinwheel', spinwheel);
  const withdrawals = createWithdrawalsService({
    ledger,
    payout,
    limits: () => lookups.withdrawLimits(),
    moneyProfile: (memberId) => accounts.moneyProfile(memberId),
    sweepToWallet: (memberId, key) => games.transfers.sweepToWallet(memberId, key),
    // A running bonus's turnover must be met first (BONUS_CONDITION).
    beforeWithdraw: (memberId) => grants.assertWithdrawable(memberId),
    bonusRunning: (memberId) => grants.engine.hasRunningGrant(memberId),
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
    minimums: { ...QR_DEFAULT_MINIMUMS, ...config.deposits.qrMinimumOverrides },
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
  const statement = createStatementService({ ledger });
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
  app.decorate('chat', chat);
  const socket = attachChatSocket({
    server: app.server,
    chat,
    redis,
    authenticateMember: (token, options) => accounts.authenticator.authenticate(token, options),
    authenticateStaff: (token) => app.staffAuth.authenticate(token),
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
  app.decorate('chatSocket', socket);
  app.addHook('preClose', async () => socket.close());
  const reconciler = createReconciler({
    ledger,
    // Each kind's system and settle moment (decision 037).
    resolvers: holdKinds({ games, withdrawals, ...config.money }),
    sweeps: [
      { name: 'game to game transfers', run: () => games.transfers.finishGameToGame() },
      { name: 'qr payments', run: () => qrPayments.applyStoredPayments() },
      { name: 'gift links', run: () => giftLinks.sweepInterrupted() },
    ],
    intervalMs: config.money.reconcileIntervalMs,
    // A resolver makes at most two outside calls (a game-to-game transfer's status and second leg);
    // a killed process's claims come back after this.
    leaseMs: 3 * Math.max(config.money.providerTimeoutMs, config.money.payoutTimeoutMs) + 5_000,
    // A hold with no final answer is asked again after one interval, then two, four ... (at most 5
    // min), never past its settle moment; start-up passes and probes do not count (decision 037).
    retryDelayMs: (checks) =>
      Math.min(Math.max(config.money.reconcileIntervalMs, 1_000) * 2 ** Math.min(checks, 10), 300_000),
    log: app.log,
  });
  app.decorate('reconciler', reconciler);
  // NOTE: at start-up first, so a crash at any point is finished by the next start.
  app.addHook('onListen', async () => {
    reconciler.runOnce().catch((error: unknown) => app.log.error({ err: error }, 'reconciliation failed'));
    reconciler.start();
  });
  app.addHook('onClose', async () => reconciler.stop());
  // The bonus schedule and the rewards schedule (invite commission, closing refund periods) run
  // on timers of their own: providers slow to show rounds must never hold up the reconciler, which
  // settles everyone's money, nor one schedule the other (decisions 019 and 020).
  const ownTimer = (name: string, run: (stopping: () => boolean) => Promise<unknown>) => {
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<unknown> | null = null;
    let stopping = false;
    const tick = () => {
      running ??= run(() => stopping)
        .catch((error: unknown) => app.log.error({ err: error }, `${name} failed`))
        .finally(() => (running = null));
    };
    app.addHook('onListen', async () => {
      if (config.money.reconcileIntervalMs > 0) timer = setInterval(tick, config.money.reconcileIntervalMs);
    });
    app.addHook('onClose', async () => {
      stopping = true;
      if (timer) clearInterval(timer);
      await running;
    });
  };
  ownTimer('bonus schedule', (stopping) => grants.sweep(stopping));
  ownTimer('rewards schedule', (stopping) => rewards.sweep(stopping));
  ownTimer('spin wheel schedule', (stopping) => spinwheel.sweep(stopping));
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
    intervalMs: config.housekeeping.intervalMs,
    log: app.log,
  });
  app.decorate('housekeeping', housekeeping);
  app.addHook('onListen', async () => housekeeping.start());
  app.addHook('onClose', async () => housekeeping.stop());
  // The public forms tell whether a phone or bank account is registered: limit the asking.
  const formLimit = perAddress(limiter, 'forms', config.forms.limitPerAddress, config.forms.windowMs);

  registerRequestPolicy(app, () => lookups.isTerminated());

  await app.register(healthRoutes, { config, database, redis });
  await app.register(lookupsRoutes, { lookups, market: config.market });
  await app.register(otpRoutes, { otp, market: config.market, formLimit });
  await app.register(accountsRoutes, { accounts, market: config.market, formLimit });
  await app.register(gamesRoutes, { games, idempotent });
  await app.register(withdrawalsRoutes, { withdrawals, idempotent });
  await app.register(statementRoutes, { statement, market: config.market });
  await app.register(promotionsRoutes, { promotions, market: config.market, limiter });
  await app.register(rewardsRoutes, { rewards, market: config.market });
  await app.register(spinwheelRoutes, { spinwheel, idempotent, market: config.market });
  await app.register(depositsRoutes, { qrPayments, giftLinks, notices: depositNotices, idempotent });
  await app.register(slipsRoutes, {
    slips,
    idempotent,
    maxBytes: config.deposits.slipMaxBytes,
    limiter,
    perMember: { limit: config.deposits.slipUploadsPerHour, windowMs: 3_600_000 },
  });
  await app.register(chatRoutes, {
    chat,
    limiter,
    limits: chatLimits,
    market: config.market,
  });
  await app.register(chatConsoleRoutes, { chat });
  await app.register(consoleRoutes, {
    staff,
    market: config.market,
    memberContext: createMemberContextService({
      accounts,
      statement,
      slips,
      walletOf: (memberId) => ledger.balanceOrZero(accountKey.wallet(memberId)),
    }),
  });
  await app.register(webhooksRoutes, {
    qrPayments,
    secret: outside.webhookSecret,
    toleranceSeconds: config.deposits.webhookToleranceSeconds,
  });
  if (sandboxWorld) {
    await app.register(sandboxPlugin, {
      world: sandboxWorld,
      db: database.db,
      lookups,
      spinwheel,
      createStaff: (input) => staff.create(input),
      ledger,
      idempotent,
      currencyOf: (id) => accounts.moneyProfile(id),
      accountHolder: (bankCode, accountNo) => accounts.accountHolder(bankCode, accountNo),
      playerOf: async (memberId, gameCode) => {
        const rows = await games.accounts.accountsOf(memberId);
        return rows.find((row) => row.gameCode === gameCode)?.username ?? null;
      },
      selfUrl,
      promptPayId: config.deposits.sandboxPromptPayId,
      payoutDelayMs: config.money.sandboxPayoutDelayMs,
    });
  }

  registerOpenApiRoute(app);
  await registerStaticWeb(app, { webDistDir: deps.webDistDir ?? DEFAULT_WEB_DIST, mediaDir: MEDIA_DIR });
  return app;
}

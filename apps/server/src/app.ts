import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { PushSender } from './adapters/push/push-sender';
import { createOutsideSystems } from './outside-systems';
import type { DatabaseHandle } from './platform/db/database';
import { LOG_SERIALIZERS, registerErrorHandling } from './platform/errors';
import { registerOpenApi, registerOpenApiRoute } from './platform/openapi';
import { perAddress } from './platform/rate-limit';
import type { RedisHandle } from './platform/redis';
import { isApiPath, registerRequestPolicy } from './platform/request-policy';
import { registerSecurityHeaders } from './platform/security-headers';
import { registerStaticWeb } from './platform/static-web';
import { localFolderStorage, type FileStorage } from './platform/storage';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { adjustmentsConsoleRoutes } from './modules/adjustments/adjustments.console.routes';
import { auditRoutes } from './modules/console/audit.routes';
import { createAuditLog } from './modules/console/audit-log';
import { consoleRoutes } from './modules/console/console.routes';
import { createMemberContextService } from './modules/console/member-context.service';
import { createMemberViewService } from './modules/console/member-view.service';
import { membersRoutes } from './modules/console/members.routes';
import { staffDeskRoutes } from './modules/console/staff-desk.routes';
import { chatConsoleRoutes } from './modules/chat/chat-console.routes';
import { chatRoutes, type ChatLimits } from './modules/chat/chat.routes';
import { depositsRoutes } from './modules/deposits/deposits.routes';
import { depositReviewsConsoleRoutes } from './modules/deposits/deposit-reviews-console.routes';
import { webhooksRoutes } from './modules/deposits/webhooks.routes';
import { gamesRoutes } from './modules/games/games.routes';
import { healthRoutes } from './modules/health/health.routes';
import { accountKey } from './modules/ledger/ledger.service';
import { lookupsRoutes } from './modules/lookups/lookups.routes';
import { otpRoutes } from './modules/otp/otp.routes';
import { promotionsRoutes } from './modules/promotions/bonus/promotions.routes';
import { bonusConsoleRoutes } from './modules/promotions/bonus/bonus-console.routes';
import { offersConsoleRoutes } from './modules/promotions/bonus/offers-console.routes';
import { offerBannersRoutes } from './modules/promotions/bonus/offer-banners.routes';
import { rewardsRoutes } from './modules/promotions/rewards/rewards.routes';
import { programsConsoleRoutes } from './modules/promotions/rewards/programs-console.routes';
import { spinwheelRoutes } from './modules/spinwheel/spinwheel.routes';
import { wheelConsoleRoutes } from './modules/spinwheel/wheel-console.routes';
import { slipsRoutes } from './modules/slips/slips.routes';
import { statementRoutes } from './modules/statement/statement.routes';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes';
import { withdrawalsConsoleRoutes } from './modules/withdrawals/withdrawals-console.routes';
import { memberLockRoutes } from './modules/console/member-lock.routes';
import { memberBankRoutes } from './modules/console/member-bank.routes';
import { memberNotesRoutes } from './modules/console/member-notes.routes';
import { createStaffNames } from './modules/console/staff-names';
import { memberRiskRoutes } from './modules/console/member-risk.routes';
import { depositAccountsRoutes } from './modules/lookups/deposit-accounts.routes';
import { createDepositAccountsRepository } from './modules/lookups/deposit-accounts.repository';
import { siteSettingsRoutes } from './modules/lookups/site-settings.routes';
import { gameSettingsConsoleRoutes } from './modules/games/game-settings-console.routes';
import { staffPushRoutes } from './modules/console/staff-push.routes';
import { deskCountsRoutes, nudgeDeskCountsAfterChanges } from './modules/console/desk-counts.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { createReports } from './reports-services';
// NOTE: the one place product and sandbox meet; nothing else may import the sandbox (lint).
import { createSandboxWorld, sandboxPlugin } from './sandbox/sandbox.plugin';
import { createServices, type AppServices } from './services';
import { createPlayLimits } from './limits-services';
import { registerPlayGuards } from './modules/limits/limits.guard';
import { limitsRoutes } from './modules/limits/limits.routes';
import { limitsConsoleRoutes } from './modules/limits/limits-console.routes';

/** The built server and the services behind it. */
export interface BuiltApp {
  app: FastifyInstance;
  services: AppServices;
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
  /** Where offers' banner images are kept; defaults to a folder `offer-banners` under the data folder. */
  bannerStorage?: FileStorage;
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
export async function buildApp(deps: AppDependencies): Promise<BuiltApp> {
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
  const services = await createServices(app, deps, outside);
  const { lookups, otp, accounts, staff, limiter, chatLimits, ledger, idempotent, games } = services;
  const { promotions, rewards, spinwheel, withdrawals, qrPayments, giftLinks, depositNotices, slips } =
    services;
  const { statement, chat } = services;

  // The public forms tell whether a phone or bank account is registered: limit the asking.
  const formLimit = perAddress(limiter, 'forms', config.forms.limitPerAddress, config.forms.windowMs);

  registerRequestPolicy(app, () => lookups.isTerminated());
  // Play limits (issue 29): their checks join every route that moves money toward play, so they
  // are registered before the routes.
  const limits = createPlayLimits(deps, services);
  registerPlayGuards(app, limits, {
    membersHolding: (username, bank) => accounts.membersHolding(username, bank),
  });
  nudgeDeskCountsAfterChanges(app, services.deskCounts);

  await app.register(healthRoutes, { config, database, redis });
  await app.register(lookupsRoutes, { lookups, market: config.market });
  await app.register(otpRoutes, { otp, market: config.market, formLimit });
  await app.register(accountsRoutes, { accounts, market: config.market, formLimit });
  await app.register(limitsRoutes, { limits });
  await app.register(gamesRoutes, { games, idempotent });
  await app.register(withdrawalsRoutes, { withdrawals, idempotent });
  await app.register(statementRoutes, { statement, market: config.market });
  await app.register(promotionsRoutes, {
    promotions,
    market: config.market,
    limiter,
    assertNotBlocked: (memberId) => limits.assertNotBlocked(memberId),
  });
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
  await app.register(bonusConsoleRoutes, { promotions, market: config.market });
  await app.register(offersConsoleRoutes, { grants: services.grants });
  await app.register(offerBannersRoutes, {
    grants: services.grants,
    storage: deps.bannerStorage ?? localFolderStorage(path.join(config.dataDir, 'offer-banners')),
  });
  await app.register(wheelConsoleRoutes, { db: database.db });
  await app.register(programsConsoleRoutes, { db: database.db });
  await app.register(memberBankRoutes, { accounts });
  await app.register(memberLockRoutes, {
    accounts,
    withdrawalsLocked: (memberId, locked) => services.withdrawalReviews.memberLocked(memberId, locked),
  });
  await app.register(memberNotesRoutes, {
    notes: services.memberNotes,
    memberExists: async (memberId) => (await accounts.statusOf(memberId)) !== null,
    staffNamesOf: createStaffNames(deps.database.db),
  });
  await app.register(memberRiskRoutes, {
    riskFlags: services.riskFlags,
    withdrawing: async (memberId) => (await withdrawals.pending(memberId)).length > 0,
  });
  await app.register(limitsConsoleRoutes, {
    limits,
    memberExists: async (memberId) => (await accounts.statusOf(memberId)) !== null,
    staffNamesOf: createStaffNames(deps.database.db),
  });
  await app.register(deskCountsRoutes, { deskCounts: services.deskCounts });
  await app.register(staffPushRoutes, { staffPush: services.staffPush });
  await app.register(siteSettingsRoutes, { lookups: services.lookups });
  await app.register(gameSettingsConsoleRoutes, { games });
  await app.register(depositAccountsRoutes, { accounts: createDepositAccountsRepository(deps.database.db) });
  await app.register(withdrawalsConsoleRoutes, {
    reviews: services.withdrawalReviews,
    rules: { read: () => lookups.withdrawalRules(), write: (rules) => lookups.setWithdrawalRules(rules) },
  });
  await app.register(adjustmentsConsoleRoutes, { adjustments: services.adjustments });
  await app.register(depositReviewsConsoleRoutes, { reviews: services.depositReviews });
  await app.register(reportsRoutes, createReports(app, deps));
  const memberContext = createMemberContextService({
    accounts,
    statement,
    slips,
    walletOf: (memberId) => ledger.balanceOrZero(accountKey.wallet(memberId)),
  });
  await app.register(consoleRoutes, { staff, market: config.market, memberContext });
  await app.register(membersRoutes, {
    members: createMemberViewService({
      accounts,
      memberContext,
      games: games.accounts,
      grants: services.grants,
      chat,
    }),
    accounts,
    statement,
    market: config.market,
  });
  await app.register(staffDeskRoutes, { desk: staff.desk });
  await app.register(auditRoutes, { auditLog: createAuditLog(database.db) });
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
  return { app, services };
}

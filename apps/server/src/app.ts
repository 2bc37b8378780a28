import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@wallet/contract/constants';
import type { Config } from './config';
import type { DatabaseHandle } from './platform/db/database';
import { AppError, registerErrorHandling } from './platform/errors';
import { registerOpenApi, registerOpenApiRoute } from './platform/openapi';
import type { RedisHandle } from './platform/redis';
import { closesWhenTerminated, isApiPath, needsClientHeader, pathOf } from './platform/route-policy';
import { registerSecurityHeaders } from './platform/security-headers';
import { registerStaticWeb } from './platform/static-web';
import { healthRoutes } from './modules/health/health.routes';
import { lookupsRoutes } from './modules/lookups/lookups.routes';
import { createLookupsService } from './modules/lookups/lookups.service';
import { referenceData } from './modules/lookups/reference-data';
import { sandboxRoutes } from './modules/sandbox/sandbox.routes';
import { HttpSmsSender } from './adapters/sms/http-sms-sender';
import { SandboxSmsSender } from './adapters/sms/sandbox-sms-sender';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { createAccountsService, type AccountsService } from './modules/accounts/accounts.service';
import { otpRoutes } from './modules/otp/otp.routes';
import { createOtpService } from './modules/otp/otp.service';
import { registerAuth } from './platform/auth';
import { createRateLimiter, perAddress } from './platform/rate-limit';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  redis?: RedisHandle | null;
  /** The built member app; defaults to apps/web/dist. */
  webDistDir?: string;
  /** Pino logger options; tests pass false to keep their output clean. */
  logger?: boolean | object;
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
    logger: deps.logger ?? { level: config.logLevel },
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
  await registerOpenApi(app);

  const lookups = createLookupsService({
    db: database.db,
    market: config.market,
    serviceStateCacheMs: config.serviceStateCacheMs,
  });
  await lookups.seed(referenceData);

  // Outside systems: the sandbox ones in sandbox mode, the real ones (configured) in production.
  const sandboxSms = config.mode === 'sandbox' ? new SandboxSmsSender() : null;
  const sms =
    sandboxSms ??
    new HttpSmsSender({ url: config.outside.SMS_GATEWAY_URL!, token: config.outside.SMS_GATEWAY_TOKEN! });

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
  accounts = createAccountsService({
    db: database.db,
    market: config.market,
    lookups,
    otp,
    login: config.login,
    session: config.session,
  });
  registerAuth(app, accounts.authenticator);
  const limiter = createRateLimiter(redis);
  // The public forms tell whether a phone or bank account is registered: limit the asking.
  const formLimit = perAddress(limiter, 'forms', config.forms.limitPerAddress, config.forms.windowMs);

  // Order matters: an unknown client is refused before anything else is looked at.
  app.addHook('onRequest', async (request) => {
    const urlPath = pathOf(request.url);
    if (needsClientHeader(urlPath) && request.headers[CLIENT_HEADER] !== CLIENT_HEADER_VALUE) {
      throw new AppError('CLIENT_HEADER_MISSING', 400);
    }
    if (closesWhenTerminated(urlPath) && (await lookups.isTerminated())) {
      throw new AppError('gone', 410);
    }
  });

  // NOTE: API answers are personal and change by the second; and some statuses (410 gone, 404)
  // are cacheable by default, so a browser would keep answering "gone" after the service is back.
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(pathOf(request.url))) reply.header('cache-control', 'no-store');
  });

  await app.register(healthRoutes, { config, database, redis });
  await app.register(lookupsRoutes, { lookups, market: config.market });
  await app.register(otpRoutes, { otp, market: config.market, formLimit });
  await app.register(accountsRoutes, { accounts, market: config.market, formLimit });
  if (sandboxSms) {
    await app.register(sandboxRoutes, { lookups, sms: sandboxSms });
  }

  registerOpenApiRoute(app);
  await registerStaticWeb(app, { webDistDir: deps.webDistDir ?? DEFAULT_WEB_DIST, mediaDir: MEDIA_DIR });
  return app;
}

import path from 'node:path';
import { z } from 'zod';
import { MARKETS } from '@wallet/contract/constants';
import {
  STAFF_NOTICES_ENV,
  staffNoticesConfig,
  staffNoticesProblems,
  type StaffNoticesConfig,
} from './config-notices';

/**
 * The server's whole configuration, read from the environment once and validated here.
 * NOTE: this is the only file that may read process.env (an ESLint rule enforces it).
 */

const optionalUrl = z.url().optional();
const optionalText = z.string().min(1).optional();

const EnvSchema = z.object({
  /**
   * NOTE: production unless sandbox is chosen (docs/decisions/016-sandbox-mode-is-chosen.md): a
   * sandbox publishes every member's OTP codes and hands out free credit.
   */
  APP_MODE: z.enum(['sandbox', 'production']).default('production'),
  /** `yes`: a sandbox on a PostgreSQL server (DATABASE_URL) is meant, not a forgotten APP_MODE. */
  SANDBOX_WITH_DATABASE_URL: z.literal('yes', { error: 'must be yes, or unset' }).optional(),
  MARKET: z.enum(MARKETS).default('TH'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Set by npm: the folder npm was started in; a relative DATA_DIR is taken from there. */
  INIT_CWD: z.string().min(1).optional(),
  DATABASE_URL: optionalUrl,
  /** How long a starting server waits for PostgreSQL at DATABASE_URL to answer (0: one try). */
  DATABASE_START_WAIT_SECONDS: z.coerce.number().int().min(0).default(120),
  REDIS_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Largest JSON body accepted, in bytes. */
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /** Seconds a read of the service-active flag may be reused by one process. */
  SERVICE_STATE_CACHE_SECONDS: z.coerce.number().int().min(0).default(5),
  /**
   * Hops of reverse proxies whose X-Forwarded-For is trusted (0: use the socket address). Required
   * in production: behind a load balancer 0 would make every client one address. Sandbox: 0.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).optional(),
  /**
   * Calls of the public registration forms (OTP send, validate, register) one address may make
   * per window. Default: 30 in production, 2000 in sandbox.
   */
  FORM_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().optional(),
  FORM_LIMIT_WINDOW_MINUTES: z.coerce.number().int().positive().default(10),
  /** Support chat limits (decision 023): per member or guest, and per address. */
  CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().positive().default(30),
  CHAT_UPLOADS_PER_HOUR: z.coerce.number().int().positive().default(30),
  CHAT_GUESTS_PER_HOUR: z.coerce.number().int().positive().optional(),
  CHAT_CALLS_PER_MINUTE_PER_ADDRESS: z.coerce.number().int().positive().optional(),
  /** How often each process asks again whether its chat sockets' sessions are alive. */
  CHAT_SOCKET_RECHECK_SECONDS: z.coerce.number().int().min(0).default(30),
  DESK_COUNTS_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(5),
  /**
   * Hosts of the web push services (comma-separated; `*.` takes subdomains): the server posts only
   * there, at port 443; an entry `host:port` allows that port instead (a test's own push service).
   */
  CHAT_PUSH_HOSTS: z
    .string()
    .default(
      'fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.push.apple.com,*.notify.windows.com',
    )
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  // OTP of registration.
  OTP_TTL_SECONDS: z.coerce.number().int().positive().default(300),
  OTP_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
  OTP_RESEND_SECONDS: z.coerce.number().int().min(0).default(60),
  OTP_DAILY_PER_PHONE: z.coerce.number().int().positive().default(10),
  /** Default: 50 in production, 1000 in sandbox (test suites register many members from one address). */
  OTP_DAILY_PER_ADDRESS: z.coerce.number().int().positive().optional(),
  /** How long a verified phone may register without a new code. */
  OTP_VERIFIED_WINDOW_MINUTES: z.coerce.number().int().positive().default(30),
  // Sign-in and password changes (docs/decisions/015-sign-in-throttling.md).
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  /** Wrong passwords for one phone from one address before that address is refused for that phone. */
  LOGIN_MAX_FAILURES_PER_PHONE_AND_ADDRESS: z.coerce.number().int().positive().default(5),
  /**
   * A phone's failure level (wrong passwords from every address, one forgotten every
   * LOGIN_PHONE_FORGET_MINUTES) past which each try from an unknown device waits a back-off.
   */
  LOGIN_PHONE_BACKOFF_AFTER: z.coerce.number().int().positive().default(50),
  LOGIN_PHONE_FORGET_MINUTES: z.coerce.number().int().positive().default(5),
  /** The longest back-off (it doubles from 1 s): past the level, about one try every this many seconds. */
  LOGIN_BACKOFF_MAX_SECONDS: z.coerce.number().int().positive().default(60),
  /** Wrong passwords from one address (any phones) in the window before its tries wait a back-off. */
  LOGIN_ADDRESS_BACKOFF_AFTER: z.coerce.number().int().positive().optional(),
  /** Phones failing from one address before a phone that failed there waits a short back-off. */
  LOGIN_BUSY_ADDRESS_PHONES: z.coerce.number().int().positive().optional(),
  /** How long a device (its cookie) or an address a member signed in from stays known. */
  LOGIN_KNOWN_DAYS: z.coerce.number().int().positive().default(90),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(720),
  SESSION_MAX_DAYS: z.coerce.number().int().positive().default(30),
  /** How long a process keeps a session it read in memory (decision 031); 0: never. */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  // Money leaving for outside systems (docs/decisions/010-two-phase-outside-money.md).
  /** How long a call to a game provider may take before its outcome counts as unknown. */
  GAME_PROVIDER_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * A reference we send a provider or the payout service expires after this long: they refuse it
   * for good afterwards, so one they never saw is then a definite failure.
   */
  REFERENCE_TTL_SECONDS: z.coerce.number().int().positive().default(120),
  /** Seconds between reconciliation passes over pending money (0: only at start-up). */
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(5),
  // Schedules of their own (platform/jobs.ts, decision 042); 0: never.
  /** Seconds between bonus schedule passes: claims cut off before their credit, closings, turnover. */
  BONUS_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(5),
  /** Seconds between rewards schedule passes: invitee deposits, closed invite and refund periods. */
  REWARDS_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(5),
  /** Seconds between spin wheel schedule passes: coins for new deposits, expired coupons. */
  SPIN_WHEEL_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(5),
  /** Seconds between builds of the reports' closed market days (decision 055). */
  REPORTS_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(600),
  /** `ledger:check` reports money pending for longer than this. */
  PENDING_ALERT_MINUTES: z.coerce.number().int().positive().default(30),
  PAYOUT_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Sandbox payout service: seconds between a withdrawal's request and its payment. */
  SANDBOX_PAYOUT_DELAY_SECONDS: z.coerce.number().int().min(0).default(20),
  // Housekeeping.
  /** Minutes between passes that delete spent sessions, old code requests and old answers (0: never). */
  HOUSEKEEPING_INTERVAL_MINUTES: z.coerce.number().int().min(0).default(60),
  /** How long an Idempotency-Key's answer is kept for retries. */
  IDEMPOTENCY_RETENTION_HOURS: z.coerce.number().int().positive().default(72),
  // Deposits.
  /** How long a QR payment can be paid. */
  QR_TTL_MINUTES: z.coerce.number().int().positive().default(15),
  /** Minimums of the PAYTIMZ and FP QR channels in baht (spec section 9: 10 unless configured). */
  QR_MIN_DEPOSIT_PAYTIMZ: z.coerce.number().int().positive().optional(),
  QR_MIN_DEPOSIT_FP: z.coerce.number().int().positive().optional(),
  /** Payment-gateway webhooks signed longer ago (or ahead) than this are refused. */
  WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().positive().default(300),
  /** How long a call to the payment gateway or the voucher service may take. */
  DEPOSIT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Slip uploads: the largest file, and the most pixels an image may declare (a decompression bomb). */
  SLIP_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 1024 * 1024),
  SLIP_MAX_PIXELS: z.coerce.number().int().positive().default(50_000_000),
  /** Slip uploads one member may make in an hour (each is read, which takes CPU). */
  SLIP_UPLOADS_PER_HOUR: z.coerce.number().int().positive().default(30),
  /** The operator's PromptPay id the sandbox gateway's QR payloads pay to (13-digit tax id or phone). */
  SANDBOX_PROMPTPAY_ID: z
    .string()
    .regex(/^(\d{13}|0\d{9})$/)
    .default('0105560000000'),
  // Real outside systems. Sandbox mode ignores them; production refuses to start without them.
  SMS_GATEWAY_URL: optionalUrl,
  SMS_GATEWAY_TOKEN: optionalText,
  GAME_PROVIDER_URL: optionalUrl,
  GAME_PROVIDER_KEY: optionalText,
  PAYMENT_PROVIDER_URL: optionalUrl,
  PAYMENT_WEBHOOK_SECRET: optionalText,
  PAYMENT_PROVIDER_KEY: optionalText,
  VOUCHER_URL: optionalUrl,
  VOUCHER_KEY: optionalText,
  SLIP_VERIFIER_URL: optionalUrl,
  SLIP_VERIFIER_KEY: optionalText,
  /** Signs the links to slip images; shared by every server process. */
  SLIP_LINK_SECRET: optionalText,
  PAYOUT_URL: optionalUrl,
  PAYOUT_KEY: optionalText,
  ...STAFF_NOTICES_ENV,
});

/**
 * Variables no longer read whose names would say something else now; set, they stop the start
 * rather than be ignored (docs/decisions/015-sign-in-throttling.md).
 */
const RETIRED: Record<string, string> = {
  LOGIN_MAX_FAILURES_PER_PHONE:
    'no longer read (it meant failures that lock a phone out, then a per-phone ceiling); set LOGIN_PHONE_BACKOFF_AFTER, the failure level past which tries at a phone wait a back-off',
  LOGIN_MAX_FAILURES_PER_ADDRESS:
    'no longer read; set LOGIN_ADDRESS_BACKOFF_AFTER (failures from one address before it waits a back-off) or LOGIN_BUSY_ADDRESS_PHONES (phones failing there before each waits a short one)',
};

/** What production needs that the sandbox provides by itself. */
const PRODUCTION_REQUIRED = [
  'DATABASE_URL',
  // Limits and queues must hold across every process.
  'REDIS_URL',
  'SMS_GATEWAY_URL',
  'SMS_GATEWAY_TOKEN',
  'GAME_PROVIDER_URL',
  'GAME_PROVIDER_KEY',
  'PAYMENT_PROVIDER_URL',
  'PAYMENT_WEBHOOK_SECRET',
  'PAYMENT_PROVIDER_KEY',
  'VOUCHER_URL',
  'VOUCHER_KEY',
  'SLIP_VERIFIER_URL',
  'SLIP_VERIFIER_KEY',
  'SLIP_LINK_SECRET',
  'PAYOUT_URL',
  'PAYOUT_KEY',
] as const satisfies readonly (keyof z.infer<typeof EnvSchema>)[];

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  mode: Env['APP_MODE'];
  market: Env['MARKET'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseStartWaitMs: number;
  redisUrl: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  bodyLimitBytes: number;
  serviceStateCacheMs: number;
  trustProxyHops: number;
  otp: {
    ttlMs: number;
    maxAttempts: number;
    resendMs: number;
    dailyPerPhone: number;
    dailyPerAddress: number;
    verifiedWindowMs: number;
  };
  /** Sign-in throttling (docs/decisions/015-sign-in-throttling.md). */
  login: {
    windowMs: number;
    maxFailuresPerPhoneAndAddress: number;
    /** A phone's failure level past which unknown devices wait a back-off. */
    phoneBackoffAfter: number;
    /** The phone's failure level drops by one this often. */
    phoneForgetMs: number;
    backoffMaxMs: number;
    /** Failures from one address in the window (any phones) before its tries wait a back-off. */
    addressBackoffAfter: number;
    /** Distinct phones that failed from one address before each of them waits a short back-off. */
    busyAddressPhones: number;
    /** How long a device or address a member signed in from stays known. */
    knownForMs: number;
  };
  /** Per-address limit of the public registration forms. */
  forms: { limitPerAddress: number; windowMs: number };
  chat: {
    messagesPerMinute: number;
    uploadsPerHour: number;
    guestsPerHour: number;
    callsPerMinutePerAddress: number;
  };
  chatPushHosts: string[];
  chatSocketRecheckMs: number;
  /** How often each process reads the console's live counts again (0: only after its own actions). */
  deskCountsIntervalMs: number;
  session: { idleMs: number; maxAgeMs: number; cacheMs: number };
  /** Money leaving for outside systems. */
  money: {
    providerTimeoutMs: number;
    referenceTtlMs: number;
    reconcileIntervalMs: number;
    pendingAlertMs: number;
    payoutTimeoutMs: number;
    sandboxPayoutDelayMs: number;
  };
  deposits: {
    qrTtlMs: number;
    /** Minor units; only the overridable channels. */
    qrMinimumOverrides: { PAYTIMZ?: number; FP?: number };
    webhookToleranceSeconds: number;
    providerTimeoutMs: number;
    sandboxPromptPayId: string;
    slipMaxBytes: number;
    slipMaxPixels: number;
    slipUploadsPerHour: number;
  };
  housekeeping: { intervalMs: number; idempotencyRetentionMs: number };
  /** The schedules besides the reconciler's and housekeeping's (0: never). */
  schedules: {
    bonusIntervalMs: number;
    rewardsIntervalMs: number;
    spinWheelIntervalMs: number;
    reportsIntervalMs: number;
  };
  /** Settings of the real outside systems; all set in production, possibly none in sandbox. */
  outside: Pick<Env, (typeof PRODUCTION_REQUIRED)[number]>;
  /** The staff group chat and its notices (decision 045). */
  staffNotices: StaffNoticesConfig;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type EnvSource = Record<string, string | undefined>;

/** Validates an environment; throws a ConfigError that lists every bad variable at once. */
export function loadConfig(source: EnvSource = readEnvironment()): Config {
  // Empty strings mean "not set", as they do in most shells and .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  for (const [name, why] of Object.entries(RETIRED)) if (name in cleaned) problems.push(`${name}: ${why}`);
  if (parsed.success && parsed.data.APP_MODE === 'production') {
    for (const name of PRODUCTION_REQUIRED) {
      if (parsed.data[name] === undefined) problems.push(`${name}: required when APP_MODE=production`);
    }
    if (parsed.data.TRUST_PROXY_HOPS === undefined) {
      problems.push(
        'TRUST_PROXY_HOPS: required when APP_MODE=production: the number of reverse proxies (load balancers) ' +
          'in front of the server, 0 if clients connect to it directly; with a wrong 0 every client is the ' +
          "balancer's one address to the per-address limits",
      );
    }
    if (problems.length > 0 && cleaned.APP_MODE === undefined) {
      problems.unshift(
        'APP_MODE: unset, so production; for the sandbox run npm start or set APP_MODE=sandbox',
      );
    }
  }
  if (
    parsed.success &&
    parsed.data.APP_MODE === 'sandbox' &&
    parsed.data.DATABASE_URL !== undefined &&
    parsed.data.SANDBOX_WITH_DATABASE_URL === undefined
  ) {
    problems.push(
      'APP_MODE: sandbox with a DATABASE_URL (as a production server would have) publishes OTP codes ' +
        'and hands out credit; set SANDBOX_WITH_DATABASE_URL=yes if that database is a sandbox',
    );
  }
  if (parsed.success) problems.push(...staffNoticesProblems(parsed.data));
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const env = parsed.data;
  const sandbox = env.APP_MODE === 'sandbox';
  return {
    mode: env.APP_MODE,
    market: env.MARKET,
    port: env.PORT,
    host: env.HOST,
    // NOTE: `npm start` runs the server from apps/server; ./data means the folder npm started in.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databaseStartWaitMs: env.DATABASE_START_WAIT_SECONDS * 1000,
    redisUrl: env.REDIS_URL,
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    serviceStateCacheMs: env.SERVICE_STATE_CACHE_SECONDS * 1000,
    trustProxyHops: env.TRUST_PROXY_HOPS ?? 0,
    otp: {
      ttlMs: env.OTP_TTL_SECONDS * 1000,
      maxAttempts: env.OTP_MAX_ATTEMPTS,
      resendMs: env.OTP_RESEND_SECONDS * 1000,
      dailyPerPhone: env.OTP_DAILY_PER_PHONE,
      dailyPerAddress: env.OTP_DAILY_PER_ADDRESS ?? (sandbox ? 1000 : 50),
      verifiedWindowMs: env.OTP_VERIFIED_WINDOW_MINUTES * 60_000,
    },
    login: {
      windowMs: env.LOGIN_WINDOW_MINUTES * 60_000,
      maxFailuresPerPhoneAndAddress: env.LOGIN_MAX_FAILURES_PER_PHONE_AND_ADDRESS,
      phoneBackoffAfter: env.LOGIN_PHONE_BACKOFF_AFTER,
      phoneForgetMs: env.LOGIN_PHONE_FORGET_MINUTES * 60_000,
      backoffMaxMs: env.LOGIN_BACKOFF_MAX_SECONDS * 1000,
      // NOTE: test suites sign in from one address by the thousand.
      addressBackoffAfter: env.LOGIN_ADDRESS_BACKOFF_AFTER ?? (sandbox ? 100_000 : 100),
      busyAddressPhones: env.LOGIN_BUSY_ADDRESS_PHONES ?? (sandbox ? 1000 : 30),
      knownForMs: env.LOGIN_KNOWN_DAYS * 86_400_000,
    },
    forms: {
      limitPerAddress: env.FORM_LIMIT_PER_ADDRESS ?? (sandbox ? 2000 : 30),
      windowMs: env.FORM_LIMIT_WINDOW_MINUTES * 60_000,
    },
    chat: {
      messagesPerMinute: env.CHAT_MESSAGES_PER_MINUTE,
      uploadsPerHour: env.CHAT_UPLOADS_PER_HOUR,
      // NOTE: test suites and benchmarks open guest chats from one address by the thousand.
      guestsPerHour: env.CHAT_GUESTS_PER_HOUR ?? (sandbox ? 100_000 : 20),
      callsPerMinutePerAddress: env.CHAT_CALLS_PER_MINUTE_PER_ADDRESS ?? (sandbox ? 1_000_000 : 300),
    },
    chatPushHosts: env.CHAT_PUSH_HOSTS,
    chatSocketRecheckMs: env.CHAT_SOCKET_RECHECK_SECONDS * 1000,
    deskCountsIntervalMs: env.DESK_COUNTS_INTERVAL_SECONDS * 1000,
    session: {
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
      maxAgeMs: env.SESSION_MAX_DAYS * 86_400_000,
      cacheMs: env.SESSION_CACHE_SECONDS * 1000,
    },
    money: {
      providerTimeoutMs: env.GAME_PROVIDER_TIMEOUT_MS,
      referenceTtlMs: env.REFERENCE_TTL_SECONDS * 1000,
      reconcileIntervalMs: env.RECONCILE_INTERVAL_SECONDS * 1000,
      pendingAlertMs: env.PENDING_ALERT_MINUTES * 60_000,
      payoutTimeoutMs: env.PAYOUT_TIMEOUT_MS,
      sandboxPayoutDelayMs: env.SANDBOX_PAYOUT_DELAY_SECONDS * 1000,
    },
    deposits: {
      qrTtlMs: env.QR_TTL_MINUTES * 60_000,
      qrMinimumOverrides: {
        ...(env.QR_MIN_DEPOSIT_PAYTIMZ ? { PAYTIMZ: env.QR_MIN_DEPOSIT_PAYTIMZ * 100 } : {}),
        ...(env.QR_MIN_DEPOSIT_FP ? { FP: env.QR_MIN_DEPOSIT_FP * 100 } : {}),
      },
      webhookToleranceSeconds: env.WEBHOOK_TOLERANCE_SECONDS,
      providerTimeoutMs: env.DEPOSIT_PROVIDER_TIMEOUT_MS,
      sandboxPromptPayId: env.SANDBOX_PROMPTPAY_ID,
      slipMaxBytes: env.SLIP_MAX_BYTES,
      slipMaxPixels: env.SLIP_MAX_PIXELS,
      slipUploadsPerHour: env.SLIP_UPLOADS_PER_HOUR,
    },
    housekeeping: {
      intervalMs: env.HOUSEKEEPING_INTERVAL_MINUTES * 60_000,
      idempotencyRetentionMs: env.IDEMPOTENCY_RETENTION_HOURS * 3_600_000,
    },
    schedules: {
      bonusIntervalMs: env.BONUS_INTERVAL_SECONDS * 1000,
      rewardsIntervalMs: env.REWARDS_INTERVAL_SECONDS * 1000,
      spinWheelIntervalMs: env.SPIN_WHEEL_INTERVAL_SECONDS * 1000,
      reportsIntervalMs: env.REPORTS_INTERVAL_SECONDS * 1000,
    },
    outside: Object.fromEntries(PRODUCTION_REQUIRED.map((name) => [name, env[name]])),
    staffNotices: staffNoticesConfig(env, sandbox),
  };
}

/** A copy of the process environment; tests build on it instead of reading process.env. */
export function readEnvironment(): EnvSource {
  return { ...process.env };
}

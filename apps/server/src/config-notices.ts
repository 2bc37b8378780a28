import { z } from 'zod';
import type { PerCurrency } from '@wallet/contract/money';

/**
 * The staff group chat's part of the configuration (decision 045), apart so config.ts stays one
 * screenful of each concern: its variables, what they require, and what they become.
 */

const optionalUrl = z.url().optional();
const optionalText = z.string().min(1).optional();

export const STAFF_NOTICES_ENV = {
  /** The staff group chat (decision 045): a signed webhook, LINE, or none (sandbox: its own chat). */
  STAFF_NOTIFIER: z.enum(['webhook', 'line', 'none']).optional(),
  STAFF_WEBHOOK_URL: optionalUrl,
  STAFF_WEBHOOK_SECRET: optionalText,
  LINE_CHANNEL_TOKEN: optionalText,
  LINE_TO: optionalText,
  LINE_API_URL: z.url().default('https://api.line.me'),
  STAFF_NOTICES_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(10),
  /** Baht deposits of at least this many minor units (satang) are told to the staff chat. */
  STAFF_NOTICE_LARGE_DEPOSIT: z.coerce.number().int().positive().default(5_000_000),
  /** Kip deposits of at least this many minor units (₭30,000,000; decision 075). */
  STAFF_NOTICE_LARGE_DEPOSIT_LAK: z.coerce.number().int().positive().default(3_000_000_000),
};

type NoticesEnv = z.infer<z.ZodObject<typeof STAFF_NOTICES_ENV>> & { APP_MODE: 'sandbox' | 'production' };

export interface StaffNoticesConfig {
  notifier: 'webhook' | 'line' | 'none';
  webhookUrl: string | undefined;
  webhookSecret: string | undefined;
  line: { channelToken: string | undefined; to: string | undefined; apiUrl: string };
  intervalMs: number;
  /** A deposit told as large, per currency (decision 075). */
  largeDeposit: PerCurrency<bigint>;
}

/** What a chosen notifier needs; the sandbox's webhook is its own chat, with its own key. */
export function staffNoticesProblems(env: NoticesEnv): string[] {
  const notifier = env.STAFF_NOTIFIER;
  const needs =
    notifier === 'webhook'
      ? (['STAFF_WEBHOOK_URL', 'STAFF_WEBHOOK_SECRET'] as const)
      : notifier === 'line'
        ? (['LINE_CHANNEL_TOKEN', 'LINE_TO'] as const)
        : [];
  return needs
    .filter(
      (name) => env[name] === undefined && !(env.APP_MODE === 'sandbox' && name.startsWith('STAFF_WEBHOOK')),
    )
    .map((name) => `${name}: required when STAFF_NOTIFIER=${notifier}`);
}

export function staffNoticesConfig(env: NoticesEnv, sandbox: boolean): StaffNoticesConfig {
  return {
    // The sandbox tells its own staff chat (GET /api/sandbox/staff-chat) unless told otherwise.
    notifier: env.STAFF_NOTIFIER ?? (sandbox ? 'webhook' : 'none'),
    webhookUrl: env.STAFF_WEBHOOK_URL,
    webhookSecret: env.STAFF_WEBHOOK_SECRET,
    line: { channelToken: env.LINE_CHANNEL_TOKEN, to: env.LINE_TO, apiUrl: env.LINE_API_URL },
    intervalMs: env.STAFF_NOTICES_INTERVAL_SECONDS * 1000,
    largeDeposit: {
      BAHT: BigInt(env.STAFF_NOTICE_LARGE_DEPOSIT),
      LAK: BigInt(env.STAFF_NOTICE_LARGE_DEPOSIT_LAK),
    },
  };
}

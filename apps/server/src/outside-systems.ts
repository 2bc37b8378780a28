import type { Config } from './config';
import { HttpGameProvider } from './adapters/game-provider/http-game-provider';
import { HttpPaymentProvider } from './adapters/payment-provider/http-payment-provider';
import { HttpPayoutService } from './adapters/payout/http-payout-service';
import { HttpSlipVerifier } from './adapters/slip-verifier/http-slip-verifier';
import { HttpSmsSender } from './adapters/sms/http-sms-sender';
import type { SmsSender } from './adapters/sms/sms-sender';
import { HttpVoucherService } from './adapters/voucher/http-voucher-service';
import { LineStaffNotifier } from './adapters/staff-notifier/line-staff-notifier';
import { silentStaffNotifier, type StaffNotifier } from './adapters/staff-notifier/staff-notifier';
import { WebhookStaffNotifier } from './adapters/staff-notifier/webhook-staff-notifier';

/**
 * What the sandbox world hands the product in sandbox mode: its SMS outbox, its made-up keys
 * and where its services answer. Described here, so product code never imports sandbox code.
 */
export interface SandboxEndpoints {
  sms: SmsSender;
  keys: {
    gameProvider: string;
    payout: string;
    payment: string;
    voucher: string;
    slipVerifier: string;
    webhookSecret: string;
    slipLinkSecret: string;
    staffWebhook: string;
  };
  baseUrls: (self: string) => {
    gameProvider: string;
    payout: string;
    payment: string;
    voucher: string;
    slipVerifier: string;
    staffChat: string;
  };
}

/**
 * The clients of every outside system. In production each comes from its configured URL and key;
 * in sandbox mode from the sandbox services on this server (`selfUrl`, known once it listens).
 */
export function createOutsideSystems(
  config: Config,
  sandbox: SandboxEndpoints | null,
  selfUrl: () => string,
) {
  const { outside } = config;
  const real = (value: string | undefined, name: string): string => {
    // NOTE: config.ts refuses to start production without these; this guards a wiring mistake.
    if (value === undefined) throw new Error(`${name} is not configured`);
    return value;
  };
  const urls = () => sandbox!.baseUrls(selfUrl());
  const pick = <K extends keyof SandboxEndpoints['keys']>(
    name: K,
    configured: string | undefined,
    variable: string,
  ) => (sandbox ? sandbox.keys[name] : real(configured, variable));
  // A URL set in the environment wins, in sandbox mode too (a real provider tried from a sandbox).
  const url = (
    name: keyof ReturnType<SandboxEndpoints['baseUrls']>,
    configured: string | undefined,
    variable: string,
  ): (() => string) => {
    if (configured !== undefined) return () => configured;
    if (sandbox) return () => urls()[name];
    return () => real(configured, variable);
  };

  return {
    sms:
      sandbox?.sms ??
      new HttpSmsSender({
        url: real(outside.SMS_GATEWAY_URL, 'SMS_GATEWAY_URL'),
        token: real(outside.SMS_GATEWAY_TOKEN, 'SMS_GATEWAY_TOKEN'),
      }),
    gameProvider: new HttpGameProvider({
      baseUrl: url('gameProvider', outside.GAME_PROVIDER_URL, 'GAME_PROVIDER_URL'),
      key: pick('gameProvider', outside.GAME_PROVIDER_KEY, 'GAME_PROVIDER_KEY'),
      timeoutMs: config.money.providerTimeoutMs,
    }),
    payout: new HttpPayoutService({
      baseUrl: url('payout', outside.PAYOUT_URL, 'PAYOUT_URL'),
      key: pick('payout', outside.PAYOUT_KEY, 'PAYOUT_KEY'),
      timeoutMs: config.money.payoutTimeoutMs,
    }),
    payments: new HttpPaymentProvider({
      baseUrl: url('payment', outside.PAYMENT_PROVIDER_URL, 'PAYMENT_PROVIDER_URL'),
      key: pick('payment', outside.PAYMENT_PROVIDER_KEY, 'PAYMENT_PROVIDER_KEY'),
      timeoutMs: config.deposits.providerTimeoutMs,
    }),
    vouchers: new HttpVoucherService({
      baseUrl: url('voucher', outside.VOUCHER_URL, 'VOUCHER_URL'),
      key: pick('voucher', outside.VOUCHER_KEY, 'VOUCHER_KEY'),
      timeoutMs: config.deposits.providerTimeoutMs,
    }),
    slipVerifier: new HttpSlipVerifier({
      baseUrl: url('slipVerifier', outside.SLIP_VERIFIER_URL, 'SLIP_VERIFIER_URL'),
      key: pick('slipVerifier', outside.SLIP_VERIFIER_KEY, 'SLIP_VERIFIER_KEY'),
      timeoutMs: config.deposits.providerTimeoutMs,
    }),
    staffNotifier: staffNotifierOf(config, sandbox, urls, real),
    webhookSecret: pick('webhookSecret', outside.PAYMENT_WEBHOOK_SECRET, 'PAYMENT_WEBHOOK_SECRET'),
    // NOTE: configured in production, so links made by one server process open on another.
    slipLinkSecret: pick('slipLinkSecret', outside.SLIP_LINK_SECRET, 'SLIP_LINK_SECRET'),
  };
}

/** The staff group chat's notifier (decision 045): a signed webhook (the sandbox's own chat), LINE, or none. */
function staffNotifierOf(
  config: Config,
  sandbox: SandboxEndpoints | null,
  urls: () => ReturnType<SandboxEndpoints['baseUrls']>,
  real: (value: string | undefined, name: string) => string,
): StaffNotifier {
  const { staffNotices } = config;
  const timeoutMs = 5_000;
  if (staffNotices.notifier === 'line') {
    return new LineStaffNotifier({
      apiUrl: staffNotices.line.apiUrl,
      channelToken: real(staffNotices.line.channelToken, 'LINE_CHANNEL_TOKEN'),
      to: real(staffNotices.line.to, 'LINE_TO'),
      timeoutMs,
    });
  }
  if (staffNotices.notifier === 'none') return silentStaffNotifier;
  const configured = staffNotices.webhookUrl;
  // A URL set in the environment is a real chat (its secret too); else the sandbox's own chat.
  if (configured === undefined && sandbox) {
    return new WebhookStaffNotifier({
      url: () => urls().staffChat,
      secret: sandbox.keys.staffWebhook,
      timeoutMs,
    });
  }
  return new WebhookStaffNotifier({
    url: () => real(configured, 'STAFF_WEBHOOK_URL'),
    secret: real(staffNotices.webhookSecret, 'STAFF_WEBHOOK_SECRET'),
    timeoutMs,
  });
}

export type OutsideSystems = ReturnType<typeof createOutsideSystems>;

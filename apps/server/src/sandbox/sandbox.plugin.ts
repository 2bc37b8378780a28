import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../platform/db/database';
import type { Idempotent } from '../platform/idempotency/idempotency';
import type { LedgerService } from '../modules/ledger/ledger.service';
import type { LookupsService } from '../modules/lookups/lookups.service';
import type { SpinwheelService } from '../modules/spinwheel/spinwheel.service';
import { sandboxBankRoutes } from './bank/sandbox-bank.routes';
import { sandboxMoneyRoutes } from './helpers/sandbox-money.routes';
import { SandboxSmsSender } from './helpers/sandbox-sms-sender';
import { sandboxRoutes, type SandboxRoutesOptions } from './helpers/sandbox.routes';
import { sandboxPaymentsRoutes } from './payments/sandbox-payments.routes';
import { sandboxPayoutRoutes } from './payout/sandbox-payout.routes';
import { sandboxProviderRoutes } from './provider/sandbox-provider.routes';
import { sandboxStaffChatRoutes } from './notifier/sandbox-staff-chat.routes';

/**
 * The sandbox outside world (docs/decisions/011): a game provider, a payout service, a QR payment
 * gateway, a voucher service, a bank that issues and verifies slips, and an SMS outbox. The
 * product reaches each over HTTP on this same server, with keys made up at start that never leave
 * it. Only app.ts wires this in, and only in sandbox mode; product code never imports it (lint).
 */
export function createSandboxWorld(configured: Config['outside']) {
  // A key set in the environment is used (tests name theirs); any other is made up now.
  const key = (value: string | undefined) => value ?? randomBytes(24).toString('base64url');
  const secret = (value: string | undefined) => value ?? randomBytes(32).toString('base64url');
  return {
    sms: new SandboxSmsSender(),
    keys: {
      gameProvider: key(configured.GAME_PROVIDER_KEY),
      payout: key(configured.PAYOUT_KEY),
      payment: key(configured.PAYMENT_PROVIDER_KEY),
      voucher: key(configured.VOUCHER_KEY),
      slipVerifier: key(configured.SLIP_VERIFIER_KEY),
      webhookSecret: secret(configured.PAYMENT_WEBHOOK_SECRET),
      slipLinkSecret: secret(configured.SLIP_LINK_SECRET),
      staffWebhook: secret(undefined),
    },
    /** Where each sandbox service answers, under this server's own address. */
    baseUrls: (self: string) => ({
      gameProvider: `${self}/api/sandbox/provider-api`,
      payout: `${self}/api/sandbox/payout-api`,
      payment: `${self}/api/sandbox/payment-api`,
      voucher: `${self}/api/sandbox/voucher-api`,
      slipVerifier: `${self}/api/sandbox/slip-api`,
      staffChat: `${self}/api/sandbox/staff-chat-api/notices`,
    }),
  };
}

export type SandboxWorld = ReturnType<typeof createSandboxWorld>;

export interface SandboxPluginOptions {
  world: SandboxWorld;
  db: Database;
  lookups: LookupsService;
  /** The operator's wheel settings, which tests and demos set as staff would. */
  spinwheel: SpinwheelService;
  createStaff: SandboxRoutesOptions['createStaff'];
  ledger: LedgerService;
  idempotent: Idempotent;
  currencyOf: (memberId: number) => Promise<{ currency: string }>;
  /** The member's username at a game, or null without a game account there. */
  playerOf: (memberId: number, gameCode: string) => Promise<string | null>;
  /** The holder's name of a registered bank account (the sandbox bank's customers). */
  accountHolder: (bankCode: string, accountNo: string) => Promise<string | null>;
  /** This server's address, known once it listens. */
  selfUrl: () => string;
  promptPayId: string;
  payoutDelayMs: number;
}

/** Every /api/sandbox route, registered as one plugin. */
export const sandboxPlugin: FastifyPluginAsync<SandboxPluginOptions> = async (app, options) => {
  const { world, db } = options;
  await app.register(sandboxRoutes, {
    lookups: options.lookups,
    spinwheel: options.spinwheel,
    createStaff: options.createStaff,
    sms: world.sms,
  });
  await app.register(sandboxProviderRoutes, {
    db,
    key: world.keys.gameProvider,
    playerOf: options.playerOf,
  });
  await app.register(sandboxMoneyRoutes, {
    ledger: options.ledger,
    idempotent: options.idempotent,
    currencyOf: options.currencyOf,
  });
  await app.register(sandboxPaymentsRoutes, {
    db,
    key: world.keys.payment,
    voucherKey: world.keys.voucher,
    webhookSecret: world.keys.webhookSecret,
    webhookUrl: (provider) => `${options.selfUrl()}/api/webhooks/qrcode/${provider}`,
    promptPayId: options.promptPayId,
  });
  await app.register(sandboxBankRoutes, {
    db,
    key: world.keys.slipVerifier,
    accountHolder: options.accountHolder,
  });
  await app.register(sandboxPayoutRoutes, { db, key: world.keys.payout, delayMs: options.payoutDelayMs });
  await app.register(sandboxStaffChatRoutes, { secret: world.keys.staffWebhook });
};

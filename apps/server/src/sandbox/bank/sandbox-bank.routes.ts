import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { slipVerify } from 'promptparse/generate';
import { SandboxBankTransferRequest } from '@wallet/contract/http/deposit';
import { formatMajorAmount, type Currency } from '@wallet/contract/money';
import {
  SLIP_VERIFIER_KEY_HEADER,
  VerifyBody,
  type VerdictBody,
} from '../../adapters/slip-verifier/slip-verifier';
import { sameSecret } from '../../platform/crypto';
import type { Database } from '../../platform/db/database';
import { renderSlipImage } from './slip-image';
import { sandboxBankTransfers } from './sandbox-bank.tables';

export interface SandboxBankOptions {
  db: Database;
  /** The key our HttpSlipVerifier sends to the verification API. */
  key: string;
  /**
   * The holder's name of an account, as the bank knows its customers: in the sandbox, the
   * accounts members registered are the bank's (null for any other account).
   */
  accountHolder: (bankCode: string, accountNo: string) => Promise<string | null>;
}

/** The 3-digit bank numbers printed in slip QR codes (Bank of Thailand codes; BCEL: the sandbox's own). */
export const BANK_NUMBERS: Record<string, string> = {
  BBL: '002',
  KBANK: '004',
  KTB: '006',
  TMB: '011',
  SCB: '014',
  GSB: '030',
  BCEL: '901',
};
/** Banks of Laos, whose transfers are in kip unless the request says otherwise. */
const LAO_BANKS = new Set(['BCEL', 'LDB', 'APB', 'JDB', 'LVB', 'STB', 'IDB', 'BFL', 'ACLEDA', 'PSV']);
const ISO_CODES: Record<Currency, string> = { BAHT: 'THB', LAK: 'LAK' };
/** The amount as the slip prints it, in the transfer's currency: "1,500.00 THB", "500,000 LAK". */
export const slipAmountText = (minor: number, currency: Currency) =>
  `${formatMajorAmount(minor, currency)} ${ISO_CODES[currency]}`;
/** As verification services answer: every digit hidden but the four before the last. */
const masked = (accountNo: string) =>
  [...accountNo]
    .map((digit, index) => (index >= accountNo.length - 5 && index < accountNo.length - 1 ? digit : 'x'))
    .join('');
/**
 * As verification services show names: the first part whole, the others by their first letter
 * (in Thai and Lao with the vowels written before it: ใจ***, not ใ***).
 */
export const maskName = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .map((part, index) =>
      index === 0 ? part : `${/^[\u0E40-\u0E44\u0EC0-\u0EC4]*./u.exec(part)?.[0] ?? ''}***`,
    )
    .join(' ');
/** The name shown for an account the bank has no holder of (not a member's). */
const UNKNOWN_HOLDER = 'SANDBOX CUSTOMER';
const bankOfNumber = (number: string) =>
  Object.entries(BANK_NUMBERS).find(([, value]) => value === number)?.[0] ?? null;

/**
 * The sandbox bank (decision 013): makes transfers and hands out their slips as PNG images with a
 * genuine slip-verification QR code, and answers the slip verification API for them, as a real
 * verification service answers for real banks. Only registered in sandbox mode.
 */
export const sandboxBankRoutes: FastifyPluginAsyncZod<SandboxBankOptions> = async (
  app,
  { db, key, accountHolder },
) => {
  app.addHook('onRequest', async (request, reply) => {
    // NOTE: the matched route, not the raw URL: a percent-encoded path reaches the same route.
    if (!(request.routeOptions.url ?? '').startsWith('/api/sandbox/slip-api/')) return;
    const given = request.headers[SLIP_VERIFIER_KEY_HEADER];
    if (typeof given !== 'string' || !sameSecret(given, key)) {
      return reply.status(401).send({ error: 'BAD_KEY' });
    }
  });

  app.post(
    '/api/sandbox/bank/transfer',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'The sandbox bank makes a transfer and answers its slip (PNG)',
        body: SandboxBankTransferRequest,
      },
    },
    async (request, reply) => {
      const order = request.body;
      const currency: Currency = order.currency ?? (LAO_BANKS.has(order.fromBankCode) ? 'LAK' : 'BAHT');
      const sendingBank = BANK_NUMBERS[order.fromBankCode] ?? '999';
      const paidAt = new Date();
      // Like real references: the date, then random characters.
      const transRef = `${paidAt.toISOString().slice(0, 10).replaceAll('-', '')}${randomBytes(8).toString('hex').toUpperCase()}`;
      await db.insert(sandboxBankTransfers).values({
        transRef,
        sendingBank,
        fromBankCode: order.fromBankCode,
        fromAccountNo: order.fromAccountNo,
        // A transfer within one bank unless told otherwise.
        toBankCode: order.toBankCode ?? order.fromBankCode,
        toAccountNo: order.toAccountNo,
        amount: BigInt(order.amount),
        currency,
        paidAt,
      });
      const png = await renderSlipImage({
        bankName: `${order.fromBankCode} Sandbox Bank`,
        fromAccount: order.fromAccountNo,
        toAccount: order.toAccountNo,
        toName: 'Receiving account',
        // The transfer's own currency, as the bank's slip prints it (issue 32 section 3).
        amountText: slipAmountText(order.amount, currency),
        dateText: paidAt.toISOString().replace('T', ' ').slice(0, 19) + ' UTC',
        transRef,
        qrPayload: slipVerify({ sendingBank, transRef }),
      });
      return reply.header('content-type', 'image/png').header('x-trans-ref', transRef).send(png);
    },
  );

  app.post(
    '/api/sandbox/slip-api/verify',
    { schema: { hide: true, body: VerifyBody } },
    async (request, reply): Promise<VerdictBody> => {
      const { sendingBank, transRef } = request.body;
      // As real services do, a reference is found in any case (ours are upper case), and the
      // answer carries it as the bank writes it.
      const [transfer] = await db
        .select()
        .from(sandboxBankTransfers)
        .where(eq(sandboxBankTransfers.transRef, transRef.toUpperCase()));
      if (!transfer || transfer.sendingBank !== sendingBank) {
        return reply.status(404).send({ status: 'not_found', transRef });
      }
      const holder = await accountHolder(transfer.fromBankCode, transfer.fromAccountNo);
      return {
        status: 'found',
        transRef: transfer.transRef,
        amount: Number(transfer.amount),
        // As services that know it write it (ISO 4217).
        ...(transfer.currency
          ? { currency: transfer.currency === 'LAK' ? ('LAK' as const) : ('THB' as const) }
          : {}),
        paidAt: transfer.paidAt.toISOString(),
        sender: {
          bankCode: bankOfNumber(transfer.sendingBank),
          accountNo: masked(transfer.fromAccountNo),
          names: [maskName(holder ?? UNKNOWN_HOLDER)],
        },
        receiver: {
          bankCode: transfer.toBankCode,
          accountNo: masked(transfer.toAccountNo),
          names: [maskName('SANDBOX RECEIVER')],
        },
      };
    },
  );
};

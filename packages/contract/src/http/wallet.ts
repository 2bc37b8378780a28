import { z } from 'zod';
import { Amount, CURRENCIES, type PerCurrency } from '../money';

/**
 * Wallet and game accounts (spec sections 3 and 7, Wallet and Auto login). Amounts are integer
 * minor units; `ftWalletSlot` is the per-game wallet factor (game-side amount = amount x factor).
 */

/** The game codes the product knows (spec section 3). */
export const GAME_CODES = [
  'JOKER',
  'SEXYGAME',
  'BETFLIX',
  'ASKMEBET',
  'UFABET',
  'SUPERSLOT',
  'PG',
  'SLOTXO',
  'IMI',
  'USUN',
  'AREASLOT',
  'CIRCUS',
  'SLOTRACHA',
  'PGSLOT',
  'JOKER2',
  'HUAYHD',
] as const;
export type GameCode = (typeof GAME_CODES)[number];

/** The carousels of home: slot; sport and casino together; lotto. */
export const GAME_CATEGORIES = ['slot', 'sport', 'casino', 'lotto'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/** Smallest transfer between the wallet and a game, per currency (decision 067): ฿1, ₭1,000. */
export const TRANSFER_MINIMUM: PerCurrency<number> = { BAHT: 100, LAK: 100_000 };

/** Header of every money-moving call; the web app sends a fresh key per member action. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** 16 to 100 letters, digits, '-' or '_': a UUID fits. */
export const IdempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, 'IDEMPOTENCY_KEY_MISSING');

/**
 * A game's wallet factor: game-side amount = amount x factor. At most four decimals (the member
 * app reads it as the exact decimal it is written as), between 0.0001 and 10,000. Staff's change of
 * a factor (decision 064) is checked by this same schema.
 */
export const WalletFactor = z
  .number()
  .min(0.0001, 'WALLET_FACTOR_INVALID')
  .max(10_000, 'WALLET_FACTOR_INVALID')
  .refine((factor) => Number.isFinite(factor) && Math.round(factor * 10_000) / 10_000 === factor, {
    message: 'WALLET_FACTOR_INVALID',
  });

export const GameAccount = z
  .object({
    code: z.string(),
    name: z.string(),
    /** URL of the logo artwork. */
    logo: z.string(),
    /** URL of the card background artwork. */
    background: z.string(),
    isActive: z.boolean(),
    amount: Amount,
    /**
     * Game-side amount = amount x ftWalletSlot. NOTE: any positive number the provider sends, not
     * `WalletFactor`: that bounds what staff type, and one provider's odd factor must not make
     * every member's wallet answer fail to serialise.
     */
    ftWalletSlot: z.number().positive(),
    /** The game's web site; null when the game is played in its app only. */
    web: z.string().nullable(),
    android: z.string().nullable(),
    ios: z.string().nullable(),
    category: z.enum(GAME_CATEGORIES),
    /**
     * Ours, not the spec's: the game is switched off by staff (decision 064) and listed only
     * because the member still has money in it, which may be moved back to the wallet and nowhere
     * else. Absent: open.
     */
    closed: z.boolean().optional(),
  })
  .meta({ id: 'GameAccount' });
export type GameAccount = z.infer<typeof GameAccount>;

export const WalletResponse = z
  .object({
    wallet: z.object({
      amount: Amount,
      currency: z.enum(CURRENCIES),
      /** ISO time of the last movement of the wallet, or of its opening. */
      updatedAt: z.string(),
    }),
    games: z.array(GameAccount),
  })
  .meta({ id: 'WalletResponse' });
export type WalletResponse = z.infer<typeof WalletResponse>;

export const GameCredentials = z
  .object({ username: z.string(), password: z.string() })
  .meta({ id: 'GameCredentials' });
export type GameCredentials = z.infer<typeof GameCredentials>;

/** `wallet` or a game code. */
const place = z.string().trim().min(1, 'FIELD_REQUIRED').max(32, 'NO_GAME');

export const TransferRequest = z
  .object({ from: place, to: place, amount: Amount })
  .refine((body) => body.from !== body.to, { message: 'TRANSFER_SAME_ACCOUNT', path: ['to'] })
  .refine((body) => body.amount >= Math.min(...Object.values(TRANSFER_MINIMUM)), {
    message: 'TRANSFER_MINIMUM',
    path: ['amount'],
  })
  .meta({ id: 'TransferRequest' });
export type TransferRequest = z.infer<typeof TransferRequest>;

export const TransferAllRequest = z.object({ to: place }).meta({ id: 'TransferAllRequest' });
export type TransferAllRequest = z.infer<typeof TransferAllRequest>;

export const WithdrawRequest = z
  .object({ amount: Amount.check(z.refine((amount) => amount > 0, 'WITHDRAW_MINIMUM')) })
  .meta({ id: 'WithdrawRequest' });
export type WithdrawRequest = z.infer<typeof WithdrawRequest>;

/**
 * The answer of a money call. PENDING: the outside system has not answered yet; the money is
 * held and the statement shows the outcome once it is known (it is never lost).
 */
export const MoneyResult = z
  .object({
    status: z.enum(['SUCCESS', 'PENDING']),
    /** Our reference of the movement (what the outside system was given). */
    reference: z.string(),
    /** Minor units moved (for transferAll: the total). */
    amount: Amount,
    /**
     * A withdrawal's statement row id: the reference its receipt shows and staff find it by
     * (decisions 026 and 071). Other movements leave it out.
     */
    id: z.string().optional(),
    /** A withdrawal: when it was made (ISO), as its statement row says. */
    createdAt: z.string().optional(),
  })
  .meta({ id: 'MoneyResult' });
export type MoneyResult = z.infer<typeof MoneyResult>;

/**
 * What a withdrawal that is not final waits for (ours: the spec has no such call). `review`: held
 * for the operator's staff under the withdrawal rules (decision 045), the money still held. `payout`: the
 * order is with the payout service, the money on its way to the member's bank account. `confirmation`:
 * the time in which the payout service could take the order has passed, and we wait for its
 * word on whether it was paid (if not, the money returns to the wallet).
 */
export const WITHDRAWAL_WAITS = ['review', 'payout', 'confirmation'] as const;
export type WithdrawalWait = (typeof WITHDRAWAL_WAITS)[number];

export const PendingWithdrawal = z
  .object({
    /** The statement row's id: the reference support finds it by (decision 026). */
    id: z.string(),
    amount: Amount,
    /** ISO time the withdrawal was made. */
    createdAt: z.string(),
    waitingFor: z.enum(WITHDRAWAL_WAITS),
    /** The last four digits of the bank account it is paid to ('' when not known). */
    accountEnding: z.string(),
  })
  .meta({ id: 'PendingWithdrawal' });
export type PendingWithdrawal = z.infer<typeof PendingWithdrawal>;

/** GET /api/wallet/withdrawals/pending: the member's own withdrawals not final yet, newest first. */
export const PendingWithdrawalsResponse = z
  .object({ withdrawals: z.array(PendingWithdrawal) })
  .meta({ id: 'PendingWithdrawalsResponse' });
export type PendingWithdrawalsResponse = z.infer<typeof PendingWithdrawalsResponse>;

/**
 * What a transfer between the wallet and a game that is not final waits for (ours, issue 31).
 * `provider`: the game may still take it; `confirmation`: the time in which it could has passed,
 * and we wait for its word on whether it did (if not, the money returns to where it came from).
 */
export const TRANSFER_WAITS = ['provider', 'confirmation'] as const;
export type TransferWait = (typeof TRANSFER_WAITS)[number];

/** A transfer between the wallet and a game held for the game's answer (a silent provider). */
export const HeldTransfer = z
  .object({
    /** The statement row's id. */
    id: z.string(),
    /** The game's code. */
    game: z.string(),
    /** `in`: from the wallet into the game; `out`: from the game to the wallet. */
    direction: z.enum(['in', 'out']),
    amount: Amount,
    /** ISO time the money was held. */
    createdAt: z.string(),
    waitingFor: z.enum(TRANSFER_WAITS),
  })
  .meta({ id: 'HeldTransfer' });
export type HeldTransfer = z.infer<typeof HeldTransfer>;

/**
 * GET /api/wallet/transfers/held: the member's transfers held at a game, newest first, and
 * `inFlight`, all the member's money on its way (the ledger's in-flight accounts: transfers and
 * withdrawals), which is still theirs.
 */
export const HeldTransfersResponse = z
  .object({ transfers: z.array(HeldTransfer), inFlight: Amount })
  .meta({ id: 'HeldTransfersResponse' });
export type HeldTransfersResponse = z.infer<typeof HeldTransfersResponse>;

export const AutoLoginResponse = z.object({ link: z.string() }).meta({ id: 'AutoLoginResponse' });
export type AutoLoginResponse = z.infer<typeof AutoLoginResponse>;

/** Sandbox only: credits the caller's wallet from the operator's cash-in account. */
export const SandboxCreditRequest = z
  .object({ amount: Amount.check(z.refine((amount) => amount > 0, 'INVALID_INPUT')) })
  .meta({ id: 'SandboxCreditRequest' });
export type SandboxCreditRequest = z.infer<typeof SandboxCreditRequest>;

/** Sandbox only: how the sandbox game provider misbehaves for one game code. */
export const PROVIDER_FAULT_MODES = ['none', 'fail', 'timeout', 'applied-then-timeout'] as const;
export const ProviderFaultRequest = z
  .object({
    mode: z.enum(PROVIDER_FAULT_MODES),
    latencyMs: z.number().int().min(0).max(120_000).default(0),
  })
  .meta({ id: 'ProviderFaultRequest' });
export type ProviderFaultRequest = z.infer<typeof ProviderFaultRequest>;

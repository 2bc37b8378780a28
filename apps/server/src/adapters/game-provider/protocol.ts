import { z } from 'zod';
import { GAME_CATEGORIES } from '@wallet/contract/http/wallet';

/**
 * The HTTP protocol between this server and a game provider, shared by the client
 * (`HttpGameProvider`) and the sandbox provider that serves it. Every call carries
 * `x-provider-key`; a wrong key answers 401. Amounts are integer minor units as JSON numbers:
 * the client turns them into bigint at its edge, the sandbox provider at its own.
 * Failures other than a transfer's verdict answer `{ "error": CODE }`.
 *
 * GET  /games                                  -> ProviderCatalogue
 * POST /players                                -> ProviderLogin | 409 PLAYER_EXISTS | 404 NO_GAME
 * GET  /players/{gameCode}/{username}          -> ProviderPlayer | 404 NO_PLAYER
 * POST /players/{gameCode}/{username}/password -> ProviderLogin (a new password) | 404 NO_PLAYER
 * POST /transfers                              -> 200 TransferApplied | 422 TransferFailed
 * GET  /transfers/{gameCode}/{reference}       -> TransferStatus | 404 TransferNotFound
 * POST /launch                                 -> LaunchResponse
 * GET  /players/{gameCode}/{username}/rounds?after=N -> RoundsResponse
 */

export const PROVIDER_KEY_HEADER = 'x-provider-key';

/** A provider's username: what its players type in the game's own login form. */
export const ProviderUsername = z.string().regex(/^[a-z0-9]{1,16}$/, 'INVALID_USERNAME');
export const ProviderGameCode = z.string().min(1).max(32);
/** Our reference of a money move (the ledger hold key): printable ASCII without spaces. */
export const ProviderReference = z.string().regex(/^[\x21-\x7e]{1,200}$/, 'INVALID_REFERENCE');
/** Integer minor units; zod's int() keeps it within the safe integers, so bigint conversion is exact. */
export const MinorUnits = z.number().int().min(0);

export const ProviderError = z.object({ error: z.string() });
export type ProviderError = z.infer<typeof ProviderError>;

export const ProviderCatalogueEntry = z.object({
  code: z.string(),
  name: z.string(),
  category: z.enum(GAME_CATEGORIES),
  /** Game-side amount = amount x walletFactor. */
  walletFactor: z.number().positive(),
  /** URLs of the artwork; relative ones are paths of the site that serves the member app. */
  logo: z.string(),
  background: z.string(),
  web: z.string().nullable(),
  android: z.string().nullable(),
  ios: z.string().nullable(),
});
export const ProviderCatalogue = z.object({ games: z.array(ProviderCatalogueEntry) });
export type ProviderCatalogue = z.infer<typeof ProviderCatalogue>;

export const CreatePlayerRequest = z.object({ gameCode: ProviderGameCode, username: ProviderUsername });
export const PlayerPath = z.object({ gameCode: ProviderGameCode, username: ProviderUsername });

export const ProviderLogin = z.object({ username: z.string(), password: z.string() });
export type ProviderLogin = z.infer<typeof ProviderLogin>;
export const ProviderPlayer = ProviderLogin.extend({ balance: MinorUnits });
export type ProviderPlayer = z.infer<typeof ProviderPlayer>;

export const TRANSFER_DIRECTIONS = ['deposit', 'withdraw'] as const;
export type TransferDirection = (typeof TRANSFER_DIRECTIONS)[number];

/** Why a transfer failed for good; the sandbox answers only these, a real provider may say more. */
export const TRANSFER_FAILURE_REASONS = [
  'INSUFFICIENT_BALANCE',
  'EXPIRED',
  'NO_PLAYER',
  'PROVIDER_ERROR',
] as const;
export type TransferFailureReason = (typeof TRANSFER_FAILURE_REASONS)[number];

export const TransferCall = z.object({
  gameCode: ProviderGameCode,
  username: ProviderUsername,
  reference: ProviderReference,
  direction: z.enum(TRANSFER_DIRECTIONS),
  amount: MinorUnits.min(1),
  /** ISO instant after which the provider refuses this reference for good. */
  expiresAt: z.iso.datetime({ offset: true }),
});
export type TransferCall = z.infer<typeof TransferCall>;

/** 200: the money moved (now, or by an earlier copy of the same reference). */
export const TransferApplied = z.object({
  reference: z.string(),
  status: z.literal('applied'),
  /** The player's balance after the move, or now when an earlier copy applied it. */
  balance: MinorUnits,
});
/** 422: the money did not move and never will under this reference. */
export const TransferFailed = z.object({
  reference: z.string(),
  status: z.literal('failed'),
  reason: z.string().min(1),
});

export const TransferStatusPath = z.object({ gameCode: ProviderGameCode, reference: ProviderReference });
export const TransferStatus = z.object({ reference: z.string(), status: z.enum(['applied', 'failed']) });
export const TransferNotFound = z.object({ status: z.literal('not_found') });

export const LAUNCH_PLATFORMS = ['web', 'android', 'ios'] as const;
export const LaunchRequest = z.object({
  gameCode: ProviderGameCode,
  username: ProviderUsername,
  platform: z.enum(LAUNCH_PLATFORMS),
});
/** null when the game has no such platform. */
export const LaunchResponse = z.object({ link: z.string().nullable() });

/** The most rounds one call answers; the caller asks again after the last id. */
export const ROUNDS_PAGE_LIMIT = 1000;
export const RoundsQuery = z.object({ after: z.coerce.number().int().min(0).default(0) });
export const ProviderRound = z.object({
  id: z.number().int().positive(),
  bet: MinorUnits,
  win: MinorUnits,
  playedAt: z.iso.datetime({ offset: true }),
});
export const RoundsResponse = z.object({ rounds: z.array(ProviderRound) });
export type RoundsResponse = z.infer<typeof RoundsResponse>;

/** A bigint amount as a JSON number; refuses one that a JSON number cannot carry exactly. */
export function toWireAmount(amount: bigint): number {
  if (amount < 0n || amount > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`amount ${amount} does not fit the protocol`);
  }
  return Number(amount);
}

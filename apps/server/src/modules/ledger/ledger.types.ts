/**
 * The ledger's names and shapes (decision 009): account keys, requests and results, and what the
 * reads answer. Apart from the service so the posting core, the reads and the hold queue share
 * them without importing each other.
 */

/** Account names: one place that spells them. */
export const accountKey = {
  wallet: (memberId: number) => `wallet:${memberId}`,
  game: (memberId: number, gameCode: string) => `game:${memberId}:${gameCode}`,
  operator: (name: OperatorAccount, currency: string) => `operator:${name}:${currency}`,
  /**
   * Where money held from an account waits for an outside answer. One per source account, not
   * one for the whole operator: a single shared row would be locked by every hold and settlement
   * of every member (measured in bench/: the two ledger steps of a transfer at 108 tps through
   * one shared row, 443 tps through one per member).
   */
  inFlight: (from: string) => `in_flight:${from}`,
  /** Invite commission a member collected and has not claimed yet (docs/decisions/020). */
  invite: (memberId: number) => `invite:${memberId}`,
  /** Loss refunds a member received and has not moved to the wallet yet (docs/decisions/020). */
  refund: (memberId: number) => `refund:${memberId}`,
  /** A member's spin-wheel coins: an asset of their own, currency COIN (docs/decisions/021). */
  coin: (memberId: number) => `coin:${memberId}`,
  /** Cash and bonus prizes a member won and has not claimed yet: their coupons' worth (decision 021). */
  prize: (memberId: number) => `prize:${memberId}`,
};

/** The operator's side of every movement. */
export type OperatorAccount =
  | 'cash_in'
  | 'cash_out'
  | 'provider_clearing'
  | 'bonus'
  | 'invite'
  | 'refund'
  | 'prize'
  | 'adjustment'
  /** Where coins come from and where spent ones return (currency COIN only). */
  | 'coin';

export interface TransferRequest {
  /** Same key, same transfer: a replay moves nothing. Same key, other transfer: refused. */
  idempotencyKey: string;
  debit: string;
  credit: string;
  /** Minor units, > 0. */
  amount: bigint;
  kind: string;
  metadata?: Record<string, unknown>;
}

export interface TransferResult {
  transferId: number;
  /** True when this key had moved the money already and nothing moved now. */
  replayed: boolean;
  /** When the transfer was first made (a hold's references expire from this instant). */
  createdAt: Date;
}

/** Where a hold stands: waiting for the outside answer, or settled one way. */
export type HoldState = 'pending' | 'posted' | 'voided';

export interface StoredTransfer {
  id: number;
  amount: bigint;
  kind: string;
  metadata: Record<string, unknown>;
  createdAt: Date;
}

export interface PendingHold extends StoredTransfer {
  key: string;
  /** The account the money was held from (where a void returns it). */
  from: string;
}

export interface AccountState {
  key: string;
  currency: string;
  balance: bigint;
  /** Time of the account's last movement, or of its opening. */
  updatedAt: Date;
}

/** A deposit credited to an account, with the account's balance just before it. */
export interface CreditedDeposit {
  transferId: number;
  amount: bigint;
  createdAt: Date;
  balanceBefore: bigint;
}

/** A member-visible movement, for the statement: metadata.statement says what it was. */
export interface StatementLine extends StoredTransfer {
  /** Its idempotency key (a hold's: the reference of the withdrawal or transfer it is). */
  key: string;
  /** null for a plain transfer (done at once); the hold's state for two-phase money. */
  hold: HoldState | null;
  /**
   * The member's wallet balance right after this movement reached or left it (its own entry on
   * the wallet, or its post's); null when it has not touched the wallet (a hold from a game not
   * posted yet), never will (voided), or no wallet was asked for.
   */
  walletAfter: bigint | null;
}

/** The only code that moves money (docs/decisions/009-double-entry-ledger.md). */

import type { FastifyBaseLogger } from 'fastify';
import type { Currency } from '@wallet/contract/money';
import type { GameAccount, GameCredentials, MoneyResult, WalletResponse } from '@wallet/contract/http/wallet';
import type { MinorUnits } from '@wallet/contract/money';
import {
  GameProviderError,
  type CatalogueEntry,
  type GameProvider,
  type MoveOutcome,
} from '../../adapters/game-provider/game-provider';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import {
  accountKey,
  neverSeenIsFinal,
  referenceExpiry,
  type HoldState,
  type LedgerService,
  type PendingHold,
} from '../ledger/ledger.service';
import { createGamesRepository, type GameAccountRow } from './games.repository';

/** What the money paths need of a game account. */
type GamePlayer = Pick<GameAccountRow, 'gameCode' | 'username'>;

export interface GamesServiceOptions {
  db: Database;
  ledger: LedgerService;
  provider: GameProvider;
  /** The member's currency (their wallet's and their game accounts'). */
  currencyOf: (memberId: number) => Promise<Currency>;
  /** A reference we send a provider is refused by it for good after this long. */
  referenceTtlMs: number;
  /** How long a provider call may take; added to the TTL before "never seen" counts as failed. */
  providerTimeoutMs: number;
  log: FastifyBaseLogger;
}

/** What a money step came to: done, or waiting for the provider's answer. */
type StepStatus = MoneyResult['status'];

const CATALOGUE_CACHE_MS = 60_000;

/** The login name we ask a provider for: at most 16 characters (spec section 9). */
const usernameFor = (memberId: number): string => `lw${memberId}`;

const fail = (code: 'NO_GAME' | 'SLOT_NO_ACCOUNT' | 'TRANSFER_FAIL', status: number): never => {
  throw new AppError(code, status);
};

/**
 * Game accounts and the money between a member's wallet and their game accounts.
 *
 * Money to or from a provider is two-phase (docs/decisions/010-two-phase-outside-money.md):
 * a ledger hold first, then the provider call carrying the hold key as its reference, then post
 * (applied) or void (definite failure). An unknown outcome stays held; `resolveHold` (the
 * reconciler) finishes it once the provider can tell.
 */
export function createGamesService(options: GamesServiceOptions) {
  const { ledger, provider, log } = options;
  const repository = createGamesRepository(options.db);
  let cached: { at: number; entries: CatalogueEntry[] } | null = null;

  async function catalogue(): Promise<CatalogueEntry[]> {
    if (cached && Date.now() - cached.at < CATALOGUE_CACHE_MS) return cached.entries;
    const entries = await provider.catalogue();
    cached = { at: Date.now(), entries };
    return entries;
  }

  async function gameOf(code: string): Promise<CatalogueEntry> {
    const entry = (await catalogue()).find((game) => game.code === code);
    return entry ?? fail('NO_GAME', 404);
  }

  async function activeAccount(memberId: number, code: string): Promise<GameAccountRow> {
    await gameOf(code);
    return (await repository.accountOf(memberId, code)) ?? fail('SLOT_NO_ACCOUNT', 404);
  }

  // A game account is never deleted and its username never changes: once seen, the money paths
  // need no look-up. (Its password does change, so credentials always read the row.)
  const players = new Map<string, GamePlayer>();
  async function playerOf(memberId: number, code: string): Promise<GamePlayer> {
    await gameOf(code);
    const known = players.get(`${memberId}:${code}`);
    if (known) return known;
    const { gameCode, username } = await activeAccount(memberId, code);
    if (players.size > 100_000) players.clear();
    players.set(`${memberId}:${code}`, { gameCode, username });
    return { gameCode, username };
  }

  // A member's currency never changes: asked once per process.
  const currencies = new Map<number, Currency>();
  async function currencyOf(memberId: number): Promise<Currency> {
    const known = currencies.get(memberId);
    if (known) return known;
    const currency = await options.currencyOf(memberId);
    if (currencies.size > 100_000) currencies.clear();
    currencies.set(memberId, currency);
    return currency;
  }

  async function openWallet(memberId: number): Promise<Currency> {
    const currency = await currencyOf(memberId);
    await ledger.openAccount(accountKey.wallet(memberId), currency);
    return currency;
  }

  /** A provider's verdict on a hold, applied to the ledger. */
  async function settle(holdKey: string, outcome: MoveOutcome): Promise<StepStatus> {
    if (outcome.kind === 'applied') {
      await ledger.post(holdKey);
      return 'SUCCESS';
    }
    if (outcome.kind === 'failed') {
      await ledger.void(holdKey);
      log.warn({ holdKey, reason: outcome.reason }, 'provider refused a transfer; funds returned');
      return fail('TRANSFER_FAIL', 422);
    }
    // NOTE: never void on an unknown outcome: the provider may have applied it.
    log.warn(
      { holdKey, reason: outcome.reason },
      'provider outcome unknown; left pending for reconciliation',
    );
    return 'PENDING';
  }

  /** The answer to a replayed hold: how it ended, or that it is still waiting. */
  function answerOf(state: HoldState | null): StepStatus {
    if (state === 'posted') return 'SUCCESS';
    if (state === 'voided') return fail('TRANSFER_FAIL', 422);
    return 'PENDING';
  }

  const expiry = (createdAt: Date) => referenceExpiry(createdAt, options.referenceTtlMs);

  async function toGame(memberId: number, account: GamePlayer, amount: bigint, key: string) {
    const currency = await openWallet(memberId);
    const code = account.gameCode;
    const held = await ledger.hold({
      idempotencyKey: key,
      debit: accountKey.wallet(memberId),
      destination: accountKey.game(memberId, code),
      amount,
      kind: 'game_deposit',
      currency,
      metadata: { memberId, game: code, statement: { type: 'transfer', from: 'wallet', to: code } },
    });
    // A copy of this request got here first: it (or the reconciler) talks to the provider.
    if (held.replayed) return answerOf(await ledger.holdState(key));
    const outcome = await provider.deposit(code, {
      username: account.username,
      reference: key,
      amount,
      expiresAt: expiry(held.createdAt),
    });
    return settle(key, outcome);
  }

  /** `thenTo`: a game the money goes on to once it is in the wallet (a game to game transfer). */
  async function fromGame(
    memberId: number,
    account: GamePlayer,
    amount: bigint,
    key: string,
    thenTo?: string,
  ) {
    const currency = await openWallet(memberId);
    const code = account.gameCode;
    const held = await ledger.hold({
      idempotencyKey: key,
      debit: accountKey.game(memberId, code),
      destination: accountKey.wallet(memberId),
      amount,
      kind: 'game_withdraw',
      currency,
      metadata: {
        memberId,
        game: code,
        statement: { type: 'transfer', from: code, to: 'wallet' },
        ...(thenTo ? { thenTo } : {}),
      },
    });
    if (held.replayed) return answerOf(await ledger.holdState(key));
    const outcome = await provider.withdraw(code, {
      username: account.username,
      reference: key,
      amount,
      expiresAt: expiry(held.createdAt),
    });
    return settle(key, outcome);
  }

  /**
   * Books the rounds played at the provider since the last booking: wins come from, losses go
   * to, the operator's provider clearing account. Keyed by the first round, so two refreshes at
   * once book the same rounds once.
   */
  async function bookPlays(memberId: number, account: GamePlayer): Promise<void> {
    const gameKey = accountKey.game(memberId, account.gameCode);
    const after = (await ledger.latestMark(gameKey, 'play', 'toRound')) ?? 0;
    const rounds = await provider.rounds(account.gameCode, account.username, after);
    if (rounds.length === 0) return;
    const net = rounds.reduce((sum, round) => sum + round.win - round.bet, 0n);
    if (net === 0n) return;
    const currency = await currencyOf(memberId);
    const clearing = accountKey.operator('provider_clearing', currency);
    try {
      await ledger.transfer({
        idempotencyKey: `play:${memberId}:${account.gameCode}:${after}`,
        debit: net > 0n ? clearing : gameKey,
        credit: net > 0n ? gameKey : clearing,
        amount: net > 0n ? net : -net,
        kind: 'play',
        metadata: { memberId, game: account.gameCode, fromRound: after, toRound: rounds.at(-1)!.id },
      });
    } catch (error) {
      // Another refresh booked from the same round first (with more rounds), or money is held
      // on its way out: the next refresh books what is left.
      if (error instanceof AppError) {
        log.info({ memberId, game: account.gameCode, code: error.code }, 'plays not booked now');
        return;
      }
      throw error;
    }
  }

  async function bookPlaysQuietly(memberId: number, account: GamePlayer): Promise<void> {
    try {
      await bookPlays(memberId, account);
    } catch (error) {
      log.warn({ err: error, memberId, game: account.gameCode }, 'could not read plays from the provider');
    }
  }

  async function compareBalance(memberId: number, account: GamePlayer): Promise<void> {
    try {
      const theirs = await provider.balance(account.gameCode, account.username);
      const ours = await balanceOf(accountKey.game(memberId, account.gameCode));
      if (theirs === ours) return;
      const inFlight = (await ledger.pendingHolds()).some(
        (hold) => hold.metadata.memberId === memberId && hold.metadata.game === account.gameCode,
      );
      if (!inFlight) {
        log.error(
          { memberId, game: account.gameCode, theirs: String(theirs), ours: String(ours) },
          'game balance differs from the provider',
        );
      }
    } catch (error) {
      log.warn({ err: error, memberId, game: account.gameCode }, 'could not read the provider balance');
    }
  }

  async function balanceOf(key: string): Promise<bigint> {
    const [state] = await ledger.accountStates([key]);
    return state?.balance ?? 0n;
  }

  /** Brings every game balance (other than `except`) back to the wallet; sub-keys of `key`. */
  async function sweepToWallet(memberId: number, key: string, except?: string) {
    let moved = 0n;
    let pending = false;
    for (const account of await repository.accountsOf(memberId)) {
      if (account.gameCode === except) continue;
      const stepKey = `${key}:sweep:${account.gameCode}`;
      // NOTE: a retry of the same request replays the amount it took the first time.
      const earlier = await ledger.findTransfer(stepKey);
      if (!earlier) await bookPlaysQuietly(memberId, account);
      const amount = earlier?.amount ?? (await balanceOf(accountKey.game(memberId, account.gameCode)));
      if (amount <= 0n) continue;
      try {
        const status = await fromGame(memberId, account, amount, stepKey);
        if (status === 'PENDING') pending = true;
        else moved += amount;
      } catch (error) {
        // One game refusing (or being played at this moment) must not stop the others.
        if (!(error instanceof AppError)) throw error;
        log.warn({ memberId, game: account.gameCode, code: error.code }, 'sweep step failed');
      }
    }
    return { moved, pending };
  }

  function gameAccountView(
    entry: CatalogueEntry,
    account: GameAccountRow | undefined,
    amount: bigint,
  ): GameAccount {
    return {
      code: entry.code,
      name: entry.name,
      logo: entry.logo,
      background: entry.background,
      isActive: account !== undefined,
      amount: Number(amount) as MinorUnits,
      ftWalletSlot: entry.walletFactor,
      web: entry.web,
      android: entry.android,
      ios: entry.ios,
      category: entry.category,
    };
  }

  const service = {
    catalogue,

    async wallet(memberId: number): Promise<WalletResponse> {
      const currency = await openWallet(memberId);
      const [entries, accounts] = await Promise.all([catalogue(), repository.accountsOf(memberId)]);
      const walletKey = accountKey.wallet(memberId);
      const states = await ledger.accountStates([
        walletKey,
        ...accounts.map((account) => accountKey.game(memberId, account.gameCode)),
      ]);
      const stateOf = (key: string) => states.find((state) => state.key === key);
      const wallet = stateOf(walletKey)!;
      return {
        wallet: {
          amount: Number(wallet.balance) as MinorUnits,
          currency,
          updatedAt: wallet.updatedAt.toISOString(),
        },
        games: entries.map((entry) => {
          const account = accounts.find((row) => row.gameCode === entry.code);
          const amount = account ? (stateOf(accountKey.game(memberId, entry.code))?.balance ?? 0n) : 0n;
          return gameAccountView(entry, account, amount);
        }),
      };
    },

    /**
     * Asks every provider the member has an account at: books what was played, then compares
     * the provider's balance with ours. A difference with nothing in flight is logged for staff,
     * never "fixed" by moving money without a cause.
     */
    async refresh(memberId: number): Promise<WalletResponse> {
      const accounts = await repository.accountsOf(memberId);
      await Promise.all(
        accounts.map(async (account) => {
          await bookPlaysQuietly(memberId, account);
          await compareBalance(memberId, account);
        }),
      );
      return service.wallet(memberId);
    },

    async activate(memberId: number, code: string): Promise<GameCredentials> {
      await gameOf(code);
      if (await repository.accountOf(memberId, code)) throw new AppError('SLOT_ALREADY_ACTIVE', 409);
      const currency = await openWallet(memberId);
      const username = usernameFor(memberId);
      let login;
      try {
        login = await provider.createPlayer(code, username);
      } catch (error) {
        // An earlier attempt created the player and died before remembering it: adopt it.
        if (!(error instanceof GameProviderError) || error.code !== 'PLAYER_EXISTS') {
          log.warn({ err: error, memberId, code }, 'provider could not create the player');
          throw new AppError('SLOT_ACTIVATE_FAIL', 502);
        }
        login = await provider.credentials(code, username).catch(() => {
          throw new AppError('GAME_ACTIVATION_FAIL', 502);
        });
      }
      await ledger.openAccount(accountKey.game(memberId, code), currency);
      const inserted = await repository.insertAccount({
        memberId,
        gameCode: code,
        username: login.username,
        password: login.password,
      });
      if (!inserted) throw new AppError('SLOT_ALREADY_ACTIVE', 409);
      return login;
    },

    async credentials(memberId: number, code: string): Promise<GameCredentials> {
      const account = await activeAccount(memberId, code);
      return { username: account.username, password: account.password };
    },

    async resetPassword(memberId: number, code: string): Promise<GameCredentials> {
      const account = await activeAccount(memberId, code);
      try {
        const login = await provider.resetPassword(code, account.username);
        await repository.setPassword(memberId, code, login.password);
        return login;
      } catch (error) {
        log.warn({ err: error, memberId, code }, 'provider could not reset the password');
        throw new AppError('SLOT_RESET_PASSWORD_FAIL', 502);
      }
    },

    /** One transfer between the wallet and a game, or between two games (through the wallet). */
    async transfer(
      memberId: number,
      body: { from: string; to: string; amount: number },
      key: string,
      { firstAttempt = false }: { firstAttempt?: boolean } = {},
    ): Promise<MoneyResult> {
      const amount = BigInt(body.amount);
      // A retry of a transfer already held is answered from the hold, whatever the catalogue says now.
      const result = (status: StepStatus): MoneyResult => ({
        status,
        reference: key,
        amount: body.amount as MinorUnits,
      });
      // NOTE: a first attempt has no traces to look for (one statement fewer per transfer, and
      // three look-ups fewer); the holds below would replay anyway.
      if (!firstAttempt) {
        const states = await ledger.holdStates([`${key}:in`, key, `${key}:out`]);
        for (const step of [`${key}:in`, key]) {
          const state = states.get(step);
          if (state) return result(answerOf(state));
        }
        // A game to game transfer whose first leg is done but whose second never ran (a crash
        // between them) goes on below: the first leg replays, the second runs.
        const firstLeg = states.get(`${key}:out`) ?? null;
        if (firstLeg === 'pending' || firstLeg === 'voided') return result(answerOf(firstLeg));
      }
      const from = body.from === 'wallet' ? null : await playerOf(memberId, body.from);
      const to = body.to === 'wallet' ? null : await playerOf(memberId, body.to);
      let status: StepStatus;
      if (!from && to) {
        status = await toGame(memberId, to, amount, key);
      } else if (from && !to) {
        await bookPlaysQuietly(memberId, from);
        status = await fromGame(memberId, from, amount, key);
      } else if (from && to) {
        // Game to game goes through the wallet; if the second leg fails the money is in the
        // wallet, which is what TRANSFER_FAIL tells the member.
        await bookPlaysQuietly(memberId, from);
        status = await fromGame(memberId, from, amount, `${key}:out`, to.gameCode);
        // NOTE: when the first leg is pending, the reconciler runs the second once it is posted.
        if (status === 'SUCCESS') status = await toGame(memberId, to, amount, `${key}:in`);
      } else {
        throw new AppError('TRANSFER_SAME_ACCOUNT', 400);
      }
      return { status, reference: key, amount: body.amount as MinorUnits };
    },

    /** Everything from the wallet and every other game into `to` (spec section 7). */
    async transferAll(memberId: number, to: string, key: string): Promise<MoneyResult> {
      const target = to === 'wallet' ? null : await playerOf(memberId, to);
      const sweep = await sweepToWallet(memberId, key, target?.gameCode);
      if (!target) {
        return {
          status: sweep.pending ? 'PENDING' : 'SUCCESS',
          reference: key,
          amount: Number(sweep.moved) as MinorUnits,
        };
      }
      const stepKey = `${key}:in`;
      const earlier = await ledger.findTransfer(stepKey);
      await openWallet(memberId);
      const amount = earlier?.amount ?? (await balanceOf(accountKey.wallet(memberId)));
      if (amount <= 0n) {
        return { status: sweep.pending ? 'PENDING' : 'SUCCESS', reference: key, amount: 0 as MinorUnits };
      }
      const status = await toGame(memberId, target, amount, stepKey);
      return {
        status: sweep.pending || status === 'PENDING' ? 'PENDING' : 'SUCCESS',
        reference: key,
        amount: Number(amount) as MinorUnits,
      };
    },

    sweepToWallet: (memberId: number, key: string) => sweepToWallet(memberId, key),

    /** A launch link for the member's own account at a game (spec section 7, Auto login). */
    async launchLink(memberId: number, game: string, username: string): Promise<string> {
      const account = await activeAccount(memberId, game.toUpperCase());
      // NOTE: the path names an account; only the caller's own may be opened.
      if (account.username !== username) throw new AppError('FORBIDDEN', 403);
      let link: string | null;
      try {
        link = await provider.launch(account.gameCode, account.username, 'web');
      } catch (error) {
        log.warn({ err: error, memberId, game }, 'provider gave no launch link');
        throw new AppError('SERVICE_UNAVAILABLE', 503);
      }
      return link ?? fail('NO_GAME', 404);
    },

    /** Keys of the member's wallet and game accounts in the ledger (for the statement). */
    async ledgerKeysOf(memberId: number): Promise<string[]> {
      const accounts = await repository.accountsOf(memberId);
      return [
        accountKey.wallet(memberId),
        ...accounts.map((account) => accountKey.game(memberId, account.gameCode)),
      ];
    },

    /**
     * The reconciler's step for a game hold: asks the provider what became of the reference.
     * A reference the provider never saw is a definite failure only once it has expired (the
     * provider refuses it for good from then on) and no call carrying it can still be on its way.
     */
    async resolveHold(hold: PendingHold): Promise<HoldState> {
      const memberId = Number(hold.metadata.memberId);
      const code = String(hold.metadata.game);
      const status = await provider.status(code, hold.key);
      if (status === 'applied') {
        await ledger.post(hold.key);
        const thenTo = hold.metadata.thenTo;
        if (typeof thenTo === 'string' && hold.key.endsWith(':out')) {
          // The second leg of a game to game transfer whose first leg was pending.
          const target = await repository.accountOf(memberId, thenTo);
          const secondKey = `${hold.key.slice(0, -':out'.length)}:in`;
          if (target) {
            await toGame(memberId, target, hold.amount, secondKey).catch((error: unknown) =>
              log.warn({ err: error, hold: hold.key }, 'second leg failed; the money is in the wallet'),
            );
          }
        }
        return 'posted';
      }
      const expired =
        status === 'not_found' &&
        neverSeenIsFinal(hold.createdAt, options.referenceTtlMs, options.providerTimeoutMs);
      if (status === 'failed' || expired) {
        await ledger.void(hold.key);
        return 'voided';
      }
      return 'pending';
    },
  };
  return service;
}

export type GamesService = ReturnType<typeof createGamesService>;

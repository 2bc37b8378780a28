import type { FastifyBaseLogger } from 'fastify';
import { TRANSFER_MINIMUM, type HeldTransfersResponse, type MoneyResult } from '@wallet/contract/http/wallet';
import type { MinorUnits } from '@wallet/contract/money';
import type { GameProvider, MoveOutcome } from '../../adapters/game-provider/game-provider';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { ClaimTaken, moneyAnswer, type TravellingClaim } from '../../platform/idempotency/idempotency';
import {
  accountKey,
  referenceExpiry,
  type ClaimedHold,
  type HoldState,
  type LedgerService,
} from '../ledger/ledger.service';
import { refuse, type GameAccountsService, type GamePlayer } from './game-accounts.service';
import { createGamesRepository } from './games.repository';
import type { PlaysService } from './plays.service';

export interface GameTransfersOptions {
  db: Database;
  ledger: LedgerService;
  provider: GameProvider;
  accounts: GameAccountsService;
  plays: PlaysService;
  /** A reference we send a provider is refused by it for good after this long. */
  referenceTtlMs: number;
  /** How long a provider call may take; added to the TTL before "never seen" counts as failed. */
  providerTimeoutMs: number;
  log: FastifyBaseLogger;
}

/** What a money step came to: done, or waiting for the provider's answer. */
type StepStatus = MoneyResult['status'];

/** Into the game (from the wallet), or out of it (to the wallet). */
type Direction = 'in' | 'out';

/** A transfer's Idempotency-Key claim travelling with its hold, and its answer with the settle. */
interface Travel {
  claim: TravellingClaim;
  answerOf: (status: 'SUCCESS') => ReturnType<typeof moneyAnswer>;
}

/**
 * Money between a member's wallet and their game accounts.
 *
 * Money to or from a provider is two-phase (docs/decisions/010-two-phase-outside-money.md):
 * a ledger hold first, then the provider call carrying the hold key as its reference, then post
 * (applied) or void (definite failure). An unknown outcome stays held; `resolveHold` (the
 * reconciler) finishes it once the provider can tell.
 */
export function createGameTransfersService(options: GameTransfersOptions) {
  const { ledger, provider, accounts, plays, log } = options;
  const repository = createGamesRepository(options.db);
  // How long the owner of a game-to-game plan has it: its two provider calls, with room to spare.
  const planLeaseMs = 3 * options.providerTimeoutMs + 5_000;

  /**
   * A provider's verdict on a hold, applied to the ledger. `travel`: the Idempotency-Key's claim and
   * the answers of this transfer, which then go in the post's or void's statement (decision 030).
   */
  async function settle(holdKey: string, outcome: MoveOutcome, travel?: Travel): Promise<StepStatus> {
    if (outcome.kind === 'applied') {
      if (travel) {
        await ledger.postWith(holdKey, travel.claim.answer(travel.answerOf('SUCCESS')));
        travel.claim.answered = true;
      } else await ledger.post(holdKey);
      return 'SUCCESS';
    }
    if (outcome.kind === 'failed') {
      if (travel) {
        await ledger.voidWith(
          holdKey,
          travel.claim.answer({ status: 422, body: { message: 'TRANSFER_FAIL' } }),
        );
        travel.claim.answered = true;
      } else await ledger.void(holdKey);
      log.warn({ holdKey, reason: outcome.reason }, 'provider refused a transfer; funds returned');
      return refuse('TRANSFER_FAIL', 422);
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
    if (state === 'voided') return refuse('TRANSFER_FAIL', 422);
    return 'PENDING';
  }

  /**
   * One leg between the wallet and a game: hold, provider call under the hold key, settle.
   * `thenTo`: the game a game-to-game transfer goes on to (kept in the first leg's metadata).
   */
  async function move(
    memberId: number,
    player: GamePlayer,
    direction: Direction,
    amount: bigint,
    key: string,
    thenTo?: string,
    travel?: Travel,
  ) {
    const currency = await accounts.openWallet(memberId);
    const code = player.gameCode;
    const wallet = accountKey.wallet(memberId);
    const game = accountKey.game(memberId, code);
    const into = direction === 'in';
    const request = {
      idempotencyKey: key,
      debit: into ? wallet : game,
      destination: into ? game : wallet,
      amount,
      kind: into ? 'game_deposit' : 'game_withdraw',
      currency,
      metadata: {
        memberId,
        game: code,
        statement: { type: 'transfer', from: into ? 'wallet' : code, to: into ? code : 'wallet' },
        ...(thenTo ? { thenTo } : {}),
      },
    };
    let held;
    if (travel) {
      try {
        held = await ledger.holdClaimed(request, travel.claim.insert);
      } catch (error) {
        // Refused (MONEY_NOT_ENOUGH): the statement committed with the claim, not the hold.
        if (error instanceof AppError) travel.claim.made = true;
        throw error;
      }
      // Taken: nothing moved; the caller answers from what the key stored (or replays).
      if (!held) throw new ClaimTaken();
      travel.claim.made = true;
    } else held = await ledger.hold(request);
    // A copy of this request got here first: it (or the reconciler) talks to the provider.
    if (held.replayed) return answerOf(await ledger.holdState(key));
    const call = { username: player.username, reference: key, amount };
    const expiresAt = referenceExpiry(held.createdAt, options.referenceTtlMs);
    const outcome = into
      ? await provider.deposit(code, { ...call, expiresAt })
      : await provider.withdraw(code, { ...call, expiresAt });
    return settle(key, outcome, travel);
  }

  /**
   * The second leg of a game-to-game transfer, run by the plan's owner (`token`, see
   * games.repository.ts) once the first leg is posted. The plan is done once the second leg's hold
   * exists (from then on the reconciler owns it) or cannot be made (the money stays in the wallet,
   * which TRANSFER_FAIL tells). Answers the second leg's status, or PENDING while the first leg
   * waits for the provider or another owner has taken the plan over.
   */
  async function runSecondLeg(key: string, token: string): Promise<StepStatus> {
    const plan = (await repository.gameToGame(key))!;
    const states = await ledger.holdStates([`${key}:out`, `${key}:in`]);
    const second = states.get(`${key}:in`);
    if (second) {
      await repository.gameToGameDone(key, token);
      return answerOf(second);
    }
    const first = states.get(`${key}:out`);
    if (first === 'pending') {
      // Whoever sees the first leg posted (its resolver, a retry, the sweep) takes it from here.
      await repository.releaseGameToGame(key, token);
      return 'PENDING';
    }
    if (first !== 'posted') {
      // Voided (the money went back to the first game), or never held (a crash before the hold).
      await repository.gameToGameDone(key, token);
      return refuse('TRANSFER_FAIL', 422);
    }
    const owned = await repository.renewGameToGame(key, token, planLeaseMs);
    if (!owned) return 'PENDING';
    try {
      // A game staff switched off meanwhile takes nothing in: the money stays in the wallet, and
      // the member hears where it is (decision 064), not that the game is closed.
      await accounts.openGame(plan.toGame).catch(orReturnedToWallet);
      const player = await accounts.playerOf(plan.memberId, plan.toGame);
      const status = await move(plan.memberId, player, 'in', plan.amount, `${key}:in`);
      await repository.gameToGameDone(key, owned);
      return status;
    } catch (error) {
      // Refused, or the wallet was spent meanwhile: the money is in the wallet. Anything else
      // (the database gone) leaves the plan for the sweep.
      if (error instanceof AppError) {
        log.warn({ key, code: error.code }, 'second leg not made; the money is in the wallet');
        await repository.gameToGameDone(key, owned);
      }
      throw error;
    }
  }

  /** What a game-to-game transfer this caller does not own has come to, so far. */
  async function secondLegAnswer(key: string): Promise<StepStatus> {
    const second = await ledger.holdState(`${key}:in`);
    if (second) return answerOf(second);
    return (await repository.gameToGame(key))?.doneAt ? refuse('TRANSFER_FAIL', 422) : 'PENDING';
  }

  /** Brings every game balance (other than `except`) back to the wallet; sub-keys of `key`. */
  /** A game closed after money left another one for it: the spec's answer for "back in the wallet". */
  const orReturnedToWallet = (error: unknown): never => {
    if (error instanceof AppError && error.code === 'NO_GAME') return refuse('TRANSFER_FAIL', 422);
    throw error;
  };
  const rethrow = (error: unknown): never => {
    throw error;
  };

  async function sweepToWallet(memberId: number, key: string, except?: string) {
    let moved = 0n;
    let pending = false;
    for (const account of await accounts.accountsOf(memberId)) {
      if (account.gameCode === except) continue;
      const stepKey = `${key}:sweep:${account.gameCode}`;
      // NOTE: a retry of the same request replays the amount it took the first time.
      const earlier = await ledger.findTransfer(stepKey);
      if (!earlier) await plays.bookPlaysQuietly(memberId, account);
      const amount =
        earlier?.amount ?? (await accounts.balanceOf(accountKey.game(memberId, account.gameCode)));
      if (amount <= 0n) continue;
      try {
        const status = await move(memberId, account, 'out', amount, stepKey);
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

  return {
    sweepToWallet: (memberId: number, key: string) => sweepToWallet(memberId, key),

    /** One transfer between the wallet and a game, or between two games (through the wallet). */
    async transfer(
      memberId: number,
      body: { from: string; to: string; amount: number },
      key: string,
      {
        firstAttempt = false,
        claim = null,
      }: {
        firstAttempt?: boolean;
        /**
         * The Idempotency-Key's claim, to travel with the hold and its answer with the settle
         * (decision 030): only for a transfer of one leg, between the wallet and one game.
         */
        claim?: TravellingClaim | null;
      } = {},
    ): Promise<MoneyResult> {
      const amount = BigInt(body.amount);
      const result = (status: StepStatus): MoneyResult => ({
        status,
        reference: key,
        amount: body.amount as MinorUnits,
      });
      const travel: Travel | undefined = claim
        ? { claim, answerOf: (status) => moneyAnswer(result(status)) }
        : undefined;
      // A retry of a transfer already held is answered from the hold, whatever the catalogue says now.
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
      // The minimum of the member's currency (decision 067); the body's schema let through the
      // smallest of any currency, so only an amount under the largest needs the currency read.
      if (body.amount < Math.max(...Object.values(TRANSFER_MINIMUM))) {
        const currency = await accounts.currencyOf(memberId);
        if (body.amount < TRANSFER_MINIMUM[currency]) throw new AppError('TRANSFER_MINIMUM', 400);
      }
      // Into a game only while it is open; out of one at any time (decision 064).
      if (body.to !== 'wallet') await accounts.openGame(body.to);
      const from = body.from === 'wallet' ? null : await accounts.playerOf(memberId, body.from);
      const to = body.to === 'wallet' ? null : await accounts.playerOf(memberId, body.to);
      if (!from && to) return result(await move(memberId, to, 'in', amount, key, undefined, travel));
      if (from && !to) {
        await plays.bookPlaysQuietly(memberId, from);
        return result(await move(memberId, from, 'out', amount, key, undefined, travel));
      }
      if (!from || !to) throw new AppError('TRANSFER_SAME_ACCOUNT', 400);
      if (travel) throw new Error('games: a game-to-game transfer claims its key before it starts');
      // Game to game goes through the wallet. The plan is written first, so a crash between the
      // legs is finished by the reconciler (finishGameToGame); if the second leg fails, the money
      // is in the wallet, which is what TRANSFER_FAIL tells the member.
      await plays.bookPlaysQuietly(memberId, from);
      const plan = { key, memberId, toGame: to.gameCode, amount };
      const token = await repository.planGameToGame(plan, planLeaseMs);
      const first = await move(memberId, from, 'out', amount, `${key}:out`, to.gameCode);
      if (token) return result(await runSecondLeg(key, token));
      // A retry: it runs the second leg only if the plan's owner is gone (its lease is over).
      const claimed = first === 'SUCCESS' ? await repository.claimGameToGame(key, planLeaseMs) : null;
      return result(claimed ? await runSecondLeg(key, claimed) : await secondLegAnswer(key));
    },

    /**
     * The member's transfers held at a silent game, from the ledger's pending holds, and all their
     * money in flight (issue 31: home shows where it is). Past its reference's expiry the game can
     * no longer take it: what is left is its word (the reconciler asks), else the money returns.
     */
    async held(memberId: number): Promise<HeldTransfersResponse> {
      const { transfers, inFlight } = await ledger.heldGameTransfers(memberId);
      return {
        inFlight: Number(inFlight) as MinorUnits,
        transfers: transfers.map((hold) => ({
          id: String(hold.transferId),
          game: hold.game,
          direction: hold.direction,
          amount: Number(hold.amount) as MinorUnits,
          createdAt: hold.createdAt.toISOString(),
          waitingFor: hold.ageMs > options.referenceTtlMs ? 'confirmation' : 'provider',
        })),
      };
    },

    /** Everything from the wallet and every other game into `to` (spec section 7). */
    async transferAll(memberId: number, to: string, key: string): Promise<MoneyResult> {
      if (to !== 'wallet') await accounts.openGame(to);
      const target = to === 'wallet' ? null : await accounts.playerOf(memberId, to);
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
      await accounts.openWallet(memberId);
      const amount = earlier?.amount ?? (await accounts.balanceOf(accountKey.wallet(memberId)));
      if (amount <= 0n) {
        return { status: sweep.pending ? 'PENDING' : 'SUCCESS', reference: key, amount: 0 as MinorUnits };
      }
      // Staff may have switched the game off while the sweep waited on other providers: the money
      // gathered stays in the wallet. (A retry of a leg already made finishes it, as any hold.)
      if (!earlier) await accounts.openGame(to).catch(sweep.moved > 0n ? orReturnedToWallet : rethrow);
      const status = await move(memberId, target, 'in', amount, stepKey);
      return {
        status: sweep.pending || status === 'PENDING' ? 'PENDING' : 'SUCCESS',
        reference: key,
        amount: Number(amount) as MinorUnits,
      };
    },

    /**
     * The reconciler's step for a game hold: asks the provider what became of the reference and
     * settles by the one rule of every two-phase flow (ledger: settleByVerdict).
     */
    async resolveHold(hold: ClaimedHold): Promise<HoldState> {
      const verdict = await provider.status(String(hold.metadata.game), hold.key);
      const state = await ledger.settleByVerdict(hold, verdict, {
        ttlMs: options.referenceTtlMs,
        callTimeoutMs: options.providerTimeoutMs,
      });
      // The first leg of a game-to-game transfer: its second leg runs now rather than at the sweep
      // (the request gave the plan up when this leg went pending).
      const plan = hold.key.endsWith(':out') ? hold.key.slice(0, -':out'.length) : null;
      const token = state === 'posted' && plan ? await repository.claimGameToGame(plan, planLeaseMs) : null;
      if (plan && token) {
        await runSecondLeg(plan, token).catch((error: unknown) =>
          log.warn({ err: error, hold: hold.key }, 'second leg failed; the money is in the wallet'),
        );
      }
      return state;
    },

    /**
     * The reconciler's sweep: game-to-game transfers whose second leg was never made (a crash
     * between the legs). Each is claimed (SKIP LOCKED, with a lease), so several processes may
     * sweep at once; answers how many it finished.
     */
    async finishGameToGame(): Promise<number> {
      let finished = 0;
      for (let plan = await repository.claimDueGameToGame(planLeaseMs); plan;) {
        const status = await runSecondLeg(plan.key, plan.token).catch((error: unknown) => {
          if (error instanceof AppError) return 'FAILED' as const;
          throw error;
        });
        if (status !== 'PENDING') finished += 1;
        plan = await repository.claimDueGameToGame(planLeaseMs);
      }
      return finished;
    },
  };
}

export type GameTransfersService = ReturnType<typeof createGameTransfersService>;

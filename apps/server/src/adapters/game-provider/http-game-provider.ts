import type { z } from 'zod';
import {
  GameProviderError,
  type CatalogueEntry,
  type GameLogin,
  type GameProvider,
  type LaunchPlatform,
  type MoveOutcome,
  type PlayedRound,
  type ProviderMove,
  type ReferenceStatus,
} from './game-provider';
import {
  LaunchResponse,
  PROVIDER_KEY_HEADER,
  ProviderCatalogue,
  ProviderError,
  ProviderLogin,
  ProviderPlayer,
  RoundsResponse,
  TransferApplied,
  TransferFailed,
  TransferNotFound,
  TransferStatus,
  toWireAmount,
  type TransferDirection,
} from './protocol';

export interface HttpGameProviderOptions {
  /** The provider API's base URL, read at each call (the sandbox's port is known only after listen). */
  baseUrl: () => string;
  key: string;
  /** Past this a call is abandoned: a money move's outcome is then unknown. */
  timeoutMs: number;
  fetch?: typeof fetch;
}

interface Answer {
  status: number;
  /** The parsed JSON body; undefined when the body was not JSON. */
  body: unknown;
}

const segment = encodeURIComponent;

/** Why a call got no answer, in a few words for the logs and for `unknown` outcomes. */
function describeFailure(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return 'timeout';
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  return `network error${cause?.code ? ` (${cause.code})` : error instanceof Error ? ` (${error.message})` : ''}`;
}

/**
 * A game provider over HTTP (protocol.ts): JSON with the key in `x-provider-key`. In sandbox mode
 * it calls the sandbox provider mounted on this server, in production the operator's gateway.
 */
export class HttpGameProvider implements GameProvider {
  constructor(private readonly options: HttpGameProviderOptions) {}

  /** One call; throws only when no answer came (timeout, connection refused or lost). */
  private async call(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<Answer> {
    const doFetch = this.options.fetch ?? fetch;
    const headers: Record<string, string> = { [PROVIDER_KEY_HEADER]: this.options.key };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    // NOTE: the one signal covers the body too: a provider that sends headers and then stalls
    // times out like one that never answers.
    const response = await doFetch(`${this.options.baseUrl().replace(/\/$/, '')}${path}`, {
      method,
      headers,
      body: payload === undefined ? undefined : JSON.stringify(payload),
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  }

  /** A call other than a money move: the expected answer, or a GameProviderError. */
  private async expect<S extends z.ZodType>(
    schema: S,
    method: 'GET' | 'POST',
    path: string,
    payload?: unknown,
  ): Promise<z.infer<S>> {
    let answer: Answer;
    try {
      answer = await this.call(method, path, payload);
    } catch (error) {
      throw new GameProviderError(`game provider ${method} ${path}: ${describeFailure(error)}`);
    }
    if (answer.status === 200) {
      const parsed = schema.safeParse(answer.body);
      if (parsed.success) return parsed.data;
      throw new GameProviderError(`game provider ${method} ${path}: malformed answer`);
    }
    const refusal = ProviderError.safeParse(answer.body);
    throw new GameProviderError(
      `game provider ${method} ${path} answered ${answer.status}`,
      refusal.success ? refusal.data.error : null,
    );
  }

  async catalogue(): Promise<CatalogueEntry[]> {
    return (await this.expect(ProviderCatalogue, 'GET', '/games')).games;
  }

  async createPlayer(gameCode: string, username: string): Promise<GameLogin> {
    return this.expect(ProviderLogin, 'POST', '/players', { gameCode, username });
  }

  async credentials(gameCode: string, username: string): Promise<GameLogin> {
    const { password } = await this.expect(
      ProviderPlayer,
      'GET',
      `/players/${segment(gameCode)}/${segment(username)}`,
    );
    return { username, password };
  }

  async resetPassword(gameCode: string, username: string): Promise<GameLogin> {
    return this.expect(ProviderLogin, 'POST', `/players/${segment(gameCode)}/${segment(username)}/password`);
  }

  async balance(gameCode: string, username: string): Promise<bigint> {
    const player = await this.expect(
      ProviderPlayer,
      'GET',
      `/players/${segment(gameCode)}/${segment(username)}`,
    );
    return BigInt(player.balance);
  }

  deposit(gameCode: string, move: ProviderMove): Promise<MoveOutcome> {
    return this.move(gameCode, 'deposit', move);
  }

  withdraw(gameCode: string, move: ProviderMove): Promise<MoveOutcome> {
    return this.move(gameCode, 'withdraw', move);
  }

  /** Never throws: applied or failed only on a clear verdict about this reference, else unknown. */
  private async move(
    gameCode: string,
    direction: TransferDirection,
    move: ProviderMove,
  ): Promise<MoveOutcome> {
    // Not sent at all, so it cannot have moved: a definite failure.
    if (move.amount <= 0n || move.amount > BigInt(Number.MAX_SAFE_INTEGER)) {
      return { kind: 'failed', reason: 'AMOUNT_OUT_OF_RANGE' };
    }
    let answer: Answer;
    try {
      answer = await this.call('POST', '/transfers', {
        gameCode,
        username: move.username,
        reference: move.reference,
        direction,
        amount: toWireAmount(move.amount),
        expiresAt: move.expiresAt.toISOString(),
      });
    } catch (error) {
      return { kind: 'unknown', reason: describeFailure(error) };
    }
    if (answer.status === 200) {
      const applied = TransferApplied.safeParse(answer.body);
      if (applied.success && applied.data.reference === move.reference) return { kind: 'applied' };
    }
    if (answer.status === 422) {
      const failed = TransferFailed.safeParse(answer.body);
      if (failed.success && failed.data.reference === move.reference) {
        return { kind: 'failed', reason: failed.data.reason };
      }
    }
    const refusal = ProviderError.safeParse(answer.body);
    return {
      kind: 'unknown',
      reason: `provider answered ${answer.status}${refusal.success ? ` ${refusal.data.error}` : ' without a verdict'}`,
    };
  }

  async status(gameCode: string, reference: string): Promise<ReferenceStatus> {
    const path = `/transfers/${segment(gameCode)}/${segment(reference)}`;
    let answer: Answer;
    try {
      answer = await this.call('GET', path);
    } catch (error) {
      throw new GameProviderError(`game provider GET ${path}: ${describeFailure(error)}`);
    }
    // NOTE: a 404 counts only with the provider's own not_found: a 404 of a proxy or of a wrong
    // base URL says nothing about the reference.
    if (answer.status === 404 && TransferNotFound.safeParse(answer.body).success) return 'not_found';
    if (answer.status === 200) {
      const known = TransferStatus.safeParse(answer.body);
      if (known.success && known.data.reference === reference) return known.data.status;
    }
    throw new GameProviderError(`game provider GET ${path} answered ${answer.status} without a verdict`);
  }

  async launch(gameCode: string, username: string, platform: LaunchPlatform): Promise<string | null> {
    return (await this.expect(LaunchResponse, 'POST', '/launch', { gameCode, username, platform })).link;
  }

  async rounds(gameCode: string, username: string, afterRoundId: number): Promise<PlayedRound[]> {
    const path = `/players/${segment(gameCode)}/${segment(username)}/rounds?after=${afterRoundId}`;
    const { rounds } = await this.expect(RoundsResponse, 'GET', path);
    return rounds.map((round) => ({
      id: round.id,
      bet: BigInt(round.bet),
      win: BigInt(round.win),
      playedAt: new Date(round.playedAt),
    }));
  }
}

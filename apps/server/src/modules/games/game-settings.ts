import type { GameLaunch, GameSettingChange } from '@wallet/contract/http/console-games';
import type { CatalogueEntry } from '../../adapters/game-provider/game-provider';
import type { Database } from '../../platform/db/database';
import type { RedisHandle } from '../../platform/redis';
import { createGameSettingsRepository, type GameSettingRow } from './game-settings.repository';

export interface GameSettingsOptions {
  db: Database;
  /** With Redis, a version number there tells every process that the settings changed. */
  redis: RedisHandle | null;
  /** The embedded database serves one process, which makes every change itself. */
  embedded: boolean;
  /** Names the version's key: the processes of one database share it. */
  scope: string;
  now?: () => number;
}

/** A game of the catalogue as members get it: staff's settings laid over the provider's entry. */
export interface SettledGame {
  /** The provider's entry with the factor members are shown and only the platforms left on. */
  entry: CatalogueEntry;
  /** What the provider's catalogue said. */
  provider: CatalogueEntry;
  enabled: boolean;
  position: number;
  /** Staff's factor, or null for the provider's. */
  walletFactor: number | null;
  launch: GameLaunch;
}

/**
 * How long a process trusts what it read without asking again. With Redis it asks the version at
 * each read and this only bounds a change whose version bump was lost (Redis down at that moment);
 * alone on the embedded database the one process drops its copy at each change.
 */
const MAX_AGE_MS = 10_000;

/**
 * Staff's settings of the games (decision 064), read by every member call that lists, launches or
 * moves money into a game. Each process keeps a copy. A change bumps a version in Redis after it
 * commits and before it answers; every read compares that version (one Redis call, no database
 * statement on the transfer path, decision 030) and reads the table again when it moved. Without
 * Redis on a shared database every read goes to the table.
 */
export function createGameSettings(options: GameSettingsOptions) {
  const { redis } = options;
  const now = options.now ?? Date.now;
  const repository = createGameSettingsRepository(options.db);
  const versionKey = `wallet:game-settings:${options.scope}`;
  const keeps = redis !== null || options.embedded;
  let cached: { rows: Map<string, GameSettingRow>; version: string | null; at: number } | null = null;

  const mapOf = (rows: GameSettingRow[]) => new Map(rows.map((row) => [row.gameCode, row]));

  async function rows(): Promise<Map<string, GameSettingRow>> {
    if (!keeps) return mapOf(await repository.all());
    let version: string | null = null;
    if (redis) {
      try {
        version = (await redis.client.get(versionKey)) ?? '0';
      } catch {
        // Redis cannot say whether anything changed: the table can.
        return mapOf(await repository.all());
      }
    }
    if (cached && cached.version === version && now() - cached.at < MAX_AGE_MS) return cached.rows;
    // NOTE: the version is read before the rows: a change committed after this read bumps it
    // again, so a copy read during a change is never kept under the newer version.
    const fresh = mapOf(await repository.all());
    cached = { rows: fresh, version, at: now() };
    return fresh;
  }

  async function changed(): Promise<void> {
    cached = null;
    // A lost bump is bounded by MAX_AGE_MS in the other processes.
    if (redis) await redis.client.incr(versionKey).catch(() => undefined);
  }

  /** The catalogue as staff set it, in the carousels' order (games without a row last, as listed). */
  async function settle(catalogue: CatalogueEntry[]): Promise<SettledGame[]> {
    const settings = await rows();
    const settled = catalogue.map((provider, index) => {
      const row = settings.get(provider.code);
      const launch = {
        web: row?.launchWeb ?? true,
        android: row?.launchAndroid ?? true,
        ios: row?.launchIos ?? true,
      };
      const walletFactor = row?.walletFactor == null ? null : Number(row.walletFactor);
      return {
        provider,
        entry: {
          ...provider,
          walletFactor: walletFactor ?? provider.walletFactor,
          web: launch.web ? provider.web : null,
          android: launch.android ? provider.android : null,
          ios: launch.ios ? provider.ios : null,
        },
        enabled: row?.enabled ?? true,
        position: row?.position ?? Number.MAX_SAFE_INTEGER,
        walletFactor,
        launch,
        index,
      };
    });
    settled.sort((a, b) => a.position - b.position || a.index - b.index);
    return settled.map(({ index: _index, ...game }, place) => ({ ...game, position: place + 1 }));
  }

  /** What the audit keeps of a game's settings. */
  const view = (row: GameSettingRow) => ({
    enabled: row.enabled,
    walletFactor: row.walletFactor == null ? null : Number(row.walletFactor),
    launch: { web: row.launchWeb, android: row.launchAndroid, ios: row.launchIos },
  });

  return {
    settle,

    /** Sets one game's settings whole; `audit` runs in the change's transaction. */
    async change(
      code: string,
      change: GameSettingChange,
      audit: (
        tx: Pick<Database, 'execute'>,
        before: ReturnType<typeof view>,
        after: ReturnType<typeof view>,
      ) => Promise<void>,
    ): Promise<void> {
      await repository.change(
        code,
        () => ({
          enabled: change.enabled,
          walletFactor: change.walletFactor === null ? null : String(change.walletFactor),
          launchWeb: change.launch.web,
          launchAndroid: change.launch.android,
          launchIos: change.launch.ios,
        }),
        (tx, before, after) => audit(tx, view(before), view(after)),
      );
      await changed();
    },

    /** Places the games in this order; `audit` runs in the change's transaction. */
    async reorder(
      codes: string[],
      audit: (tx: Pick<Database, 'execute'>, before: string[], after: string[]) => Promise<void>,
    ): Promise<void> {
      await repository.reorder(codes, audit);
      await changed();
    },
  };
}

export type GameSettings = ReturnType<typeof createGameSettings>;

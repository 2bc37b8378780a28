import type { GameSetting, GameSettingChange } from '@wallet/contract/http/console-games';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { LedgerService } from '../ledger/ledger.service';
import { refuse, type GameAccountsService } from './game-accounts.service';
import type { GameSettings } from './game-settings';

/** An audit row written in the change's transaction, with what it was and what it became. */
type Audit = (tx: Pick<Database, 'execute'>, detail: { before: unknown; after: unknown }) => Promise<void>;

/**
 * The console's games (issue 28 section 2, decision 064): every game of the catalogue with staff's
 * settings and the provider's own values beside them, one game's settings set whole, and the
 * carousels' order. Each change commits with its audit row; every process reads it at its next call.
 */
export function createGameSettingsDesk(options: {
  accounts: GameAccountsService;
  settings: GameSettings;
  ledger: Pick<LedgerService, 'gameHolders'>;
}) {
  const { accounts, settings, ledger } = options;

  return {
    async list(): Promise<GameSetting[]> {
      const [games, holders] = await Promise.all([accounts.games(), ledger.gameHolders()]);
      return games.map((game) => ({
        code: game.entry.code,
        name: game.entry.name,
        category: game.entry.category,
        position: game.position,
        enabled: game.enabled,
        walletFactor: game.walletFactor,
        launch: game.launch,
        provider: {
          walletFactor: game.provider.walletFactor,
          web: game.provider.web !== null,
          android: game.provider.android !== null,
          ios: game.provider.ios !== null,
        },
        membersWithMoney: holders.get(game.entry.code) ?? 0,
      }));
    },

    /** One game's settings, whole (NO_GAME for a code the catalogue does not have). */
    async change(code: string, change: GameSettingChange, audit: Audit): Promise<GameSetting> {
      const known = (await accounts.catalogue()).some((entry) => entry.code === code);
      if (!known) refuse('NO_GAME', 404);
      await settings.change(code, change, (tx, before, after) => audit(tx, { before, after }));
      return (await this.list()).find((game) => game.code === code)!;
    },

    /** The carousels' order: every game of the catalogue once (GAME_ORDER_INVALID otherwise). */
    async reorder(codes: string[], audit: Audit): Promise<GameSetting[]> {
      const catalogue = new Set((await accounts.catalogue()).map((entry) => entry.code));
      if (codes.length !== catalogue.size || codes.some((code) => !catalogue.has(code))) {
        throw new AppError('GAME_ORDER_INVALID', 400);
      }
      await settings.reorder(codes, (tx, before, after) => audit(tx, { before, after }));
      return this.list();
    },
  };
}

export type GameSettingsDesk = ReturnType<typeof createGameSettingsDesk>;

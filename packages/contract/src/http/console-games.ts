import { z } from 'zod';
import { GAME_CATEGORIES, WalletFactor } from './wallet';

/**
 * The games of the site as staff keep them (issue 28 section 2, docs/decisions/064): on or off,
 * their order in the carousels, the wallet factor members are shown and the platforms a game is
 * launched on. The factor is checked by `WalletFactor`, the schema of the member's `ftWalletSlot`.
 */

export const GAME_PLATFORMS = ['web', 'android', 'ios'] as const;
export type GamePlatform = (typeof GAME_PLATFORMS)[number];

/** Where members may launch a game: web (auto login), the Android and the iOS app links. */
export const GameLaunch = z.object({ web: z.boolean(), android: z.boolean(), ios: z.boolean() });
export type GameLaunch = z.infer<typeof GameLaunch>;

/** A game code as the catalogue spells it. */
export const GameCodeParam = z.object({ code: z.string().regex(/^[A-Z0-9_]{1,32}$/, 'NO_GAME') });

/** PUT /api/console/settings/games/{code}: what staff set of one game, whole. */
export const GameSettingChange = z
  .object({
    /** Off: hidden from members, no launch, no transfer in; money in it can still come out. */
    enabled: z.boolean(),
    /** null: the provider's own factor. */
    walletFactor: WalletFactor.nullable(),
    /** A platform the provider has no link for stays off whatever is set here. */
    launch: GameLaunch,
  })
  .meta({ id: 'GameSettingChange' });
export type GameSettingChange = z.infer<typeof GameSettingChange>;

export const GameSetting = GameSettingChange.extend({
  code: z.string(),
  name: z.string(),
  category: z.enum(GAME_CATEGORIES),
  /** Its place in the carousels, 1 first. */
  position: z.int().positive(),
  /** What the provider's catalogue says, for staff to compare with. */
  provider: z.object({
    walletFactor: z.number().positive(),
    web: z.boolean(),
    android: z.boolean(),
    ios: z.boolean(),
  }),
  /** Members holding money in it now (what switching it off leaves them to move back). */
  membersWithMoney: z.int().min(0),
}).meta({ id: 'GameSetting' });
export type GameSetting = z.infer<typeof GameSetting>;

/** GET /api/console/settings/games: every game of the catalogue, in the carousels' order. */
export const GameSettingsResponse = z
  .object({ games: z.array(GameSetting) })
  .meta({ id: 'GameSettingsResponse' });
export type GameSettingsResponse = z.infer<typeof GameSettingsResponse>;

/** PUT /api/console/settings/games/order: every game's code once, first shown first. */
export const GameOrderRequest = z
  .object({
    codes: z
      .array(GameCodeParam.shape.code)
      .min(1)
      .max(500)
      .refine((codes) => new Set(codes).size === codes.length, 'GAME_ORDER_INVALID'),
  })
  .meta({ id: 'GameOrderRequest' });
export type GameOrderRequest = z.infer<typeof GameOrderRequest>;

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GameCodeParam,
  GameOrderRequest,
  GameSetting,
  GameSettingChange,
  GameSettingsResponse,
} from '@wallet/contract/http/console-games';
import { errorResponses } from '../../platform/errors';
import type { GamesService } from './games.service';

const errors = errorResponses(400, 401, 403, 404);

/**
 * The games of the site on the console (issue 28 section 2, decision 064), `settings.manage` like
 * every site setting (decision 059): the list, one game's settings, and the carousels' order. Each
 * change writes its audit row (before → after) in its own transaction.
 */
export const gameSettingsConsoleRoutes: FastifyPluginAsyncZod<{ games: GamesService }> = async (
  app,
  { games },
) => {
  const schema = (summary: string) => ({ tags: ['console'], summary, security: [{ bearer: [] }] });
  const secured = { onRequest: app.requirePermission('settings.manage') };
  const desk = games.settingsDesk;

  app.get(
    '/api/console/settings/games',
    {
      ...secured,
      schema: {
        ...schema("The catalogue's games as members get them, in the carousels' order"),
        response: { 200: GameSettingsResponse, ...errors },
      },
    },
    async () => ({ games: await desk.list() }),
  );

  // NOTE: registered before /{code}: "order" is not a game.
  app.put(
    '/api/console/settings/games/order',
    {
      ...secured,
      schema: {
        ...schema("Places the games in the carousels' order (every game once, first shown first)"),
        body: GameOrderRequest,
        response: { 200: GameSettingsResponse, ...errors },
      },
    },
    async (request) => ({
      games: await desk.reorder(request.body.codes, (tx, detail) =>
        app.staffAudit.recordIn(tx, request, 'settings.games', 'games:order', detail),
      ),
    }),
  );

  app.put(
    '/api/console/settings/games/:code',
    {
      ...secured,
      schema: {
        ...schema("Sets one game's settings whole: on or off, wallet factor, launch platforms"),
        params: GameCodeParam,
        body: GameSettingChange,
        response: { 200: GameSetting, ...errors },
      },
    },
    async (request) =>
      desk.change(request.params.code, request.body, (tx, detail) =>
        app.staffAudit.recordIn(tx, request, 'settings.games', `game:${request.params.code}`, detail),
      ),
  );
};

import { readFileSync } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toWireAmount } from '../../adapters/game-provider/protocol';
import { backgroundSvg, logoSvg, SLOT_SYMBOLS, symbolSvg } from './sandbox-provider.art';
import { PAGES_PATH, sandboxGame } from './sandbox-provider.catalogue';
import { ProviderRefusal, type SandboxProviderService } from './sandbox-provider.service';
import { SLOT_BETS } from './sandbox-provider.slot';
import { expiredPage, playPage } from './play-page.html';
import { answerAsProvider } from './provider-api.routes';

export interface PlayPagesOptions {
  provider: SandboxProviderService;
}

const asset = (name: string) => readFileSync(new URL(`./play-page/${name}`, import.meta.url), 'utf8');

const Token = z.object({ token: z.string().min(1).max(100) });
const SpinRequest = z.object({ bet: z.literal(SLOT_BETS) });
const SvgType = 'image/svg+xml; charset=utf-8';

/**
 * What the sandbox provider shows people: the games' artwork (the catalogue links to it) and
 * the demo slot a web launch link opens. Not part of the member API: hidden from its document.
 */
export const playPagesRoutes: FastifyPluginAsyncZod<PlayPagesOptions> = async (app, { provider }) => {
  answerAsProvider(app);
  const script = asset('slot.js');
  const stylesheet = asset('slot.css');
  const schema = { hide: true };

  app.get(
    `${PAGES_PATH}/art/:code/:file`,
    {
      schema: {
        ...schema,
        params: z.object({ code: z.string(), file: z.enum(['logo.svg', 'background.svg']) }),
      },
    },
    async (request, reply) => {
      const game = sandboxGame(request.params.code);
      if (!game) throw new ProviderRefusal('NO_GAME', 404);
      return reply
        .type(SvgType)
        .send(request.params.file === 'logo.svg' ? logoSvg(game) : backgroundSvg(game));
    },
  );

  app.get(
    `${PAGES_PATH}/symbols/:file`,
    { schema: { ...schema, params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const symbol = SLOT_SYMBOLS.find((name) => `${name}.svg` === request.params.file);
      if (!symbol) throw new ProviderRefusal('NOT_FOUND', 404);
      return reply.type(SvgType).send(symbolSvg(symbol));
    },
  );

  app.get(`${PAGES_PATH}/slot.js`, { schema }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(script),
  );
  app.get(`${PAGES_PATH}/slot.css`, { schema }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(stylesheet),
  );

  app.get(`${PAGES_PATH}/play/:token`, { schema: { ...schema, params: Token } }, async (request, reply) => {
    reply.type('text/html; charset=utf-8');
    try {
      const { game, balance } = await provider.playerOfLaunch(request.params.token);
      return reply.send(playPage(request.params.token, game, balance));
    } catch (error) {
      if (!(error instanceof ProviderRefusal)) throw error;
      return reply.code(404).send(expiredPage());
    }
  });

  app.get(`${PAGES_PATH}/play/:token/state`, { schema: { ...schema, params: Token } }, async (request) => {
    const { game, balance } = await provider.playerOfLaunch(request.params.token);
    return { gameCode: game.code, name: game.name, balance: toWireAmount(balance) };
  });

  app.post(
    `${PAGES_PATH}/play/:token/spin`,
    { schema: { ...schema, params: Token, body: SpinRequest } },
    async (request) => {
      const spin = await provider.spin(request.params.token, BigInt(request.body.bet));
      return {
        reels: spin.reels,
        bet: toWireAmount(spin.bet),
        win: toWireAmount(spin.win),
        balance: toWireAmount(spin.balance),
      };
    },
  );
};

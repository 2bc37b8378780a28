import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isApiPath, pathOf } from './request-policy';
import { sendApiNotFound } from './errors';

export interface StaticWebOptions {
  /** The built member app (apps/web/dist); absent when it has not been built. */
  webDistDir: string;
  /** Files the server itself ships, such as the how-to clips (served under /media/). */
  mediaDir: string;
}

/**
 * Serves the built member app with history fallback (so /user/home reloads), and the
 * server's media. Anything under /api that no route answers gets the NOT_FOUND code.
 */
export async function registerStaticWeb(app: FastifyInstance, { webDistDir, mediaDir }: StaticWebOptions) {
  const hasWeb = existsSync(path.join(webDistDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: true,
      index: false,
      // The build writes .br and .gz siblings of its text files (apps/web/scripts/precompress.mjs):
      // the best one the browser accepts is sent, with Content-Encoding and Vary: Accept-Encoding,
      // for the shell too (sendFile); no sibling, or no encoding accepted, sends the file itself.
      preCompressed: true,
      // NOTE: source maps would publish our whole source; the build makes none, and none is served.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(res, filePath) {
        // Hashed build files never change; the shell and the service worker always may.
        const cacheable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', cacheable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn(`member app not built (${webDistDir}): run npm run build`);
  }
  await app.register(fastifyStatic, { root: mediaDir, prefix: '/media/', decorateReply: !hasWeb });

  const sendShell = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', webDistDir);
  // NOTE: without an index, the static plugin would refuse "/" as a directory listing.
  if (hasWeb) app.get('/', { schema: { hide: true } }, (_request, reply) => sendShell(reply));

  app.setNotFoundHandler((request, reply) => {
    const urlPath = pathOf(request.url);
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(urlPath) || !hasWeb || !wantsPage || path.extname(urlPath) !== '') {
      return sendApiNotFound(reply);
    }
    // Every other page path belongs to the app's router, which shows its own 404 page.
    return sendShell(reply);
  });
}

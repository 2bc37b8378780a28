import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BANNER_IMAGE_LIMITS,
  ConsoleOfferResponse,
  OfferBannerParams,
} from '@wallet/contract/http/console-offers';
import { AppError, errorResponses } from '../../../platform/errors';
import type { FileStorage } from '../../../platform/storage';
import type { GrantsService } from '../engine/grants.service';
import { createBannerStore, reencodeBanner } from './offer-banners';
import { createOfferDesk } from './offer-desk';

export interface OfferBannersRoutesOptions {
  grants: GrantsService;
  /** Where banner images are kept (a folder of the data folder by default; S3-compatible later). */
  storage: FileStorage;
}

/**
 * Offers' banner images uploaded through the console (issue 28 section 1, decision 063): checked
 * by their bytes, re-encoded, stored, and set on the offer under `offers.manage`, audited before →
 * after in the offer's transaction; and served to members' pages.
 */
export const offerBannersRoutes: FastifyPluginAsyncZod<OfferBannersRoutesOptions> = async (
  app,
  { grants, storage },
) => {
  // NOTE: a file over the limit is cut there and toBuffer() throws: nothing past it is read.
  await app.register(multipart, {
    limits: { fileSize: BANNER_IMAGE_LIMITS.maxBytes, files: 1, fields: 0, parts: 1 },
  });
  const desk = createOfferDesk(grants);
  const banners = createBannerStore(storage);

  app.put(
    '/api/console/offers/:code/banners/:index/image',
    {
      onRequest: app.requirePermission('offers.manage'),
      schema: {
        tags: ['console'],
        security: [{ bearer: [] }],
        summary:
          'Uploads the image of banner `index` (multipart, field `file`: PNG or JPEG, at most 5 MB); one past the last adds a banner',
        consumes: ['multipart/form-data'],
        params: OfferBannerParams,
        response: { 200: ConsoleOfferResponse, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('BANNER_NO_FILE', 400);
      const file = await request.file();
      if (!file || file.fieldname !== 'file') throw new AppError('BANNER_NO_FILE', 400);
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('BANNER_TOO_LARGE', 413);
        throw error;
      }
      if (bytes.length === 0) throw new AppError('BANNER_NO_FILE', 400);
      // Checked and re-encoded before the offer is locked: a refused file changes nothing.
      const banner = await reencodeBanner(bytes);
      const { code, index } = request.params;
      return {
        offer: await desk.setBannerImage(
          code,
          index,
          () => banners.put(banner),
          (tx, detail) => app.staffAudit.recordIn(tx, request, 'offer.banner', `offer:${code}`, detail),
        ),
      };
    },
  );

  // Loaded by <img> on members' and staff's pages, so no session and no client header: a banner is
  // public artwork. Named by its hash, so an address never changes what it shows.
  app.get(
    '/api/media/banners/:name',
    { schema: { hide: true, params: z.object({ name: z.string().max(80) }) } },
    async (request, reply) => {
      const banner = await banners.get(request.params.name);
      if (!banner) throw new AppError('NOT_FOUND', 404);
      return reply
        .header('content-type', banner.contentType)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(banner.bytes);
    },
  );
};

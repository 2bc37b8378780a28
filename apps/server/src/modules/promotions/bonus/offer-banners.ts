import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { BANNER_IMAGE_LIMITS } from '@wallet/contract/http/console-offers';
import { AppError } from '../../../platform/errors';
import { checkImageBytes, type ImageType } from '../../../platform/image-check';
import type { FileStorage } from '../../../platform/storage';

/** Where stored banners are served (GET /api/media/banners/:name, no session: members' <img>). */
export const BANNER_URL_PREFIX = '/api/media/banners/';
/** A stored banner's name: the re-encoded bytes' hash, then its format. */
export const BANNER_NAME = /^[A-Za-z0-9_-]{16,64}\.(?:jpg|png)$/;

const EXTENSION: Record<ImageType, 'jpg' | 'png'> = { jpeg: 'jpg', png: 'png' };
const CONTENT_TYPE = { jpg: 'image/jpeg', png: 'image/png' } as const;

/**
 * An uploaded banner as it may be kept and served, the way slips are kept (decision 014): judged
 * by its bytes alone (platform/image-check: PNG or JPEG, size from the header before decoding, no
 * data after the image), then re-encoded from its pixels alone, so no chunk, metadata, comment or
 * appended file of the upload survives, and fitted inside BANNER_IMAGE_LIMITS' box (a banner is
 * shown at most about 1200 px wide; a phone photo is four times that).
 */
export async function reencodeBanner(bytes: Buffer): Promise<{ type: ImageType; image: Buffer }> {
  const check = checkImageBytes(bytes, BANNER_IMAGE_LIMITS);
  if (!check.ok) {
    if (check.reason === 'TOO_LARGE' || check.reason === 'TOO_MANY_PIXELS')
      throw new AppError('BANNER_TOO_LARGE', 413);
    throw new AppError('BANNER_NOT_AN_IMAGE', 415);
  }
  try {
    // NOTE: rotate() first turns the pixels upright by the EXIF orientation, which goes with the rest.
    const { data, info } = await sharp(bytes, { limitInputPixels: BANNER_IMAGE_LIMITS.maxPixels })
      .rotate()
      .resize({
        width: BANNER_IMAGE_LIMITS.maxWidth,
        height: BANNER_IMAGE_LIMITS.maxHeight,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const image =
      check.type === 'png'
        ? await pixels.png({ compressionLevel: 9 }).toBuffer()
        : await pixels.jpeg({ quality: 85 }).toBuffer();
    return { type: check.type, image };
  } catch {
    // The header passed the checks but the decoder refused the data (corrupt or truncated).
    throw new AppError('BANNER_NOT_AN_IMAGE', 415);
  }
}

/** Stored banners: put under their hash (the same image twice is one file), read by name. */
export function createBannerStore(storage: FileStorage) {
  return {
    /** Keeps a re-encoded image; answers the address members' pages load it from. */
    async put(banner: { type: ImageType; image: Buffer }): Promise<string> {
      const hash = createHash('sha256').update(banner.image).digest('base64url').slice(0, 32);
      const name = `${hash}.${EXTENSION[banner.type]}`;
      await storage.put(`banners/${name}`, banner.image);
      return `${BANNER_URL_PREFIX}${name}`;
    },

    /** A stored banner's bytes and type, or null. */
    async get(name: string): Promise<{ bytes: Buffer; contentType: string } | null> {
      if (!BANNER_NAME.test(name)) return null;
      const bytes = await storage.get(`banners/${name}`);
      return bytes ? { bytes, contentType: CONTENT_TYPE[name.endsWith('.png') ? 'png' : 'jpg'] } : null;
    },
  };
}

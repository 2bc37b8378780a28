import sharp from 'sharp';
import type { SlipNote } from '@wallet/contract/errors';
import { decodeImage, findQrTexts, type DecodedImage } from './decode-qr';
import {
  checkImageBytes,
  type ImageLimits,
  type ImageRefusal,
  type ImageType,
} from '../../../platform/image-check';
import { readSlipPayload, type SlipPayload } from './slip-payload';

/**
 * An uploaded slip image to the bank's reference of the transfer: check the bytes, read the QR
 * codes, keep the slip payloads, and make the copy that is kept: the image re-encoded from its
 * pixels alone. A failure is one of the slip notes of the contract, with a reason for the log.
 */

export type SlipReadingNote = Extract<
  SlipNote,
  'INVALID_SLIP' | 'UNSTABLE_REFNO_ON_SLIP' | 'IMG_SIZE_UNABLE_TO_PROCESS' | 'CANNOT_READ_CROPPED_IMAGE'
>;

export type SlipReading =
  | ({
      ok: true;
      type: ImageType;
      width: number;
      height: number;
      /** The image to keep and show: its pixels re-encoded (same format), nothing else of the upload. */
      image: Uint8Array;
    } & SlipPayload)
  | { ok: false; note: SlipReadingNote; reason: string };

const NOTE_OF_REFUSAL: Record<ImageRefusal, SlipReadingNote> = {
  NOT_AN_IMAGE: 'CANNOT_READ_CROPPED_IMAGE',
  MALFORMED: 'CANNOT_READ_CROPPED_IMAGE',
  TOO_LARGE: 'IMG_SIZE_UNABLE_TO_PROCESS',
  TOO_MANY_PIXELS: 'IMG_SIZE_UNABLE_TO_PROCESS',
};

export async function readSlip(bytes: Buffer, limits: ImageLimits): Promise<SlipReading> {
  const image = checkImageBytes(bytes, limits);
  if (!image.ok) return { ok: false, note: NOTE_OF_REFUSAL[image.reason], reason: image.reason };

  let decoded: DecodedImage;
  let texts: string[];
  try {
    decoded = await decodeImage(bytes, limits.maxPixels);
    texts = await findQrTexts(decoded);
  } catch (error) {
    // The header passed the checks but the decoder refused the data (corrupt or truncated).
    return { ok: false, note: 'CANNOT_READ_CROPPED_IMAGE', reason: `DECODE_FAILED: ${messageOf(error)}` };
  }
  if (texts.length === 0) return { ok: false, note: 'INVALID_SLIP', reason: 'NO_QR_CODE' };

  const slips = new Map<string, SlipPayload>();
  for (const text of texts) {
    const slip = readSlipPayload(text);
    if (slip) slips.set(`${slip.sendingBank}/${slip.transRef}`, slip);
  }
  const [slip, ...others] = slips.values();
  if (!slip) return { ok: false, note: 'INVALID_SLIP', reason: 'NO_SLIP_PAYLOAD' };
  // Two slips in one image: which transfer the member means cannot be told.
  if (others.length > 0)
    return { ok: false, note: 'UNSTABLE_REFNO_ON_SLIP', reason: 'SEVERAL_SLIP_PAYLOADS' };
  return {
    ok: true,
    type: image.type,
    width: image.width,
    height: image.height,
    image: await reencode(decoded, image.type),
    ...slip,
  };
}

/** A stored image made into what may be kept and served: its pixels re-encoded, or nothing. */
export type StoredImage = { ok: true; type: ImageType; image: Uint8Array } | { ok: false; reason: string };

/**
 * An image kept before only re-encoded pixels were (its upload's own bytes, chunks and all),
 * checked as an upload is and re-encoded; no QR code is read (it was, when it was uploaded).
 */
export async function reencodeStoredImage(bytes: Buffer, limits: ImageLimits): Promise<StoredImage> {
  const image = checkImageBytes(bytes, limits);
  if (!image.ok) return { ok: false, reason: image.reason };
  try {
    return {
      ok: true,
      type: image.type,
      image: await reencode(await decodeImage(bytes, limits.maxPixels), image.type),
    };
  } catch (error) {
    return { ok: false, reason: `DECODE_FAILED: ${messageOf(error)}` };
  }
}

/**
 * NOTE: the upload's own bytes are never kept: chunks, metadata, comments and appended data can
 * carry anything (a ZIP in a private PNG chunk is still a valid PNG), and the image is served back.
 */
async function reencode(decoded: DecodedImage, type: ImageType): Promise<Buffer> {
  const pixels = sharp(decoded.data, {
    raw: { width: decoded.width, height: decoded.height, channels: 3 },
  });
  return type === 'png' ? pixels.png().toBuffer() : pixels.jpeg({ quality: 90 }).toBuffer();
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

import jsQR from 'jsqr';
import sharp from 'sharp';

/**
 * Reads the QR codes of an image. A slip's mini QR is small (about 30 modules) while a phone
 * photo is large, and jsQR finds small codes at some scales and not at others, so the image is
 * tried at its original size (when not huge), then smaller, then in halves, then with its
 * contrast stretched. The first pass that finds anything answers, so a slip costs one pass (and
 * one more scan, see readCodes); an image without a code costs them all, about a second of CPU
 * for a phone photo and several for noise, on the calling thread (jsQR is synchronous
 * JavaScript): uploads are read in worker threads with a time limit (slip-reader.ts).
 */

export type QrDecodeOptions = { maxPixels: number };

/** The original is tried as is up to this size (a 1290x2796 phone screenshot is 3.6 MP). */
const ORIGINAL_MAX_PIXELS = 4_000_000;

/** A pass fits each region in a box this wide and BOX_ASPECT times as tall, never enlarging. */
const BOX_WIDTHS = [1600, 1000, 800, 600, 400];
const HALVES_BOX_WIDTH = 800;
/** Stretching noise makes jsQR chase many false patterns (slow): one such pass only. */
const NORMALISED_BOX_WIDTH = 800;
const BOX_ASPECT = 2.5;

/** More codes than this in one region is not a slip; the cap also bounds the work. */
const MAX_CODES_PER_REGION = 4;
/**
 * Passes tried at most (after sizes that come out the same are merged): the work of an image
 * without a code is bounded by this as much as by the reader's time limit.
 */
const MAX_SCAN_PASSES = 6;

type Region = { left: number; top: number; width: number; height: number };
type Pass = { regions: Region[]; box: number; normalise: boolean };
/** An image decoded once: 3 channels (sRGB, alpha flattened on white), upright. */
export type DecodedImage = { data: Buffer; width: number; height: number };
type Rgba = { data: Uint8ClampedArray; width: number; height: number };

/**
 * NOTE: sharp enforces `limitInputPixels` from the header, before decoding (metadata() throws
 * too), with the error "Input image exceeds pixel limit".
 */
export async function decodeQrText(bytes: Buffer, options: QrDecodeOptions): Promise<string[]> {
  return findQrTexts(await decodeImage(bytes, options.maxPixels));
}

/** The QR codes of a decoded image: every one the first pass that finds any sees. */
export async function findQrTexts(base: DecodedImage): Promise<string[]> {
  for (const pass of passesFor(base).slice(0, MAX_SCAN_PASSES)) {
    const texts = new Set<string>();
    for (const region of pass.regions) {
      for (const text of readCodes(await rgbaFor(base, region, pass))) texts.add(text);
    }
    if (texts.size > 0) return [...texts];
  }
  return [];
}

export async function decodeImage(bytes: Buffer, maxPixels: number): Promise<DecodedImage> {
  const { data, info } = await sharp(bytes, {
    limitInputPixels: maxPixels,
    // Phones write JPEGs that libjpeg warns about ("Invalid SOS parameters for sequential JPEG")
    // yet decode fine; only real errors should refuse the image.
    failOn: 'error',
  })
    // Upright as the phone meant it (EXIF orientation): the kept copy is re-encoded from this.
    .autoOrient()
    // jsQR ignores alpha: a transparent background would read as black, so paint it white.
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function passesFor(image: { width: number; height: number }): Pass[] {
  const { width, height } = image;
  const whole = [{ left: 0, top: 0, width, height }];
  // jsQR looks for one code: with two in view it may pair finder patterns of both and read
  // neither (two slip screenshots side by side), while each half holds one.
  const halfWidth = Math.ceil(width / 2);
  const halfHeight = Math.ceil(height / 2);
  const halves = [
    { left: 0, top: 0, width: halfWidth, height },
    { left: width - halfWidth, top: 0, width: halfWidth, height },
    { left: 0, top: 0, width, height: halfHeight },
    { left: 0, top: height - halfHeight, width, height: halfHeight },
  ];
  const passes: Pass[] = [
    ...(width * height <= ORIGINAL_MAX_PIXELS ? [{ regions: whole, box: Infinity, normalise: false }] : []),
    ...BOX_WIDTHS.map((box) => ({ regions: whole, box, normalise: false })),
    { regions: halves, box: HALVES_BOX_WIDTH, normalise: false },
    { regions: whole, box: NORMALISED_BOX_WIDTH, normalise: true },
  ];
  // A small image fits several boxes unchanged: each size is tried once.
  const seen = new Set<string>();
  return passes.filter((pass) => {
    const key = `${pass.regions.length}/${fitWidth(pass.regions[0] as Region, pass.box)}/${pass.normalise}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function fitWidth(region: Region, box: number): number {
  const scale = Math.min(1, box / region.width, (box * BOX_ASPECT) / region.height);
  return Math.max(1, Math.round(region.width * scale));
}

async function rgbaFor(base: DecodedImage, region: Region, pass: Pass): Promise<Rgba> {
  let image = sharp(base.data, { raw: { width: base.width, height: base.height, channels: 3 } });
  if (region.width !== base.width || region.height !== base.height) image = image.extract(region);
  const width = fitWidth(region, pass.box);
  if (width !== region.width) image = image.resize({ width });
  if (pass.normalise) image = image.normalise();
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  return { data: pixels, width: info.width, height: info.height };
}

/**
 * jsQR answers one code per call; painting each code found white and asking again finds the
 * others (two slips in one image must not pass as one).
 */
function readCodes(image: Rgba): string[] {
  const texts = new Set<string>();
  for (let i = 0; i < MAX_CODES_PER_REGION; i += 1) {
    // Slips print dark on light; looking for light on dark too would double the work.
    const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
    if (!code) break;
    texts.add(code.data);
    const { topLeftCorner, topRightCorner, bottomLeftCorner, bottomRightCorner } = code.location;
    paintWhite(image, [topLeftCorner, topRightCorner, bottomLeftCorner, bottomRightCorner]);
  }
  return [...texts];
}

/** Paints the box around the corners, plus an eighth of its size for the quiet zone. */
function paintWhite(image: Rgba, corners: { x: number; y: number }[]): void {
  const xs = corners.map((corner) => corner.x);
  const ys = corners.map((corner) => corner.y);
  const margin = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) / 8;
  const left = Math.max(0, Math.floor(Math.min(...xs) - margin));
  const right = Math.min(image.width, Math.ceil(Math.max(...xs) + margin));
  const top = Math.max(0, Math.floor(Math.min(...ys) - margin));
  const bottom = Math.min(image.height, Math.ceil(Math.max(...ys) + margin));
  for (let y = top; y < bottom; y += 1) {
    image.data.fill(255, (y * image.width + left) * 4, (y * image.width + right) * 4);
  }
}

/**
 * The first look at an uploaded image (a slip, an offer's banner): is it a PNG or a JPEG, how big is it, and does it end where
 * the image ends? Only the bytes count, never the file name or the declared content type. The
 * size comes from the header (PNG IHDR, JPEG SOFn) without decoding, so a decompression bomb (a
 * few kilobytes declaring 30000x30000) is refused before any decoder allocates for it. (Moved here
 * from slips/reading when the offers' banners came to need it: decision 063.)
 */

export type ImageType = 'png' | 'jpeg';

export type ImageLimits = { maxBytes: number; maxPixels: number };

export type ImageRefusal = 'NOT_AN_IMAGE' | 'TOO_LARGE' | 'TOO_MANY_PIXELS' | 'MALFORMED';

export type ImageCheck =
  { ok: true; type: ImageType; width: number; height: number } | { ok: false; reason: ImageRefusal };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SOI = Buffer.from([0xff, 0xd8, 0xff]);

/** PNG limits a chunk length and each dimension to 2^31 - 1. */
const PNG_MAX_UINT = 0x7fff_ffff;

/**
 * A progressive JPEG has about ten scans; thousands of tiny scans make the decoder redo its work
 * for each one (a CPU bomb that the pixel count does not catch).
 */
const JPEG_MAX_SCANS = 100;

/**
 * Phones append whole JPEG images after the main one's EOI (MPF: Ultra HDR and Apple gain maps,
 * depth maps); those are accepted, a few of them, each checked like the main image.
 */
const JPEG_MAX_APPENDED_IMAGES = 4;

type Frame = { width: number; height: number };
type Walk = ({ ok: true; end: number } & Frame) | { ok: false };

export function checkImageBytes(bytes: Buffer, limits: ImageLimits): ImageCheck {
  const type = sniff(bytes);
  if (!type) return { ok: false, reason: 'NOT_AN_IMAGE' };
  if (bytes.length > limits.maxBytes) return { ok: false, reason: 'TOO_LARGE' };

  const frames = type === 'png' ? pngFrames(bytes) : jpegFrames(bytes);
  if (!frames) return { ok: false, reason: 'MALFORMED' };
  if (frames.some((frame) => frame.width * frame.height > limits.maxPixels)) {
    return { ok: false, reason: 'TOO_MANY_PIXELS' };
  }
  const [main] = frames as [Frame, ...Frame[]];
  return { ok: true, type, width: main.width, height: main.height };
}

function sniff(bytes: Buffer): ImageType | null {
  if (startsWith(bytes, 0, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, 0, JPEG_SOI)) return 'jpeg';
  return null;
}

function startsWith(bytes: Buffer, at: number, prefix: Buffer): boolean {
  return bytes.length - at >= prefix.length && bytes.subarray(at, at + prefix.length).equals(prefix);
}

/** Zero or 0xFF fill after the end is what some encoders and phones leave; nothing else is. */
function isPadding(bytes: Buffer, from: number): boolean {
  for (let i = from; i < bytes.length; i += 1) {
    if (bytes[i] !== 0x00 && bytes[i] !== 0xff) return false;
  }
  return true;
}

/** Chunks from the signature to IEND: IHDR first (13 bytes), at least one IDAT, IEND last. */
function walkPng(bytes: Buffer): Walk {
  let pos = PNG_SIGNATURE.length;
  let width = 0;
  let height = 0;
  let sawData = false;
  for (let index = 0; ; index += 1) {
    if (pos + 12 > bytes.length) return { ok: false };
    const length = bytes.readUInt32BE(pos);
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    const dataStart = pos + 8;
    const next = dataStart + length + 4; // data, then its CRC
    if (length > PNG_MAX_UINT || next > bytes.length || !/^[A-Za-z]{4}$/.test(type)) return { ok: false };

    if (index === 0) {
      if (type !== 'IHDR' || length !== 13) return { ok: false };
      width = bytes.readUInt32BE(dataStart);
      height = bytes.readUInt32BE(dataStart + 4);
      if (width === 0 || height === 0 || width > PNG_MAX_UINT || height > PNG_MAX_UINT) return { ok: false };
    } else if (type === 'IHDR') {
      return { ok: false };
    }
    if (type === 'IDAT') sawData = true;
    if (type === 'IEND') return sawData ? { ok: true, end: next, width, height } : { ok: false };
    pos = next;
  }
}

/** Start of frame markers that carry the image size: C0-CF except DHT (C4), JPG (C8), DAC (CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Markers without a length: TEM and RST0-7 (SOI only starts the file, EOI ends the walk). */
function isStandalone(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
}

/** Segments from SOI to EOI: a frame header before the first scan, each scan's data skipped. */
function walkJpeg(bytes: Buffer, start: number): Walk {
  let pos = start + 2; // after SOI
  let width = 0;
  let height = 0;
  let scans = 0;
  for (;;) {
    if (bytes[pos] !== 0xff) return { ok: false };
    while (bytes[pos] === 0xff) pos += 1; // fill bytes before a marker are allowed
    if (pos >= bytes.length) return { ok: false };
    const marker = bytes[pos] as number;
    pos += 1;

    if (marker === 0xd9) return width > 0 ? { ok: true, end: pos, width, height } : { ok: false };
    if (isStandalone(marker)) continue;
    if (marker === 0x00 || marker === 0xd8) return { ok: false };

    if (pos + 2 > bytes.length) return { ok: false };
    const length = bytes.readUInt16BE(pos);
    if (length < 2 || pos + length > bytes.length) return { ok: false };

    if (isStartOfFrame(marker) && width === 0) {
      if (length < 8) return { ok: false };
      height = bytes.readUInt16BE(pos + 3);
      width = bytes.readUInt16BE(pos + 5);
      // A height of 0 defers it to a DNL marker after the first scan, which no phone writes.
      if (width === 0 || height === 0) return { ok: false };
    }
    pos += length;

    if (marker === 0xda) {
      scans += 1;
      if (width === 0 || scans > JPEG_MAX_SCANS) return { ok: false };
      const afterScan = skipEntropyCodedData(bytes, pos);
      if (afterScan === null) return { ok: false };
      pos = afterScan;
    }
  }
}

/** Scan data runs to the next marker; FF00 (a stuffed FF) and RSTn belong to the data. */
function skipEntropyCodedData(bytes: Buffer, from: number): number | null {
  let pos = from;
  for (;;) {
    pos = bytes.indexOf(0xff, pos);
    if (pos === -1 || pos + 1 >= bytes.length) return null;
    const next = bytes[pos + 1] as number;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
      pos += next === 0xff ? 1 : 2;
      continue;
    }
    return pos;
  }
}

// NOTE: anything after the image is how polyglots are made (a ZIP is read from its end, a browser
// sniffing HTML finds a script anywhere), so the file must end with the image, or with padding.

function pngFrames(bytes: Buffer): Frame[] | null {
  const walk = walkPng(bytes);
  return walk.ok && isPadding(bytes, walk.end) ? [walk] : null;
}

/** The main image, then the whole JPEG images a phone may append to it. */
function jpegFrames(bytes: Buffer): Frame[] | null {
  const frames: Frame[] = [];
  let start = 0;
  for (;;) {
    const walk = walkJpeg(bytes, start);
    if (!walk.ok) return null;
    frames.push(walk);
    let next = walk.end;
    while (bytes[next] === 0x00) next += 1;
    if (!startsWith(bytes, next, JPEG_SOI)) return isPadding(bytes, walk.end) ? frames : null;
    if (frames.length > JPEG_MAX_APPENDED_IMAGES) return null;
    start = next;
  }
}

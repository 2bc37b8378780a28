import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { pngChunk } from '../../test/slip-images';
import { checkImageBytes } from './image-check';

const limits = { maxBytes: 5_000_000, maxPixels: 20_000_000 };

const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#f4f4f4' } });

/** Splits a PNG into [signature, ...chunks] to rebuild it with changes. */
function pngChunks(png: Buffer): Buffer[] {
  const parts = [png.subarray(0, 8)];
  for (let pos = 8; pos < png.length;) {
    const end = pos + 12 + png.readUInt32BE(pos);
    parts.push(png.subarray(pos, end));
    pos = end;
  }
  return parts;
}

/** Where a marker segment starts in a JPEG (its 0xFF byte). */
const markerAt = (jpeg: Buffer, marker: number) => jpeg.indexOf(Buffer.from([0xff, marker]));

const ZIP_LOCAL_HEADER = Buffer.from('504b0304140000000800', 'hex');

let png: Buffer;
let jpeg: Buffer;
let progressive: Buffer;

beforeAll(async () => {
  png = await canvas(320, 200).png().toBuffer();
  jpeg = await canvas(320, 200).jpeg({ quality: 80 }).toBuffer();
  progressive = await canvas(320, 200).jpeg({ quality: 80, progressive: true }).toBuffer();
});

describe('checkImageBytes', () => {
  it('accepts a PNG and a JPEG, reading the size from the header', () => {
    expect(checkImageBytes(png, limits)).toEqual({ ok: true, type: 'png', width: 320, height: 200 });
    expect(checkImageBytes(jpeg, limits)).toEqual({ ok: true, type: 'jpeg', width: 320, height: 200 });
    expect(checkImageBytes(progressive, limits)).toEqual({ ok: true, type: 'jpeg', width: 320, height: 200 });
  });

  it('refuses what is not a PNG or a JPEG, whatever it would be called', async () => {
    const notImages: Record<string, Buffer> = {
      empty: Buffer.alloc(0),
      gif: await canvas(32, 32).gif().toBuffer(),
      webp: await canvas(32, 32).webp().toBuffer(),
      pdf: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
      svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      html: Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
      'JPEG SOI alone': jpeg.subarray(0, 2),
    };
    for (const [name, bytes] of Object.entries(notImages)) {
      expect(checkImageBytes(bytes, limits), name).toEqual({ ok: false, reason: 'NOT_AN_IMAGE' });
    }
  });

  it('refuses a file over the byte limit', () => {
    expect(checkImageBytes(jpeg, { ...limits, maxBytes: jpeg.length - 1 })).toEqual({
      ok: false,
      reason: 'TOO_LARGE',
    });
    expect(checkImageBytes(jpeg, { ...limits, maxBytes: jpeg.length }).ok).toBe(true);
  });

  it('refuses a tiny PNG declaring 30000x30000 before anything decodes it', async () => {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(30_000, 0);
    ihdr.writeUInt32BE(30_000, 4);
    ihdr.set([1, 0, 0, 0, 0], 8); // 1-bit greyscale: 112 MB of rows once inflated
    const [signature, , ...rest] = pngChunks(png);
    const bomb = Buffer.concat([signature as Buffer, pngChunk('IHDR', ihdr), ...rest]);

    expect(bomb.length).toBeLessThan(1_000);
    // libvips believes the header too (its default pixel limit, 268 MP, would refuse it as well).
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 30_000,
      height: 30_000,
    });
    expect(checkImageBytes(bomb, limits)).toEqual({ ok: false, reason: 'TOO_MANY_PIXELS' });
  });

  it('refuses a JPEG whose frame header declares too many pixels', () => {
    const big = Buffer.from(jpeg);
    const sof = markerAt(big, 0xc0);
    big.writeUInt16BE(60_000, sof + 5); // height
    big.writeUInt16BE(60_000, sof + 7); // width
    expect(checkImageBytes(big, limits)).toEqual({ ok: false, reason: 'TOO_MANY_PIXELS' });
    expect(checkImageBytes(jpeg, { ...limits, maxPixels: 320 * 200 }).ok).toBe(true);
    expect(checkImageBytes(jpeg, { ...limits, maxPixels: 320 * 200 - 1 }).ok).toBe(false);
  });

  it('refuses polyglots: a ZIP, HTML or script after the end of the image', () => {
    const html = Buffer.from('<html><script>fetch("/api")</script></html>');
    for (const bytes of [
      Buffer.concat([png, ZIP_LOCAL_HEADER]),
      Buffer.concat([png, html]),
      Buffer.concat([jpeg, ZIP_LOCAL_HEADER]),
      Buffer.concat([jpeg, Buffer.alloc(64), html]),
      Buffer.concat([progressive, Buffer.from('#!/bin/sh\nrm -rf /\n')]),
    ]) {
      expect(checkImageBytes(bytes, limits)).toEqual({ ok: false, reason: 'MALFORMED' });
    }
  });

  it('accepts padding after the end, and whole JPEG images a phone appends (MPF, gain maps)', () => {
    expect(checkImageBytes(Buffer.concat([png, Buffer.alloc(16)]), limits).ok).toBe(true);
    expect(checkImageBytes(Buffer.concat([jpeg, Buffer.alloc(16, 0xff)]), limits).ok).toBe(true);
    expect(checkImageBytes(Buffer.concat([jpeg, progressive]), limits)).toEqual({
      ok: true,
      type: 'jpeg',
      width: 320,
      height: 200,
    });
    // ...but what follows an appended image is held to the same rule.
    expect(checkImageBytes(Buffer.concat([jpeg, jpeg, ZIP_LOCAL_HEADER]), limits).ok).toBe(false);
    expect(checkImageBytes(Buffer.concat([jpeg, jpeg.subarray(0, 400)]), limits).ok).toBe(false);
  });

  it('refuses a cut-off file and a broken structure', () => {
    const [signature, ihdr, ...rest] = pngChunks(png);
    const broken: Record<string, Buffer> = {
      'PNG signature alone': png.subarray(0, 8),
      'PNG without IEND': png.subarray(0, png.length - 12),
      'PNG cut inside a chunk': png.subarray(0, png.length - 20),
      'PNG starting with IDAT': Buffer.concat([signature as Buffer, ...rest, ihdr as Buffer]),
      'PNG without IDAT': Buffer.concat([
        signature as Buffer,
        ihdr as Buffer,
        pngChunk('IEND', Buffer.alloc(0)),
      ]),
      'JPEG without EOI': jpeg.subarray(0, jpeg.length - 2),
      'JPEG cut inside its scan': jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      'JPEG without a frame header': Buffer.concat([
        jpeg.subarray(0, 2),
        jpeg.subarray(markerAt(jpeg, 0xda)),
      ]),
    };
    for (const [name, bytes] of Object.entries(broken)) {
      expect(checkImageBytes(bytes, limits), name).toEqual({ ok: false, reason: 'MALFORMED' });
    }
  });

  it('refuses a JPEG with an absurd number of scans (a CPU bomb)', () => {
    const firstScan = markerAt(progressive, 0xda);
    // mozjpeg writes a Huffman table (DHT) before each following scan.
    const secondScan = markerAt(progressive.subarray(firstScan), 0xc4) + firstScan;
    const scan = progressive.subarray(firstScan, secondScan);
    const manyScans = (count: number) =>
      Buffer.concat([
        progressive.subarray(0, firstScan),
        ...Array.from({ length: count }, () => scan),
        progressive.subarray(secondScan),
      ]);
    expect(checkImageBytes(manyScans(20), limits).ok).toBe(true);
    expect(checkImageBytes(manyScans(200), limits)).toEqual({ ok: false, reason: 'MALFORMED' });
  });
});

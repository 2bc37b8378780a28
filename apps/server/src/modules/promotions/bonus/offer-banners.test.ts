import { readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BonusListResponse } from '@wallet/contract/http/bonus';
import type { ConsoleOffer, ConsoleOfferList } from '@wallet/contract/http/console-offers';
import { rowsOf } from '../../../platform/db/rows';
import { appForFile, MONEY_ENV, signedInMember } from '../../../../test/money';
import { multipart } from '../../../../test/chat';
import { memberCalls } from '../../../../test/offers';
import { pngChunk } from '../../../../test/slip-images';
import { createStaffAndSignIn, staffCall, staffHeaders } from '../../../../test/staff';

/**
 * Offers' banners uploaded through the console (decision 063): checked by their bytes, re-encoded
 * from their pixels, stored, set on the offer and audited; members' GET /api/bonus names the stored
 * image. A refused upload changes nothing: not the offer, not the folder, not the audit.
 */
const test = appForFile(MONEY_ENV);
const { get } = memberCalls(() => test.app);
let marketing: string;
let finance: string;

const CODE = 'BANNER28';
beforeAll(async () => {
  marketing = (await createStaffAndSignIn(test, { role: 'marketing' })).token;
  finance = (await createStaffAndSignIn(test, { role: 'finance' })).token;
  const created = await staffCall(test.app, marketing, 'POST', '/api/console/offers', {
    code: CODE,
    type: 'limit',
    maxReceived: 1,
    bonusPercent: 10,
    maxBonus: { BAHT: 10_000, LAK: 6_000_000 },
    turnoverMultiple: 1,
    percentFail: 100,
    active: true,
  });
  expect(created.statusCode, created.body).toBe(200);
});

const uploadAs = (token: string, file: { name: string; bytes: Buffer; type?: string }, index = 0) => {
  const body = multipart(file);
  return test.app.inject({
    method: 'PUT',
    url: `/api/console/offers/${CODE}/banners/${index}/image`,
    payload: body.payload,
    headers: staffHeaders(token, { 'content-type': body.contentType }),
  });
};
const offer = async () =>
  (await staffCall(test.app, marketing, 'GET', '/api/console/offers'))
    .json<ConsoleOfferList>()
    .offers.find((one) => one.code === CODE)!;
const audits = () =>
  rowsOf<{ action: string; detail: { before: unknown; after: unknown } }>(
    test.database.db,
    sql`select action, detail from staff_audit where target = ${`offer:${CODE}`} and action = 'offer.banner' order by id`,
  );
const storedFiles = () => {
  try {
    return readdirSync(path.join(test.bannerDir, 'banners'));
  } catch {
    return [];
  }
};

/** A wide photo as a phone saves it: EXIF with a camera and a place, and a comment after. */
const photo = () =>
  sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#c04020' } })
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'gps 13.7563,100.5018' } })
    .jpeg({ quality: 80 })
    .toBuffer();

describe('offer banner upload', () => {
  it('stores a good image re-encoded and bounded, sets the banner, audits it; members see it', async () => {
    const upload = await photo();
    expect(upload.includes('SecretCam')).toBe(true);
    const answer = await uploadAs(marketing, { name: 'summer.jpg', bytes: upload, type: 'image/jpeg' });
    expect(answer.statusCode, answer.body).toBe(200);
    const { offer: changed } = answer.json<{ offer: ConsoleOffer }>();
    const image = changed.banners[0]!.image;
    expect(image).toMatch(/^\/api\/media\/banners\/[A-Za-z0-9_-]{32}\.jpg$/);
    expect(changed.banners[0]!.html).toEqual({ th: '', lo: '', en: '' });

    // Served with no session, as an <img> loads it: re-encoded, fitted in 1600 px, no metadata.
    const served = await test.app.inject({ method: 'GET', url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const bytes = served.rawPayload;
    expect(bytes.equals(upload)).toBe(false);
    expect(bytes.includes('SecretCam')).toBe(false);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1600, height: 800 });
    expect(meta.exif).toBeUndefined();

    const member = await signedInMember(test.app);
    const listed = (await get<BonusListResponse>(member.token, '/api/bonus')).body.bonuses.find(
      (one) => one.code === CODE,
    );
    expect(listed?.banners.map((banner) => banner.image)).toEqual([image]);

    expect(await audits()).toEqual([
      {
        action: 'offer.banner',
        detail: { before: { banners: [] }, after: { banners: [changed.banners[0]] } },
      },
    ]);
  });

  it('keeps only the pixels of a PNG: a private chunk carrying a file goes', async () => {
    const png = await sharp({ create: { width: 600, height: 300, channels: 4, background: '#20a0c0' } })
      .png()
      .toBuffer();
    // A chunk before IEND, as a polyglot hides a ZIP in an image that still opens.
    const iend = png.length - 12;
    const smuggled = Buffer.concat([
      png.subarray(0, iend),
      pngChunk('zzIP', Buffer.from('PK-smuggled')),
      png.subarray(iend),
    ]);
    const answer = await uploadAs(marketing, { name: 'second.png', bytes: smuggled }, 1);
    expect(answer.statusCode, answer.body).toBe(200);
    const image = answer.json<{ offer: ConsoleOffer }>().offer.banners[1]!.image;
    expect(image).toMatch(/\.png$/);
    const served = (await test.app.inject({ method: 'GET', url: image })).rawPayload;
    expect(served.includes('PK-smuggled')).toBe(false);
    expect(await sharp(served).metadata()).toMatchObject({ format: 'png', width: 600, height: 300 });
  });

  it('refuses a file that is not an image, whatever its name says, and changes nothing', async () => {
    const before = {
      banners: (await offer()).banners,
      files: storedFiles(),
      audits: (await audits()).length,
    };
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    for (const bytes of [html, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), html])]) {
      const answer = await uploadAs(marketing, { name: 'banner.jpg', bytes, type: 'image/jpeg' }, 0);
      expect(answer.statusCode, answer.body).toBe(415);
      expect(answer.json()).toEqual({ message: 'BANNER_NOT_AN_IMAGE' });
    }
    expect((await offer()).banners).toEqual(before.banners);
    expect(storedFiles()).toEqual(before.files);
    expect((await audits()).length).toBe(before.audits);
  });

  it('refuses a file over 5 MB and changes nothing', async () => {
    const before = {
      banners: (await offer()).banners,
      files: storedFiles(),
      audits: (await audits()).length,
    };
    // A real JPEG, padded past the limit.
    const big = Buffer.concat([await photo(), Buffer.alloc(5 * 1024 * 1024, 0)]);
    const answer = await uploadAs(marketing, { name: 'big.jpg', bytes: big }, 0);
    expect(answer.statusCode, answer.body).toBe(413);
    expect(answer.json()).toEqual({ message: 'BANNER_TOO_LARGE' });
    // Under 5 MB of bytes but over 40 megapixels by its header: refused before it is decoded.
    const wide = await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#000' } })
      .jpeg({ quality: 10 })
      .toBuffer();
    const many = await uploadAs(marketing, { name: 'wide.jpg', bytes: wide }, 0);
    expect(many.statusCode, many.body).toBe(413);
    expect(many.json()).toEqual({ message: 'BANNER_TOO_LARGE' });
    expect((await offer()).banners).toEqual(before.banners);
    expect(storedFiles()).toEqual(before.files);
    expect((await audits()).length).toBe(before.audits);
  });

  it('refuses a role without offers.manage, an index past the end and no file, changing nothing', async () => {
    const before = {
      banners: (await offer()).banners,
      files: storedFiles(),
      audits: (await audits()).length,
    };
    const good = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const denied = await uploadAs(finance, { name: 'ok.png', bytes: good }, 0);
    expect(denied.statusCode, denied.body).toBe(403);
    const past = await uploadAs(marketing, { name: 'ok.png', bytes: good }, 5);
    expect(past.statusCode, past.body).toBe(400);
    expect(past.json()).toEqual({ message: 'INVALID_INPUT' });
    const none = await test.app.inject({
      method: 'PUT',
      url: `/api/console/offers/${CODE}/banners/0/image`,
      payload: {},
      headers: staffHeaders(marketing),
    });
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json()).toEqual({ message: 'BANNER_NO_FILE' });
    const unknown = await test.app.inject({
      method: 'PUT',
      url: `/api/console/offers/NOSUCH/banners/0/image`,
      ...(() => {
        const body = multipart({ name: 'ok.png', bytes: good });
        return {
          payload: body.payload,
          headers: staffHeaders(marketing, { 'content-type': body.contentType }),
        };
      })(),
    });
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect((await offer()).banners).toEqual(before.banners);
    expect(storedFiles()).toEqual(before.files);
    expect((await audits()).length).toBe(before.audits);
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/media/banners/..%2F..%2Fetc.png' })).statusCode,
    ).toBe(404);
  });
});

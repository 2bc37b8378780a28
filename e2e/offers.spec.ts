import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE } from '@wallet/contract/constants';
import { STAFF_CSRF_HEADER } from '@wallet/contract/http/console';
import type { Locale } from '@wallet/contract/constants';
import { expect, expectAccessible, memberOn, registerMember, screenshot, test } from './fixtures';
import { openConsole, staffToken } from './console';
import { text } from './texts';

/**
 * Issue 28 section 1 in a real browser, at 1280 and 390 wide: a marketing staff member creates an
 * offer on the console's offers screen (with its preview in the three languages), a member claims
 * it on their bonus page, the console counts the running grant and the offer is paused.
 */

const o = (locale: Locale, key: string) => text(locale, `offers.${key}`, 'console-offers');
const b = (locale: Locale, key: string) => text(locale, key, 'bonus');
const filled = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

for (const [locale, width] of [
  ['th', 1280],
  ['en', 390],
] as const) {
  test(`marketing creates an offer and a member claims it (${locale}, ${width} wide)`, async ({
    page,
    request,
  }) => {
    const code = `E2E${randomBytes(3).toString('hex').toUpperCase()}`;
    const names = { th: `โบนัสทดสอบ ${code}`, lo: `ໂບນັດທົດສອບ ${code}`, en: `Test bonus ${code}` };
    const token = await staffToken(page.request, 'marketing');
    await openConsole(page, '/console/offers', token, locale, width);
    await expect(page.getByRole('heading', { name: o(locale, 'title') })).toBeVisible();
    await screenshot(page, `console/offers-list-${locale}-${width}`);

    await page.getByRole('link', { name: o(locale, 'add') }).click();
    await expect(page.getByRole('heading', { name: o(locale, 'newTitle') })).toBeVisible();
    await page.getByLabel(o(locale, 'field.code')).fill(code.toLowerCase());
    for (const language of ['th', 'lo', 'en'] as const) {
      const named = filled(o(locale, 'field.name'), { language: o(locale, `language.${language}`) });
      await page.getByLabel(named).fill(names[language]);
    }
    const notice = filled(o(locale, 'field.notice'), { language: o(locale, `language.${locale}`) });
    await page
      .getByLabel(notice)
      .fill('<p><strong>Half again</strong> on your deposit</p><script>x()</script>');
    await page.getByLabel(o(locale, 'field.bonusPercent')).fill('50');
    // One field per currency (decision 067): the baht one here, kip keeps its default.
    const baht = text(locale, 'settings.currency.BAHT', 'console-settings');
    await page.getByLabel(`${o(locale, 'field.maxBonus')} · ${baht}`).fill('300');
    await page.getByLabel(o(locale, 'field.turnoverMultiple')).fill('2');
    // The preview shows the card as members will see it, in each language, before saving.
    const preview = page.getByRole('complementary', { name: o(locale, 'preview.title') });
    for (const language of ['th', 'lo', 'en'] as const)
      await expect(preview.getByText(names[language])).toBeVisible();
    await expect(preview.getByText('Half again')).toBeVisible();
    await screenshot(page, `console/offers-new-${locale}-${width}`);
    await page.getByRole('button', { name: o(locale, 'create') }).click();

    await expect(page.getByRole('heading', { name: o(locale, 'title') })).toBeVisible();
    const row = page.locator(`li[data-offer="${code}"]`);
    await expect(row).toContainText(names[locale]);
    await expect(row).toContainText(o(locale, 'state.active'));

    // A member claims it on their bonus page (a deposit of ฿1,000: 50% up to ฿300).
    const member = await page.context().newPage();
    await memberOn(member, request, { locale, credit: 100_000, url: '/user/bonus' });
    const card = member.locator(`[data-offer="${code}"]`);
    await expect(card).toContainText(names[locale]);
    await card.click();
    const dialog = member.getByRole('dialog', { name: names[locale] });
    await expect(dialog.getByText('Half again')).toBeVisible();
    await screenshot(member, `console/offers-member-dialog-${locale}-${width}`, { fullPage: false });
    await dialog.getByRole('button', { name: b(locale, 'bonus.receive') }).click();
    await expect(
      member.getByText(filled(b(locale, 'bonus.receiveDone'), { name: names[locale], amount: '฿300.00' })),
    ).toBeVisible();
    await member.close();

    // The console counts the running grant; its edit screen says changes reach only new claims.
    await page.reload();
    await expect(row).toContainText('1 / 1');
    await row.getByRole('link', { name: o(locale, 'edit') }).click();
    await expect(page.getByRole('note')).toContainText(
      filled(o(locale, 'onlyNewClaims_one'), { count: '1' }),
    );
    await screenshot(page, `console/offers-edit-${locale}-${width}`);
    await page.getByRole('link', { name: o(locale, 'back') }).click();
    await row.getByRole('button', { name: o(locale, 'pause') }).click();
    await expect(row).toContainText(o(locale, 'state.paused'));
    await expectAccessible(page);
    await screenshot(page, `console/offers-paused-${locale}-${width}`);
  });
}

/** A PNG of `width` x `height` in two bands of colour, made here (no image library in e2e). */
function bandedPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const colour = y < height / 2 ? [232, 165, 36] : [30, 64, 120];
    for (let x = 0; x < width; x += 1) rows.set(colour, y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const [locale, width] of [
  ['th', 1280],
  ['en', 390],
] as const) {
  test(`marketing uploads an offer's banner and members are shown it (${locale}, ${width} wide)`, async ({
    page,
    request,
  }) => {
    const code = `BAN${randomBytes(3).toString('hex').toUpperCase()}`;
    const token = await staffToken(page.request, 'marketing');
    const created = await page.request.post('/api/console/offers', {
      headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, [STAFF_CSRF_HEADER]: token },
      data: {
        code,
        type: 'limit',
        maxReceived: 1,
        bonusPercent: 10,
        maxBonus: { BAHT: 10_000, LAK: 6_000_000 },
        turnoverMultiple: 1,
        percentFail: 100,
        active: true,
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    await openConsole(page, `/console/offers/edit/${code}`, token, locale, width);
    await page.getByRole('button', { name: o(locale, 'addBanner') }).click();
    const file = page.locator('input[type="file"]');

    // A file that is not an image, named as one: refused in words, nothing shown.
    await file.setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<html>not a picture</html>'),
    });
    await expect(page.getByRole('alert')).toHaveText(text(locale, 'BANNER_NOT_AN_IMAGE', 'console-errors'));

    await file.setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: bandedPng(2000, 800) });
    await expect(page.getByText(o(locale, 'banner.uploaded'))).toBeVisible();
    const preview = page.getByRole('img', { name: filled(o(locale, 'banner.previewAlt'), { number: '1' }) });
    await expect(preview).toHaveAttribute('src', /^\/api\/media\/banners\/[\w-]+\.png$/);
    // The stored copy, fitted within 1600 px, has loaded.
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1600);
    await expectAccessible(page);
    // The editor scrolls inside the console's pane: the banner's part, as staff see it.
    await preview.scrollIntoViewIfNeeded();
    await screenshot(page, `console/offers-banner-${locale}-${width}`, { fullPage: false });

    // Members' bonus list names the stored image at once.
    const src = await preview.getAttribute('src');
    const member = await registerMember(request);
    const listed = (await (
      await request.get('/api/bonus', {
        headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE, authorization: `Bearer ${member.token}` },
      })
    ).json()) as { bonuses: { code: string; banners: { image: string }[] }[] };
    expect(listed.bonuses.find((one) => one.code === code)?.banners.map((banner) => banner.image)).toEqual([
      src,
    ]);
  });
}

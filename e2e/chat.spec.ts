import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { generate } from 'otplib';
import { LOCALES, type Locale } from '@wallet/contract/constants';
import { BOT_TOPICS } from '@wallet/contract/http/chat';
import { expect, expectAccessible, open, registerMember, sandbox, screenshot, test } from './fixtures';
import { text } from './texts';

/**
 * Issue 14 in a real browser at 390 x 844: a guest asks a question in the chat widget; a staff
 * member signs in to the console in a second browser (password, then enrolment with a TOTP code
 * from the key the page shows) and answers from the inbox; the guest sees it live, signs in and
 * keeps the conversation; the member taps one of the bot's quick replies and sends a photo, which
 * staff see; staff resolve it and the member's widget shows the "End Conversation" marker, in view
 * also when a push notice's link (?chat=1) opens the panel with the page.
 */

const c = (locale: Locale, key: string) => text(locale, key, 'chat');
const k = (locale: Locale, key: string) => text(locale, key, 'console');
/** A text with its {{placeholders}} as they will be filled. */
const filled = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

/** A real PNG (a small gold gradient) that browsers draw: the widget and the inbox show it. */
function gradientPng(width = 48, height = 32): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let value = n;
    for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
    return value >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let value = 0xffffffff;
    for (const byte of bytes) value = crcTable[(value ^ byte) & 0xff]! ^ (value >>> 8);
    return (value ^ 0xffffffff) >>> 0;
  };
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
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      rows.set(
        [232, 120 + Math.round((x / width) * 100), 36 + Math.round((y / height) * 60)],
        row + 1 + x * 3,
      );
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The browser's own errors and CSP refusals on a page the `page` fixture does not watch. */
function watchProblems(page: Page, problems: string[]) {
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) {
      problems.push(`console: ${message.text()}`);
    }
  });
}

/** The chat widget of a page (the floating button and its panel) in `locale`. */
function widget(page: Page, locale: Locale) {
  const panel = page.getByRole('dialog', { name: c(locale, 'panel.title') });
  return {
    button: page.getByRole('button', { name: c(locale, 'launcher.open') }),
    panel,
    log: panel.getByRole('log', { name: c(locale, 'panel.log') }),
    box: panel.getByRole('textbox', { name: c(locale, 'composer.label') }),
    online: panel.getByText(c(locale, 'panel.online')),
  };
}

/**
 * Until the newest item of the widget's conversation is wholly in view: the list keeps its bottom
 * in view when the push toggle comes in over it after its first layout.
 */
async function newestInView(log: Locator) {
  await expect(log.locator(':scope > ul > li').last()).toBeInViewport({ ratio: 1 });
}

/** Until the element's transitions (the panel's turn, a dialog's fade) have finished. */
const settled = (element: Locator) =>
  element.evaluate((node) => Promise.all(node.getAnimations({ subtree: true }).map((a) => a.finished)));

/** Until every picture in `scope` is drawn (fetched over a signed link, decoded). */
async function picturesDrawn(scope: Locator) {
  await expect
    .poll(() =>
      scope.evaluateAll((images) =>
        images.every(
          (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
        ),
      ),
    )
    .toBe(true);
}

test('a guest asks, staff answer from the inbox, the guest signs in and keeps it, sends a photo and a quick reply, staff resolve', async ({
  page,
  browser,
  request,
}) => {
  const locale: Locale = 'th';
  const t = (key: string) => text(locale, key);
  const question = 'โอนเงินเข้าแล้วแต่ยอดยังไม่ขึ้นค่ะ ช่วยดูให้หน่อย';
  const answer = 'ได้เลยค่ะ เจ้าหน้าที่กำลังตรวจสอบรายการให้นะคะ';

  const staffUser = {
    username: `staff-${randomBytes(4).toString('hex')}`,
    name: 'Nok',
    password: 'Console-e2e-password-42',
    // Finance sees members' phone and bank numbers whole (support sees their last 4: decision 044).
    role: 'finance',
  };
  const [member] = await Promise.all([
    registerMember(request),
    sandbox(request, '/api/sandbox/staff', staffUser),
  ]);

  // 1. A guest on the sign-in page opens the chat and asks.
  await open(page, '/login', { locale });
  const guest = widget(page, locale);
  await guest.button.click();
  await expect(guest.online).toBeVisible();
  await expect(guest.panel.getByText(c(locale, 'panel.welcomeTitle'))).toBeVisible();
  await guest.box.fill(question);
  await guest.box.press('Enter');
  await expect(guest.box).toHaveValue('');
  await expect(guest.log.getByText(question, { exact: true })).toBeVisible();
  // The bot greets the new conversation with its four quick replies, and hands the question over.
  await expect(guest.log.getByRole('button')).toHaveCount(BOT_TOPICS.length);
  // The inbox names a guest by six characters of the id the server issued (after its leading `g`).
  const guestLabel = (await page.evaluate(() => localStorage.getItem('guestId')))!.slice(1, 7);

  // Staff, in a browser of their own: password, then the authenticator enrolled from the key shown.
  const staffContext = await browser.newContext();
  const staffProblems: string[] = [];
  try {
    const staff = await staffContext.newPage();
    watchProblems(staff, staffProblems);
    await open(staff, '/console/login', { locale });
    await staff.getByLabel(k(locale, 'signIn.username'), { exact: true }).fill(staffUser.username);
    await staff.getByLabel(k(locale, 'signIn.password'), { exact: true }).fill(staffUser.password);
    await staff.getByRole('button', { name: k(locale, 'signIn.submit') }).click();
    await expect(staff.getByRole('heading', { name: k(locale, 'signIn.enrolTitle') })).toBeVisible();
    await expect(staff.getByRole('img', { name: k(locale, 'signIn.qrLabel') })).toBeVisible();
    const secret = (await staff.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
    await staff.getByLabel(k(locale, 'signIn.code'), { exact: true }).fill(code);
    await staff.getByRole('button', { name: k(locale, 'signIn.verify') }).click();
    // Finance's console opens on the dashboard (issue 28); the inbox is one section away.
    await expect(staff).toHaveURL(/\/console\/dashboard$/);
    await staff.goto('/console/chat');
    await expect(staff).toHaveURL(/\/console\/chat$/);

    // A second tab of the same browser is in the same session: no password, no code (decision 047).
    const secondTab = await staffContext.newPage();
    watchProblems(secondTab, staffProblems);
    await open(secondTab, '/console/chat', { locale });
    await expect(secondTab.getByRole('list', { name: k(locale, 'inbox.tabs.open') })).toBeVisible();
    await expect(secondTab).toHaveURL(/\/console\/chat$/);
    await secondTab.close();

    // The guest's conversation in the inbox: open it, read the question, answer.
    const guestTitle = filled(k(locale, 'inbox.guest'), { label: guestLabel });
    const openList = staff.getByRole('list', { name: k(locale, 'inbox.tabs.open') });
    await openList.locator('li[data-conversation]').filter({ hasText: guestTitle }).getByRole('link').click();
    await expect(staff).toHaveURL(/\/console\/chat\/\d+$/);
    const conversation = staff.getByRole('region', { name: k(locale, 'conversation.label') });
    const messages = conversation.getByRole('list', { name: k(locale, 'conversation.messages') });
    await expect(conversation.getByRole('heading', { name: guestTitle })).toBeVisible();
    await expect(messages.getByText(question, { exact: true })).toBeVisible();
    const answerBox = conversation.getByRole('textbox', { name: k(locale, 'composer.label') });
    await answerBox.fill(answer);
    await answerBox.press('Enter');
    await expect(messages.getByText(answer, { exact: true })).toBeVisible();

    // The guest sees the answer live, with staff's name over it.
    await expect(guest.log.getByText(answer, { exact: true })).toBeVisible();
    await expect(guest.log.getByText(staffUser.name, { exact: true })).toBeVisible();

    // 2. The guest signs in on the same page and still has the conversation.
    await guest.panel.getByRole('button', { name: c(locale, 'panel.close') }).click();
    await expect(guest.panel).toBeHidden();
    await page.locator('input[name="username"]').fill(member.phone);
    await page.locator('input[name="password"]').fill(member.password);
    await page.getByRole('button', { name: t('login.submit') }).click();
    await expect(page).toHaveURL(/\/user\/home$/);
    const agreement = page.getByRole('dialog', { name: t('agreement.title') });
    await agreement.getByRole('button', { name: t('agreement.accept') }).click();
    await expect(agreement).toBeHidden();
    const chat = widget(page, locale);
    await chat.button.click();
    await expect(chat.online).toBeVisible();
    await expect(chat.log.getByText(question, { exact: true })).toBeVisible();
    await expect(chat.log.getByText(answer, { exact: true })).toBeVisible();
    await expect(chat.panel.getByRole('switch', { name: c(locale, 'push.label') })).toBeVisible();
    await settled(chat.panel);
    await newestInView(chat.log);
    // Staff see the conversation is now the member's.
    await expect(conversation.getByRole('heading', { name: 'Somchai' })).toBeVisible();
    await expect(conversation.getByText(member.phone)).toBeVisible();
    // Staff stay in the conversation as it was: what the member writes next (below) arrives live,
    // as the claim moved the staff socket to the member's room.
    await expect(messages.getByText(answer, { exact: true })).toBeVisible();

    // 3. The member taps the bot's first quick reply, then sends a photo.
    const chip = chat.log.getByRole('button').first();
    const chosen = await chip.innerText();
    await chip.click();
    await expect(chat.log.getByRole('button')).toHaveCount(0);
    await expect(chat.log.locator('li[data-seq]').getByText(chosen, { exact: true })).toBeVisible();
    await page.locator('input[data-chat-file]').setInputFiles({
      name: 'slip.png',
      mimeType: 'image/png',
      buffer: gradientPng(),
    });
    const sentPhoto = chat.log.locator('li[data-seq]').getByRole('img', { name: c(locale, 'media.image') });
    await expect(sentPhoto).toBeVisible();
    await picturesDrawn(sentPhoto);

    // Staff see both: the choice and the photo (fetched over its signed link).
    const choice = messages.locator('li[data-seq]').filter({ hasText: k(locale, 'message.chose') });
    await expect(choice).toHaveCount(1);
    await expect(choice).toContainText(chosen);
    const staffPhoto = messages.getByRole('img', { name: k(locale, 'preview.image') });
    await expect(staffPhoto).toBeVisible();
    await picturesDrawn(staffPhoto);
    await expectAccessible(staff);
    await screenshot(staff, `${locale}/console-inbox`, { fullPage: false });

    // The inbox at a desktop's width: the list, the conversation and the member's money side by side.
    // The same browser's session (its cookie and CSRF token), in a window of a desktop's size.
    const desktop = await browser.newContext({
      storageState: await staffContext.storageState(),
      viewport: { width: 1280, height: 800 },
      deviceScaleFactor: 1,
      isMobile: false,
      hasTouch: false,
    });
    try {
      const wide = await desktop.newPage();
      watchProblems(wide, staffProblems);
      await open(wide, new URL(staff.url()).pathname, { locale });
      const wideMessages = wide
        .getByRole('region', { name: k(locale, 'conversation.label') })
        .getByRole('list', { name: k(locale, 'conversation.messages') });
      await expect(
        wideMessages.locator('li[data-seq]').filter({ hasText: k(locale, 'message.chose') }),
      ).toContainText(chosen);
      await picturesDrawn(wideMessages.getByRole('img', { name: k(locale, 'preview.image') }));
      const memberColumn = wide.getByRole('complementary', { name: k(locale, 'member.title') });
      await expect(memberColumn.getByText(member.phone)).toBeVisible();
      await expect(
        wide.getByRole('list', { name: k(locale, 'inbox.tabs.open') }).getByText(member.phone),
      ).toBeVisible();
      await screenshot(wide, `${locale}/console-inbox-1280`, { fullPage: false });
    } finally {
      await desktop.close();
    }

    // 4. Staff resolve; the member's widget shows the marker at once.
    await conversation.getByRole('button', { name: k(locale, 'conversation.resolve'), exact: true }).click();
    const confirm = staff.getByRole('dialog', { name: k(locale, 'conversation.resolveTitle') });
    await confirm
      .getByRole('button', { name: k(locale, 'conversation.resolveConfirm'), exact: true })
      .click();
    await expect(staff.getByText(k(locale, 'conversation.resolvedDone'))).toBeVisible();
    await expect(conversation.getByTestId('end-marker')).toBeVisible();
    await expect(chat.log.getByText(c(locale, 'panel.endConversation'), { exact: true })).toBeVisible();
    await expect(chat.log.locator(':scope > ul > li').last()).toHaveAttribute('data-end-conversation');
    await newestInView(chat.log);

    // A tapped push notice opens the page with ?chat=1: the panel opens with the page, the newest
    // item in view under the push toggle that comes in over the list after its first layout.
    await page.goto('/user/home?chat=1');
    await expect(chat.online).toBeVisible();
    await expect(chat.log.locator(':scope > ul > li').last()).toHaveAttribute('data-end-conversation');
    await expect(chat.panel.getByRole('switch', { name: c(locale, 'push.label') })).toBeVisible();
    await settled(chat.panel);
    await newestInView(chat.log);

    // 5. The open widget in each language, chosen with the shell's language switcher.
    await settled(chat.panel);
    await expectAccessible(page);
    await screenshot(page, `${locale}/chat-widget`, { fullPage: false });
    let current: Locale = locale;
    for (const next of LOCALES.filter((other) => other !== locale)) {
      await widget(page, current)
        .panel.getByRole('button', { name: c(current, 'panel.close') })
        .click();
      await page.getByRole('button', { name: text(current, 'language.choose') }).click();
      await page.locator(`button[lang="${next}"]`).click();
      current = next;
      const shown = widget(page, current);
      await shown.button.click();
      await expect(shown.online).toBeVisible();
      await expect(shown.log.getByText(c(current, 'panel.endConversation'), { exact: true })).toBeVisible();
      await settled(shown.panel);
      await newestInView(shown.log);
      await screenshot(page, `${current}/chat-widget`, { fullPage: false });
    }
  } finally {
    await staffContext.close();
  }
  expect(staffProblems, 'browser problems of the console').toEqual([]);
});

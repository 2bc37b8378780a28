import type { Page } from '@playwright/test';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, type HowtoTopic, type Locale } from '@wallet/contract/constants';
import { text } from '../texts';
import { CAPTIONS } from './captions';
import type { FrameRecorder } from './frames';
import { hold, ring, tap, type } from './overlay';
import type { Member } from './sandbox-member';

export interface Scene {
  page: Page;
  member: Member;
  locale: Locale;
  recorder: FrameRecorder;
}

/** The game every clip plays: the sandbox's JOKER, which the demo slot opens. */
const GAME = 'JOKER';

const dialog = (page: Page) => page.getByRole('dialog').last();
const t = (scene: Scene, key: string, namespace: 'common' | 'bonus' = 'common') =>
  text(scene.locale, key, namespace);

/** Shows caption `step` (1-based) of the topic, `{label}` filled with a label of the app. */
function say(scene: Scene, topic: HowtoTopic, step: number, label?: string) {
  scene.recorder.caption(step, CAPTIONS[topic][scene.locale][step - 1]!.replace('{label}', label ?? ''));
}

/** Opens `url` signed in, in the clip's language, past the member agreement, and waits for it. */
async function start(scene: Scene, url: string) {
  const { page, member, locale } = scene;
  const answer = await page.request.get('/api/lookup/agreements', {
    headers: { [CLIENT_HEADER]: CLIENT_HEADER_VALUE },
  });
  const agreement = (await answer.json()) as { version: string };
  await page.addInitScript(
    ({ locale, token, agreement }) => {
      localStorage.setItem('locale', locale);
      sessionStorage.setItem('token', token);
      localStorage.setItem('agreement', agreement);
    },
    { locale, token: member.token, agreement: agreement.version },
  );
  await page.goto(url);
  await page.locator('[data-balance="total"]').or(page.locator('main h1')).first().waitFor();
  await page.evaluate(() => document.fonts.ready);
  await hold(0.8);
}

async function wallet(scene: Scene) {
  const { page, member, recorder } = scene;
  await start(scene, '/user/home');
  say(scene, 'wallet', 1);
  await recorder.follow(page);
  await ring(page.locator('[data-balance="total"]'));
  await hold(2.2);

  const depositLabel = t(scene, 'home.widgets.deposit');
  say(scene, 'wallet', 2, depositLabel);
  await hold(1);
  await tap(page.getByRole('button', { name: depositLabel }));
  await dialog(page).waitFor();
  await hold(1.5);

  say(scene, 'wallet', 3);
  await tap(dialog(page).getByRole('tab', { name: t(scene, 'deposit.tabs.qr') }));
  await hold(0.8);
  await tap(dialog(page).locator('label', { has: page.locator('input[type="radio"][value="KBANK"]') }));
  await hold(0.5);
  await type(dialog(page).getByRole('textbox', { name: t(scene, 'deposit.qr.amount') }), '300');
  await hold(0.5);
  await tap(dialog(page).getByRole('button', { name: t(scene, 'deposit.qr.create') }));
  await dialog(page).getByRole('timer').waitFor();

  say(scene, 'wallet', 4);
  await hold(3);
  await member.payOpenQr();
  await page.getByText(t(scene, 'deposit.qr.paid').replace('{{amount}}', '฿300.00')).waitFor();
  say(scene, 'wallet', 5);
  await hold(2);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await ring(page.locator('[data-balance="total"]'));
  await hold(2.5);
}

async function play(scene: Scene) {
  const { page, member, recorder } = scene;
  await member.depositByQr(50_000);
  await start(scene, '/user/home');
  const card = page.locator(`[data-game="${GAME}"]`);
  await card.scrollIntoViewIfNeeded();
  say(scene, 'play', 1);
  await recorder.follow(page);
  await hold(1.5);
  await tap(card);
  await dialog(page).waitFor();
  await hold(1);

  const open = t(scene, 'game.openAccount');
  say(scene, 'play', 2, open);
  await hold(1);
  await tap(dialog(page).getByRole('button', { name: open }));
  await dialog(page).getByText(t(scene, 'game.username')).waitFor();
  await hold(2);

  say(scene, 'play', 3);
  await tap(dialog(page).getByRole('button', { name: t(scene, 'game.fund') }));
  await dialog(page).locator('input[name="amount"]').waitFor();
  await hold(0.8);
  await type(dialog(page).locator('input[name="amount"]'), '300');
  await hold(0.5);
  await tap(dialog(page).getByRole('button', { name: t(scene, 'transfer.submit') }));
  await dialog(page).getByText(t(scene, 'transfer.done')).waitFor();
  await hold(1.5);
  await tap(dialog(page).getByRole('button', { name: t(scene, 'action.done') }));
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await hold(1);

  const web = t(scene, 'game.web');
  say(scene, 'play', 4, web);
  await tap(card);
  await dialog(page).waitFor();
  await hold(1);
  const popupOpened = page.waitForEvent('popup');
  await tap(dialog(page).getByRole('button', { name: new RegExp(`^${web}`) }));
  const game = await popupOpened;
  await game.waitForURL(/\/api\/sandbox\/pages\/play\//);
  await game.waitForLoadState('load');
  say(scene, 'play', 5);
  await recorder.follow(game);
  const spin = game.getByRole('button', { name: 'Spin' });
  for (let round = 0; round < 2; round++) {
    await spin.waitFor();
    await hold(1);
    await tap(spin);
    await hold(2.5);
  }
  await hold(1);
  await recorder.stop();
  await game.close();
}

async function balance(scene: Scene) {
  const { page, member, recorder } = scene;
  await member.depositByQr(100_000);
  await member.openGameAccount(GAME);
  await member.transfer('wallet', GAME, 40_000);
  await start(scene, '/user/home');
  say(scene, 'balance', 1);
  await recorder.follow(page);
  await ring(page.locator('[data-balance="total"]'));
  await hold(2.5);

  say(scene, 'balance', 2);
  const card = page.locator(`[data-game="${GAME}"]`);
  await card.scrollIntoViewIfNeeded();
  await hold(0.5);
  await ring(card.locator('[data-amount]'));
  await hold(2.5);

  const refresh = t(scene, 'home.refresh');
  say(scene, 'balance', 3, refresh);
  await hold(1);
  await tap(page.getByRole('button', { name: refresh }));
  await hold(2.5);

  say(scene, 'balance', 4);
  await tap(page.getByRole('link', { name: t(scene, 'nav.statement') }));
  await page.locator('li[data-status]').first().waitFor();
  say(scene, 'balance', 4);
  await hold(3);

  say(scene, 'balance', 5);
  await page.evaluate(() => window.scrollBy({ top: 300, behavior: 'smooth' }));
  await hold(1.2);
  await tap(page.locator('li[data-status]').first().getByRole('button'));
  await dialog(page).waitFor();
  say(scene, 'balance', 5);
  await hold(3);
}

async function bonus(scene: Scene) {
  const { page, member, recorder } = scene;
  await member.depositByQr(20_000);
  await start(scene, '/user/home');
  const bonusLabel = t(scene, 'home.widgets.bonus');
  say(scene, 'bonus', 1, bonusLabel);
  await recorder.follow(page);
  await hold(1.5);
  await tap(page.getByRole('button', { name: bonusLabel }));
  const offer = page.locator('[data-offer="WELCOME100"]');
  await offer.waitFor();
  say(scene, 'bonus', 1, bonusLabel);
  await hold(1);

  say(scene, 'bonus', 2);
  await hold(1.5);
  await tap(offer);
  await dialog(page).waitFor();
  await hold(3);

  const receive = t(scene, 'bonus.receive', 'bonus');
  say(scene, 'bonus', 3, receive);
  const button = dialog(page).getByRole('button', { name: receive });
  await button.scrollIntoViewIfNeeded();
  await hold(1);
  await tap(button);
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  say(scene, 'bonus', 4);
  await hold(1);
  const running = page.getByRole('progressbar').first();
  await running.scrollIntoViewIfNeeded();
  await ring(running);
  await hold(3.5);
}

async function endBonus(scene: Scene) {
  const { page, member, recorder } = scene;
  await member.depositByQr(20_000);
  await member.claimBonus('WELCOME100');
  await member.openGameAccount(GAME);
  await member.transfer('wallet', GAME, 30_000);
  await member.playRounds(GAME, 6, 10_000, 10_000);
  await member.transfer(GAME, 'wallet', 30_000);
  await start(scene, '/user/bonus');
  say(scene, 'endBonus', 1);
  const bar = page.getByRole('progressbar').first();
  await bar.scrollIntoViewIfNeeded();
  await recorder.follow(page);
  await ring(bar);
  await hold(3);

  const cancel = t(scene, 'bonus.cancel.button', 'bonus');
  say(scene, 'endBonus', 2, cancel);
  const cancelButton = page.getByRole('button', { name: cancel });
  await cancelButton.scrollIntoViewIfNeeded();
  await hold(1.2);
  await tap(cancelButton);
  await dialog(page).waitFor();
  say(scene, 'endBonus', 3);
  await hold(3);
  const confirm = dialog(page).getByRole('button', { name: t(scene, 'bonus.cancel.confirm', 'bonus') });
  await confirm.scrollIntoViewIfNeeded();
  await tap(confirm);
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  await hold(1.5);

  say(scene, 'endBonus', 4);
  await tap(page.getByRole('link', { name: t(scene, 'nav.home') }));
  const withdraw = page.getByRole('button', { name: t(scene, 'home.widgets.withdraw') });
  await withdraw.waitFor();
  say(scene, 'endBonus', 4);
  await hold(1);
  await tap(withdraw);
  await dialog(page).locator('input[name="amount"]').waitFor();
  await hold(1);
  await type(dialog(page).locator('input[name="amount"]'), '100');
  await hold(0.5);
  await tap(dialog(page).getByRole('button', { name: t(scene, 'withdraw.submit') }));
  await dialog(page)
    .getByText(new RegExp(`${t(scene, 'withdraw.done')}|${t(scene, 'withdraw.pendingTitle')}`))
    .waitFor();
  await hold(3);
}

/** Each topic's flow, recorded from its first caption to its end. */
export const SCENES: Record<HowtoTopic, (scene: Scene) => Promise<void>> = {
  wallet,
  play,
  balance,
  bonus,
  endBonus,
};

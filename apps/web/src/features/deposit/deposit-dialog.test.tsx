import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from '../../lib/i18n';
import { stubXhr } from '../../test/fake-xhr';
import { bodyOf } from '../../test/render-app';
import { renderHome } from '../../test/render-home';
import { memberServer, profileResponse, signIn, walletResponse } from '../../test/wallet-data';
import { giftLinkRefusal } from './gift-link-tab';

beforeEach(signIn);
afterEach(() => vi.unstubAllGlobals());

/** The language a call asked the server to answer in. */
const languageOf = (init: RequestInit) => new Headers(init.headers).get('accept-language') ?? 'th';

/** Names as the server answers them: in the language of the request. */
const NAMES = {
  SCB: { th: 'ธนาคารไทยพาณิชย์', lo: 'ທະນາຄານໄທພານິດ', en: 'Siam Commercial Bank' },
  BCEL: { th: 'ธนาคารการค้าต่างประเทศลาว', lo: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ', en: 'BCEL' },
  operator: { th: 'บจก. ลักกี้ วอลเล็ต', lo: 'ບໍລິສັດ ລັກກີ້ ວໍເລັດ ຈຳກັດ', en: 'LUCKY WALLET CO LTD' },
};
type Language = keyof typeof NAMES.SCB;
const named = (names: Record<Language, string>, language: string) => names[language as Language] ?? names.en;

const depositLookup = (isManual = false, language = 'en') => ({
  banks: [
    {
      bankType: 'DEPOSIT',
      bankCode: 'SCB',
      mode: 'AUTO',
      bank: { name: named(NAMES.SCB, language), nameTH: NAMES.SCB.th, nameEN: NAMES.SCB.en },
      bankAccountName: named(NAMES.operator, language),
      bankAccountNo: '4071234567',
      currency: 'BAHT',
    },
    {
      bankType: 'DEPOSIT',
      bankCode: 'BCEL',
      mode: 'SMS',
      bank: { name: named(NAMES.BCEL, language), nameTH: NAMES.BCEL.th, nameEN: NAMES.BCEL.en },
      bankAccountName: language === 'lo' ? NAMES.operator.lo : 'LUCKY WALLET LAO',
      bankAccountNo: '0101000123456',
      currency: 'LAK',
    },
  ],
  wallets: [{ mode: 'AUTO', walletAccountName: 'Lucky Wallet' }],
  isManual,
});

const banksLookup = (language: string) => ({
  banks: (['SCB', 'BCEL'] as const).map((code) => ({
    code,
    name: named(NAMES[code], language),
    nameTH: NAMES[code].th,
    nameEN: NAMES[code].en,
    market: code === 'SCB' ? 'TH' : 'LA',
    englishNameOnly: false,
    accountNoLengths: [10],
  })),
});

const hhmm = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Bangkok',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);

/** A slip lookup; `closedNow` puts the closed window around the present moment. */
const slipLookup = (closedNow = false) => ({
  slip: {
    maxAgeMinutes: 60,
    closedFrom: closedNow ? hhmm(new Date(Date.now() - 3_600_000)) : '00:00',
    closedTo: closedNow ? hhmm(new Date(Date.now() + 3_600_000)) : '00:00',
    timeZone: 'Asia/Bangkok',
  },
});

type Answer = { status?: number; body: unknown } | undefined;

/** A kip member's profile: a BCEL account, in kip unless told otherwise (decision 069). */
const kipProfile = (accountCurrency = 'LAK') => ({
  ...profileResponse,
  bankAccount: {
    ...profileResponse.bankAccount,
    bankAccountNo: '0101100012345',
    bank: { code: 'BCEL', name: NAMES.BCEL.en, nameTH: NAMES.BCEL.th, nameEN: NAMES.BCEL.en },
    currency: accountCurrency,
  },
});

function depositServer(
  options: {
    isManual?: boolean;
    closedNow?: boolean;
    handler?: (url: string, init: RequestInit) => Answer;
    /** A member whose wallet is in kip, and the currency of their BCEL account. */
    kip?: { accountCurrency: string };
  } = {},
) {
  const wallet = walletResponse(100_000);
  if (options.kip) wallet.wallet.currency = 'LAK';
  return memberServer(
    () => wallet,
    (url, init) =>
      options.handler?.(url, init) ??
      (options.kip && url === '/api/account/profile'
        ? { body: kipProfile(options.kip.accountCurrency) }
        : undefined) ??
      (url === '/api/lookup/deposit'
        ? { body: depositLookup(options.isManual, languageOf(init)) }
        : url === '/api/lookup/banks'
          ? { body: banksLookup(languageOf(init)) }
          : url === '/api/lookup/slip'
            ? { body: slipLookup(options.closedNow) }
            : undefined),
  );
}

async function openDeposit(label = 'Deposit') {
  // NOTE: the first test of a run waits for the home page's chunks to be transformed.
  await userEvent.click(await screen.findByRole('button', { name: label }, { timeout: 5_000 }));
  const dialog = await screen.findByRole('dialog', { name: label });
  // The tabs are a chunk of their own, fetched when the dialog opens.
  await within(dialog).findByRole('tablist');
  return dialog;
}

const walletLoads = (calls: { url: string }[]) =>
  calls.filter((call) => call.url === '/api/wallet/refresh/slot').length;

const slipPng = () => new File([new Uint8Array([137, 80, 78, 71])], 'slip.png', { type: 'image/png' });

describe('deposit: bank transfer', () => {
  it('says what the deposit limits still allow before the member transfers (issue 29)', async () => {
    const limits = { value: null, used: 0, resetsAt: '2026-11-28T17:00:00.000Z', pending: null };
    depositServer({
      handler: (url) =>
        url === '/api/account/limits'
          ? {
              body: {
                deposit: { day: { ...limits, value: 50_000, used: 20_000 }, week: limits, month: limits },
                loss: { day: limits, week: limits, month: limits },
                depositRemaining: 30_000,
                realityCheckMinutes: null,
                session: null,
                timeout: null,
                selfExclusion: null,
              },
            }
          : undefined,
    });
    await renderHome();
    const dialog = await openDeposit();
    const panel = within(dialog).getByRole('tabpanel', { name: 'Bank transfer' });
    expect(await within(panel).findByText('You can still deposit ฿300.00 now.')).toBeTruthy();
  });

  it('lists the receiving accounts with copyable numbers and the rules of a transfer', async () => {
    depositServer();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderHome();
    const dialog = await openDeposit();
    const panel = within(dialog).getByRole('tabpanel', { name: 'Bank transfer' });
    const scb = (await within(panel).findByText('Siam Commercial Bank')).closest('li')!;
    expect(within(scb).getByText('LUCKY WALLET CO LTD')).toBeTruthy();
    expect(scb.querySelector('[data-bank-badge="SCB"]')?.textContent).toBe('SCB');
    expect(within(scb).getByText('407-123-4567')).toBeTruthy();
    // Only the accounts in the wallet's currency, each labelled with it (issue 32 section 2).
    expect(within(scb).getByText('baht')).toBeTruthy();
    expect(within(panel).queryByText('0101000123456')).toBeNull();
    expect(within(panel).queryByRole('alert')).toBeNull();
    await userEvent.click(
      within(scb).getByRole('button', { name: 'Copy the Siam Commercial Bank account number' }),
    );
    expect(writeText).toHaveBeenCalledWith('4071234567');
    expect(await screen.findByText('Copied: 4071234567')).toBeTruthy();
    expect(
      within(panel).getByText(
        'Transfer only from your registered account: Siam Commercial Bank 123-456-7890.',
      ),
    ).toBeTruthy();
    expect(within(panel).getByText(/Upload your slip within 60 minutes of the transfer/)).toBeTruthy();
    // No manual notice unless the operator allows it.
    expect(within(panel).queryByRole('form', { name: 'Notify a deposit' })).toBeNull();
  });

  it("names banks and the operator's accounts in Lao for Lao readers, and again after a switch to English", async () => {
    depositServer({ kip: { accountCurrency: 'LAK' } });
    await renderHome('lo');
    const dialog = await openDeposit('ຝາກເງິນ');
    const bcel = (await within(dialog).findByText('ທະນາຄານການຄ້າຕ່າງປະເທດລາວ')).closest('li')!;
    expect(within(bcel).getByText('ບໍລິສັດ ລັກກີ້ ວໍເລັດ ຈຳກັດ')).toBeTruthy();
    expect(bcel.querySelector('[data-bank-badge="BCEL"]')?.textContent).toBe('BCEL');
    // A kip member is shown the kip account only, labelled, and no gift link (baht only).
    expect(within(bcel).getByText('ກີບ')).toBeTruthy();
    expect(within(bcel).getByText('0101000123456')).toBeTruthy();
    expect(within(dialog).queryByText('ທະນາຄານໄທພານິດ')).toBeNull();
    expect(within(dialog).getAllByRole('tab')).toHaveLength(2);
    // The member's own bank, named by the banks lookup in Lao.
    expect(within(dialog).getByText(/ທະນາຄານການຄ້າຕ່າງປະເທດລາວ 0101100012345/)).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: 'ໂອນຜ່ານທະນາຄານ' })).toBeTruthy();
    expect(within(dialog).getByText(/ກະລຸນາອັບໂຫຼດສະລິບພາຍໃນ 60 ນາທີ/)).toBeTruthy();

    await act(() => i18next.changeLanguage('en'));
    expect(await within(dialog).findByText('LUCKY WALLET LAO')).toBeTruthy();
    expect(within(dialog).getAllByText('LUCKY WALLET LAO').length).toBe(1);
    expect(within(dialog).getByText('kip')).toBeTruthy();
    expect(within(dialog).queryByText('ທະນາຄານການຄ້າຕ່າງປະເທດລາວ')).toBeNull();
  });

  it('says plainly, before a transfer, that a registered account in baht cannot fund a kip wallet', async () => {
    depositServer({ kip: { accountCurrency: 'BAHT' } });
    await renderHome();
    const dialog = await openDeposit();
    expect(
      await within(dialog).findByText(
        'Your registered bank account is in baht and your wallet in kip: a transfer from it cannot be credited. Please contact support to change the account.',
      ),
    ).toBeTruthy();
  });

  it('refuses only a missing file; sends any chosen file with progress and shows the server verdict translated', async () => {
    const sent = stubXhr();
    const calls = depositServer();
    await renderHome();
    const dialog = await openDeposit();
    const panel = within(dialog).getByRole('tabpanel', { name: 'Bank transfer' });
    const upload = within(panel).getByRole('button', { name: 'Upload slip' });

    await userEvent.click(upload);
    expect(within(panel).getByRole('alert').textContent).toBe('Please choose a slip image to upload.');
    expect(sent).toHaveLength(0);

    // A PDF is not refused here (a browser may ignore `accept`): the server judges it.
    const pdf = new File(['%PDF-1.4'], 'slip.pdf', { type: 'application/pdf' });
    await userEvent.upload(within(panel).getByLabelText('Choose slip image'), pdf, { applyAccept: false });
    expect(within(panel).getByText('slip.pdf')).toBeTruthy();
    await userEvent.click(upload);
    expect(sent).toHaveLength(1);
    const first = sent[0]!;
    expect(first.method).toBe('POST');
    expect(first.url).toBe('/api/wallet/slip');
    expect(first.timeout).toBe(300_000);
    expect((first.body?.get('file') as File).name).toBe('slip.pdf');
    expect(first.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    expect(first.headers['x-requested-with']).toBe('wallet-user');
    expect(first.headers.authorization).toBe('Bearer token');
    first.progress(0.5);
    const bar = within(panel).getByRole('progressbar', { name: 'Uploading slip' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    first.answer(400, { message: 'SLIP_INVALID_FILE' });
    expect(
      await within(panel).findByText('This file is not supported. Please upload an image of your slip.'),
    ).toBeTruthy();
    expect(within(panel).queryByRole('progressbar')).toBeNull();

    await userEvent.upload(within(panel).getByLabelText('Choose another image'), slipPng());
    await userEvent.click(upload);
    sent[1]!.answer(422, { message: 'NOT_MATCH' });
    expect(
      await within(panel).findByText('The account on the slip does not match your registered account.'),
    ).toBeTruthy();
    expect(walletLoads(calls)).toBe(1);
  });

  it('sends the same slip again with the same key after a lost answer, and reloads the wallet once credited', async () => {
    const sent = stubXhr();
    const calls = depositServer();
    await renderHome();
    const dialog = await openDeposit();
    const panel = within(dialog).getByRole('tabpanel', { name: 'Bank transfer' });
    await userEvent.upload(within(panel).getByLabelText('Choose slip image'), slipPng());
    expect(within(panel).getByRole('img', { name: 'The slip you chose' })).toBeTruthy();
    const upload = within(panel).getByRole('button', { name: 'Upload slip' });
    await userEvent.click(upload);
    sent[0]!.lose();
    expect(await within(panel).findByRole('alert')).toBeTruthy();
    await userEvent.click(upload);
    expect(sent[1]!.headers['idempotency-key']).toBe(sent[0]!.headers['idempotency-key']);
    sent[1]!.answer(200, { status: 'SUCCESS', amount: 50_000, reference: '2026010212345' });
    expect(
      await within(panel).findByText('Slip accepted: ฿500.00 has been added to your wallet.'),
    ).toBeTruthy();
    await waitFor(() => expect(walletLoads(calls)).toBe(2));
    expect(within(panel).getByText('No image chosen yet')).toBeTruthy();
  });

  it('tells a slip kept for review as waiting for staff, not as a failure to retry', async () => {
    const sent = stubXhr();
    const calls = depositServer();
    await renderHome();
    const dialog = await openDeposit();
    const panel = within(dialog).getByRole('tabpanel', { name: 'Bank transfer' });
    await userEvent.upload(within(panel).getByLabelText('Choose slip image'), slipPng());
    await userEvent.click(within(panel).getByRole('button', { name: 'Upload slip' }));
    sent[0]!.answer(422, { message: 'SENDER_UNCONFIRMED' });
    const status = await within(panel).findByRole('status');
    expect(status.textContent).toContain(
      'We could not confirm that this transfer came from your registered account. Our staff will review the slip.',
    );
    expect(status.textContent).toContain('Nothing has been added to your wallet yet.');
    expect(within(panel).queryByRole('alert')).toBeNull();
    // Sending it again changes nothing: the file is no longer chosen.
    expect(within(panel).getByText('No image chosen yet')).toBeTruthy();
    expect(walletLoads(calls)).toBe(1);
  });

  it('tells a kip member whose slip went to the baht account that it is kept for staff, with support', async () => {
    const sent = stubXhr();
    depositServer({ kip: { accountCurrency: 'LAK' } });
    await renderHome();
    const dialog = await openDeposit();
    const panel = within(dialog).getByRole('tabpanel', { name: 'Bank transfer' });
    await userEvent.upload(within(panel).getByLabelText('Choose slip image'), slipPng());
    await userEvent.click(within(panel).getByRole('button', { name: 'Upload slip' }));
    sent[0]!.answer(422, { message: 'DEST_ACC_TAKES_BAHT' });
    const status = await within(panel).findByRole('status');
    expect(status.textContent).toContain('This account takes baht; your wallet is in kip.');
    // Said once: the code's text tells that nothing was credited.
    expect(status.textContent).not.toContain('Nothing has been added to your wallet yet.');
    expect(within(status).getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      '/user/contact',
    );
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(within(panel).getByText('No image chosen yet')).toBeTruthy();
  });

  it('tells how to upload a slip that reads when its QR code could not be read', async () => {
    const sent = stubXhr();
    depositServer();
    await renderHome();
    const dialog = await openDeposit();
    const panel = within(dialog).getByRole('tabpanel', { name: 'Bank transfer' });
    const advice =
      'Upload the whole slip as your banking app saved it, with its QR code clearly visible. Do not crop or edit the image.';
    for (const [index, [code, text]] of [
      ['INVALID_SLIP', 'The slip could not be read.'],
      ['CANNOT_READ_CROPPED_IMAGE', 'This slip is not correct. Please upload a valid slip.'],
      ['UNSTABLE_REFNO_ON_SLIP', 'The reference number on the slip could not be read.'],
    ].entries()) {
      await userEvent.upload(within(panel).getByLabelText(/^Choose (slip image|another image)$/), slipPng());
      await userEvent.click(within(panel).getByRole('button', { name: 'Upload slip' }));
      sent[index]!.answer(422, { message: code });
      const alert = await within(panel).findByRole('alert');
      await waitFor(() => expect(alert.textContent).toBe(`${text}${advice}`));
    }
    // A refusal with nothing to add says only its reason.
    await userEvent.click(within(panel).getByRole('button', { name: 'Upload slip' }));
    sent[3]!.answer(422, { message: 'EXPIRED_SLIP' });
    await waitFor(() => expect(within(panel).getByRole('alert').textContent).toBe('This slip has expired.'));
    expect(within(panel).queryByRole('link', { name: 'Contact support' })).toBeNull();
  });

  it('tells a slip sent from another account that nothing was credited, where the money is, and how to reach support', async () => {
    const sent = stubXhr();
    const calls = depositServer();
    const { router } = await renderHome();
    const dialog = await openDeposit();
    const panel = within(dialog).getByRole('tabpanel', { name: 'Bank transfer' });
    await userEvent.upload(within(panel).getByLabelText('Choose slip image'), slipPng());
    await userEvent.click(within(panel).getByRole('button', { name: 'Upload slip' }));
    sent[0]!.answer(422, { message: 'NOT_MATCH' });
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain('The account on the slip does not match your registered account.');
    expect(alert.textContent).toContain(
      'Nothing was added to your wallet: only transfers from your registered account are credited. The money did reach our account, so keep this slip and contact support: our staff will check it with you.',
    );
    const support = within(alert).getByRole('link', { name: 'Contact support' });
    expect(support.getAttribute('href')).toBe('/user/contact');
    expect(walletLoads(calls)).toBe(1);
    await userEvent.click(support);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/contact'));
  });

  it('offers support beside a slip kept for staff review too', async () => {
    const sent = stubXhr();
    depositServer();
    await renderHome();
    const dialog = await openDeposit();
    const panel = within(dialog).getByRole('tabpanel', { name: 'Bank transfer' });
    await userEvent.upload(within(panel).getByLabelText('Choose slip image'), slipPng());
    await userEvent.click(within(panel).getByRole('button', { name: 'Upload slip' }));
    sent[0]!.answer(422, { message: 'SENDER_UNCONFIRMED' });
    const status = await within(panel).findByRole('status');
    expect(within(status).getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      '/user/contact',
    );
  });

  it('puts the verdict under the upload button and scrolls the dialog to it when it arrives', async () => {
    const sent = stubXhr();
    const scrolled: Element[] = [];
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (
      this: Element,
    ) {
      scrolled.push(this);
    });
    try {
      depositServer();
      await renderHome();
      const dialog = await openDeposit();
      const panel = within(dialog).getByRole('tabpanel', { name: 'Bank transfer' });
      const upload = within(panel).getByRole('button', { name: 'Upload slip' });
      await userEvent.upload(within(panel).getByLabelText('Choose slip image'), slipPng());
      await userEvent.click(upload);
      expect(scrolled).toEqual([]);
      sent[0]!.answer(422, { message: 'INVALID_SLIP' });
      const alert = await within(panel).findByRole('alert');
      await waitFor(() => expect(scrolled).toHaveLength(1));
      // The verdict itself is brought into view; the button it answers sits just above it.
      expect(scrolled[0]!.contains(alert)).toBe(true);
      expect(scrolled[0]!.contains(upload)).toBe(false);
      expect(upload.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(scrollIntoView).toHaveBeenCalledWith({ block: 'nearest' });

      await userEvent.click(upload);
      sent[1]!.answer(200, { status: 'SUCCESS', amount: 50_000, reference: '2026010212345' });
      const status = await within(panel).findByRole('status');
      await waitFor(() => expect(scrolled.at(-1)!.contains(status)).toBe(true));
      expect(upload.compareDocumentPosition(status) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    } finally {
      scrollIntoView.mockRestore();
    }
  });

  it('says uploads are closed during the daily window and does not offer them', async () => {
    const sent = stubXhr();
    depositServer({ closedNow: true });
    await renderHome();
    const dialog = await openDeposit();
    const panel = within(dialog).getByRole('tabpanel', { name: 'Bank transfer' });
    expect(
      await within(panel).findByText(/^Slip uploads are closed from \d\d:\d\d to \d\d:\d\d/),
    ).toBeTruthy();
    expect(within(panel).getByRole<HTMLButtonElement>('button', { name: 'Upload slip' }).disabled).toBe(true);
    expect(within(panel).getByLabelText<HTMLInputElement>('Choose slip image').disabled).toBe(true);
    expect(sent).toHaveLength(0);
  });

  it('offers a manual deposit notice when the operator allows it', async () => {
    const calls = depositServer({
      isManual: true,
      handler: (url) =>
        url === '/api/wallet/add'
          ? { body: { status: 'PENDING', reference: 'dep-1', amount: 25_000 } }
          : undefined,
    });
    await renderHome();
    const dialog = await openDeposit();
    const form = await within(dialog).findByRole('form', { name: 'Notify a deposit' });
    const amount = within(form).getByLabelText('Amount transferred');
    await userEvent.type(amount, '0.50');
    await userEvent.click(within(form).getByRole('button', { name: 'Send notice' }));
    expect(within(form).getByText('The deposit must be at least 1 baht.')).toBeTruthy();
    await userEvent.clear(amount);
    await userEvent.type(amount, '250');
    await userEvent.click(within(form).getByRole('button', { name: 'Send notice' }));
    expect(
      await within(form).findByText(
        'Notice sent: our staff will check your transfer of ฿250.00 and credit your wallet.',
      ),
    ).toBeTruthy();
    const sent = calls.filter((call) => call.url === '/api/wallet/add');
    expect(sent.map(bodyOf)).toEqual([{ amount: 25_000 }]);
    expect((sent[0]!.init.headers as Record<string, string>)['idempotency-key']).toBeTruthy();
  });
});

describe('deposit: gift link', () => {
  async function openGift() {
    const dialog = await openDeposit();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Gift link' }));
    return within(dialog).getByRole('tabpanel', { name: 'Gift link' });
  }

  it('says what is missing when Send is tapped with no link, then sends with an idempotency key and toasts the amount', async () => {
    const link = 'https://gift.truemoney.com/campaign/?v=0123456789abcdef';
    const calls = depositServer({
      handler: (url) =>
        url === '/api/wallet/truelink'
          ? { body: { status: 'SUCCESS', reference: 'tl-1', amount: 2_000 } }
          : undefined,
    });
    await renderHome();
    const panel = await openGift();
    const send = within(panel).getByRole<HTMLButtonElement>('button', { name: 'Send link' });
    const field = within(panel).getByLabelText<HTMLInputElement>('Gift link');
    // Tappable with no link (issue 16): the tap says what is missing and sends nothing.
    expect(send.disabled).toBe(false);
    await userEvent.type(field, '   ');
    await userEvent.click(send);
    expect(within(panel).getByText('Paste your gift link first.')).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/wallet/truelink')).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, link);
    const before = walletLoads(calls);
    await userEvent.click(send);
    expect(await screen.findByText('Gift link received: ฿20.00 has been added to your wallet.')).toBeTruthy();
    const sent = calls.filter((call) => call.url === '/api/wallet/truelink');
    expect(sent.map(bodyOf)).toEqual([{ link }]);
    expect((sent[0]!.init.headers as Record<string, string>)['idempotency-key']).toMatch(
      /^[A-Za-z0-9_-]{16,100}$/,
    );
    expect(field.value).toBe('');
    await waitFor(() => expect(walletLoads(calls)).toBe(before + 1));
  });

  it('says as it opens which rule will refuse any link, with no field to fill (issue 31)', async () => {
    const period = { value: null, used: 0, resetsAt: '2026-11-28T17:00:00.000Z', pending: null };
    const limits = (overrides: object) => ({
      deposit: { day: { ...period, value: 50_000, used: 49_900 }, week: period, month: period },
      loss: { day: period, week: period, month: period },
      depositRemaining: null,
      realityCheckMinutes: null,
      session: null,
      timeout: null,
      selfExclusion: null,
      ...overrides,
    });
    let answer = limits({ depositRemaining: 100 });
    const calls = depositServer({
      handler: (url) => (url === '/api/account/limits' ? { body: answer } : undefined),
    });
    await renderHome();
    let panel = await openGift();
    expect(
      await within(panel).findByText(
        'Your deposit limit leaves ฿1.00 for now: less than the smallest gift link (฿2.00).',
      ),
    ).toBeTruthy();
    expect(within(panel).queryByLabelText('Gift link')).toBeNull();

    // Read again on the next opening: a time-out begun meanwhile is said as well.
    answer = limits({ timeout: { until: '2026-11-29T00:00:00.000Z' } });
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Deposit' })).getByRole('button', { name: 'Close' }),
    );
    panel = await openGift();
    expect(await within(panel).findByText('You are taking a time-out. You can still withdraw.')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/wallet/truelink')).toBe(false);

    // Nothing stands in the way: the field shows.
    answer = limits({ depositRemaining: 40_000 });
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Deposit' })).getByRole('button', { name: 'Close' }),
    );
    panel = await openGift();
    expect(await within(panel).findByLabelText('Gift link')).toBeTruthy();
    expect(panel.querySelector('[data-reason="gift"]')).toBeNull();
  });

  it('says at once that a wallet in kip cannot take a gift link', () => {
    expect(giftLinkRefusal('LAK', undefined, () => '')).toBe(
      'This deposit method takes baht only, and your wallet is in another currency.',
    );
    expect(giftLinkRefusal('BAHT', undefined, () => '')).toBeNull();
  });

  it('shows a refused link at the field, translated', async () => {
    depositServer({
      handler: (url) =>
        url === '/api/wallet/truelink' ? { status: 400, body: { message: 'TRUELINK_DUPLICATE' } } : undefined,
    });
    await renderHome();
    const panel = await openGift();
    const field = within(panel).getByLabelText('Gift link');
    await userEvent.type(field, 'https://gift.truemoney.com/campaign/?v=used');
    await userEvent.click(within(panel).getByRole('button', { name: 'Send link' }));
    expect(await within(panel).findByText('This gift link has already been used.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });
});

import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf } from '../../test/render-app';
import { renderHome } from '../../test/render-home';
import { memberServer, signIn, walletResponse } from '../../test/wallet-data';

beforeEach(signIn);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The server's QR markup, marked so a test can tell whether it was put into the page. */
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" data-server-qr="1" viewBox="0 0 4 4"><path d="M0 0h1v1H0z"/></svg>';

const none = (minDeposit: number, message?: string) => ({
  qrcodeId: null,
  hasQrcode: false,
  qrcode: null,
  amount: null,
  expireIn: 0,
  minDeposit,
  ...(message ? { message } : {}),
});

/**
 * The channel list as the server gives it: names in the languages the operator filled in (WW has
 * no Lao name, Payonex only an English one), and each channel's minimum.
 */
const CHANNEL_NAMES: Record<string, { en: string; th?: string; lo?: string }> = {
  KBANK: { en: 'Kasikornbank', th: 'กสิกรไทย', lo: 'ກະສິກອນໄທ' },
  WW: { en: 'PromptPay WW', th: 'พร้อมเพย์ WW' },
  PAYONEX: { en: 'Payonex' },
  PAYTIMZ: { en: 'Paytimz', th: 'เพย์ทิมซ์', lo: 'ເພທິມ' },
  FP: { en: 'PromptPay FP', th: 'พร้อมเพย์ FP', lo: 'ພ້ອມເພ FP' },
};

interface OpenQr {
  id: string;
  amount: number;
  /** When it ends, by the (possibly fake) clock. */
  until: number;
}

/**
 * A member's server with QR payments: `qrs` holds the open QR of each provider, `minimums` the
 * providers' minimums; `create` decides what a POST makes. expireIn is counted from the clock, as
 * a real server would.
 */
function qrServer(
  options: {
    minimums?: Record<string, number>;
    create?: (provider: string, amount: number) => unknown;
  } = {},
) {
  const qrs = new Map<string, OpenQr>();
  let created = 0;
  /** How each provider's latest QR ended, as the server tells it (lastClosed). */
  const closed = new Map<string, { qrcodeId: string; status: 'PAID' | 'CANCELLED' | 'EXPIRED' }>();
  const minimum = (provider: string) => options.minimums?.[provider] ?? 100;
  const state = (provider: string) => {
    const qr = qrs.get(provider);
    if (!qr) return { ...none(minimum(provider)), lastClosed: closed.get(provider) ?? null };
    return {
      qrcodeId: qr.id,
      hasQrcode: true,
      qrcode: SVG,
      amount: qr.amount,
      // NOTE: stays open at 0 for a while, as a lagging server would; the app hides it by itself.
      expireIn: Math.max(0, Math.ceil((qr.until - Date.now()) / 1000)),
      minDeposit: minimum(provider),
    };
  };
  const calls = memberServer(
    () => walletResponse(100_000),
    (url, init) => {
      if (url === '/api/lookup/deposit') return { body: { banks: [], wallets: [], isManual: false } };
      if (url === '/api/lookup/slip')
        return {
          body: { slip: { maxAgeMinutes: 60, closedFrom: null, closedTo: null, timeZone: 'Asia/Bangkok' } },
        };
      if (url === '/api/qrcode') {
        const channels = Object.entries(CHANNEL_NAMES).map(([provider, name]) => ({
          provider,
          name,
          minDeposit: minimum(provider),
        }));
        return { body: { channels } };
      }
      const match = /^\/api\/qrcode\/([\w-]+)$/.exec(url);
      if (!match) return undefined;
      const [, target = ''] = match;
      const method = init.method ?? 'GET';
      if (method === 'GET') return { body: state(target) };
      if (method === 'POST') {
        const { amount } = bodyOf({ init }) as { amount: number };
        const answer = options.create?.(target, amount);
        if (answer) return { body: answer };
        created += 1;
        qrs.set(target, {
          id: `qr-${target}-${String(created).padStart(4, '0')}`,
          amount,
          until: Date.now() + 5_000,
        });
        return { body: state(target) };
      }
      for (const [provider, qr] of qrs) {
        if (qr.id === target) {
          qrs.delete(provider);
          closed.set(provider, { qrcodeId: qr.id, status: 'CANCELLED' });
          return { body: state(provider) };
        }
      }
      return { status: 404, body: { message: 'NO_DATA' } };
    },
  );
  const count = (method: string, url: string) =>
    calls.filter((call) => call.url === url && (call.init.method ?? 'GET') === method).length;
  /** The payer pays the provider's open QR: the server closes it as PAID. */
  const pay = (provider: string) => {
    const qr = qrs.get(provider)!;
    qrs.delete(provider);
    closed.set(provider, { qrcodeId: qr.id, status: 'PAID' });
  };
  /** Closed elsewhere (another device's cancel): gone, but not paid. */
  const closeElsewhere = (provider: string) => {
    const qr = qrs.get(provider)!;
    qrs.delete(provider);
    closed.set(provider, { qrcodeId: qr.id, status: 'CANCELLED' });
  };
  return { calls, qrs, count, pay, closeElsewhere };
}

async function openQrTab() {
  // NOTE: the first test of a run waits for the home page's chunks to be transformed.
  await userEvent.click(await screen.findByRole('button', { name: 'Deposit' }, { timeout: 5_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Deposit' });
  // The tabs are a chunk of their own, fetched when the dialog opens.
  await userEvent.click(await within(dialog).findByRole('tab', { name: 'QR payment' }));
  const panel = within(dialog).getByRole('tabpanel', { name: 'QR payment' });
  return { dialog, panel };
}

/** The radio of a channel, by the name the member reads (its minimum follows in the label). */
const channelRadio = (panel: HTMLElement, name: string) =>
  within(panel).getByRole<HTMLInputElement>('radio', { name: new RegExp(`^${name} `) });

const createButton = (panel: HTMLElement) =>
  within(panel).getByRole<HTMLButtonElement>('button', { name: 'Create QR code' });

/** Lets `ms` of fake time pass: countdown ticks, polls, and the answers they bring. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('QR payment', () => {
  it('keeps Create disabled below the provider minimum, and offers the provider quick amounts', async () => {
    qrServer({ minimums: { WW: 10_000, PAYTIMZ: 5_000 } });
    await renderHome();
    const { panel } = await openQrTab();
    await userEvent.click(channelRadio(panel, 'PromptPay WW'));
    const amount = await within(panel).findByLabelText('Amount');
    expect(within(panel).getByText('Minimum ฿100.00')).toBeTruthy();
    expect(createButton(panel).disabled).toBe(true);
    await userEvent.type(amount, '99.99');
    expect(createButton(panel).disabled).toBe(true);
    await userEvent.clear(amount);
    await userEvent.type(amount, '100');
    expect(createButton(panel).disabled).toBe(false);

    const quick = within(within(panel).getByRole('group', { name: 'Quick amounts' }))
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(quick).toEqual(['100', '200', '300', '500', '1,000']);
    await userEvent.click(within(panel).getByRole('button', { name: '1,000' }));
    expect((amount as HTMLInputElement).value).toBe('1000');

    // A quick amount under a minimum the server raised stays tappable: the tap says why Create is
    // off, where a disabled quick amount said nothing (issue 16).
    await userEvent.click(channelRadio(panel, 'Paytimz'));
    await within(panel).findByText('Minimum ฿50.00');
    const below = within(panel).getByRole<HTMLButtonElement>('button', { name: '10' });
    expect(below.disabled).toBe(false);
    expect(below.dataset.belowMinimum).toBe('true');
    expect(
      within(panel).getByRole<HTMLButtonElement>('button', { name: '50' }).dataset.belowMinimum,
    ).toBeUndefined();
    await userEvent.click(below);
    expect(within(panel).getByLabelText<HTMLInputElement>('Amount').value).toBe('10');
    expect(createButton(panel).disabled).toBe(true);
    expect(createButton(panel).getAttribute('aria-describedby')).toBeTruthy();
    expect(
      document.getElementById(createButton(panel).getAttribute('aria-describedby')!)!.textContent,
    ).toMatch(/Paytimz.*฿50\.00/);
  });

  it('names each channel in the member language, Thai or English where the operator gave none, with its minimum', async () => {
    qrServer({ minimums: { WW: 10_000, PAYONEX: 10_000, PAYTIMZ: 5_000, FP: 1_000 } });
    await renderHome();
    const { panel } = await openQrTab();
    const channels = within(panel).getByRole('group', { name: 'Payment channel' });
    const names = () =>
      within(channels)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')!.textContent);
    expect(names()).toEqual([
      'Kasikornbank Min. ฿1.00',
      'PromptPay WW Min. ฿100.00',
      'Payonex Min. ฿100.00',
      'Paytimz Min. ฿50.00',
      'PromptPay FP Min. ฿10.00',
    ]);
    // Never a bare code.
    for (const code of ['KBANK', 'WW', 'PAYONEX', 'PAYTIMZ', 'FP']) {
      expect(within(channels).queryByText(code)).toBeNull();
    }
    expect(channelRadio(panel, 'Kasikornbank').checked).toBe(true);

    cleanup();
    await renderHome('th');
    await userEvent.click(await screen.findByRole('button', { name: 'ฝากเงิน' }));
    const thai = await screen.findByRole('dialog', { name: 'ฝากเงิน' });
    await userEvent.click(within(thai).getByRole('tab', { name: 'ชำระด้วย QR' }));
    const thaiGroup = await within(thai).findByRole('group', { name: 'ช่องทางชำระเงิน' });
    expect(
      within(thaiGroup)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')!.textContent),
    ).toEqual([
      'กสิกรไทย ขั้นต่ำ ฿1.00',
      'พร้อมเพย์ WW ขั้นต่ำ ฿100.00',
      'Payonex ขั้นต่ำ ฿100.00',
      'เพย์ทิมซ์ ขั้นต่ำ ฿50.00',
      'พร้อมเพย์ FP ขั้นต่ำ ฿10.00',
    ]);

    cleanup();
    await renderHome('lo');
    await userEvent.click(await screen.findByRole('button', { name: 'ຝາກເງິນ' }));
    const lao = await screen.findByRole('dialog', { name: 'ຝາກເງິນ' });
    await userEvent.click(within(lao).getByRole('tab', { name: 'ຊຳລະດ້ວຍ QR' }));
    const laoGroup = await within(lao).findByRole('group', { name: 'ຊ່ອງທາງຊຳລະເງິນ' });
    expect(
      within(laoGroup)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')!.textContent),
    ).toEqual([
      'ກະສິກອນໄທ ຂັ້ນຕ່ຳ ฿1.00',
      'พร้อมเพย์ WW ຂັ້ນຕ່ຳ ฿100.00',
      'Payonex ຂັ້ນຕ່ຳ ฿100.00',
      'ເພທິມ ຂັ້ນຕ່ຳ ฿50.00',
      'ພ້ອມເພ FP ຂັ້ນຕ່ຳ ฿10.00',
    ]);
  });

  it('says in red at the field when the amount is below the channel minimum or above the maximum, and keeps Create disabled with that reason', async () => {
    qrServer({ minimums: { WW: 10_000 } });
    await renderHome();
    const { panel } = await openQrTab();
    await userEvent.click(channelRadio(panel, 'PromptPay WW'));
    const amount = await within(panel).findByLabelText<HTMLInputElement>('Amount');
    const reasonOf = (element: HTMLElement) => {
      const id = element.getAttribute('aria-describedby');
      return id ? document.getElementById(id) : null;
    };

    await userEvent.type(amount, '50');
    const below = within(panel).getByText('The minimum for PromptPay WW is ฿100.00.');
    expect(below.className).toContain('text-rose-400');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(reasonOf(amount)).toBe(below);
    expect(createButton(panel).disabled).toBe(true);
    expect(reasonOf(createButton(panel))).toBe(below);
    // The hint gives way to the reason.
    expect(within(panel).queryByText('Minimum ฿100.00')).toBeNull();

    await userEvent.clear(amount);
    await userEvent.type(amount, '100000.01');
    const above = within(panel).getByText('The maximum for a QR payment is ฿100,000.00.');
    expect(above.className).toContain('text-rose-400');
    expect(createButton(panel).disabled).toBe(true);
    expect(reasonOf(createButton(panel))).toBe(above);
    expect(reasonOf(amount)).toBe(above);

    await userEvent.clear(amount);
    await userEvent.type(amount, '100000');
    expect(within(panel).queryByText(/The (minimum|maximum)/)).toBeNull();
    expect(amount.getAttribute('aria-invalid')).toBeNull();
    expect(createButton(panel).disabled).toBe(false);
    expect(createButton(panel).getAttribute('aria-describedby')).toBeNull();
    expect(within(panel).getByText('Minimum ฿100.00')).toBeTruthy();
  });

  it('offers the QR shown as a PNG picture to save, and on iOS opens it in a new tab instead', async () => {
    const drawn: { src: string; size: number[] }[] = [];
    const context = {
      fillStyle: '',
      imageSmoothingEnabled: true,
      fillRect: vi.fn(),
      drawImage: (image: HTMLImageElement, ...size: number[]) => drawn.push({ src: image.src, size }),
    };
    const getContext = vi
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockImplementation(() => context as unknown as CanvasRenderingContext2D);
    const toBlob = vi
      .spyOn(HTMLCanvasElement.prototype, 'toBlob')
      .mockImplementation((done, type) => done(new Blob(['png'], { type })));
    try {
      qrServer();
      await renderHome();
      const { panel } = await openQrTab();
      await userEvent.type(await within(panel).findByLabelText('Amount'), '1250.50');
      await userEvent.click(createButton(panel));
      await within(panel).findByRole('img', { name: 'QR code to pay ฿1,250.50' });

      const save = await within(panel).findByRole<HTMLAnchorElement>('link', { name: 'Save QR image' });
      expect(save.getAttribute('download')).toBe('qr-1250.50.png');
      expect(save.getAttribute('href')).toMatch(/^blob:/);
      expect(save.getAttribute('target')).toBeNull();
      expect(toBlob.mock.calls[0]?.[1]).toBe('image/png');
      // The server's code, given a size (it has only a viewBox), drawn inside a white margin.
      expect(drawn).toHaveLength(1);
      const svg = decodeURIComponent(drawn[0]!.src.replace('data:image/svg+xml;utf8,', ''));
      expect(svg).toBe(SVG.replace('<svg', '<svg width="720" height="720"'));
      expect(drawn[0]!.size).toEqual([48, 48, 624, 624]);
      expect(context.fillRect).toHaveBeenCalledWith(0, 0, 720, 720);
      expect(context.fillStyle).toBe('#ffffff');

      // iOS Safari: the same picture, opened in a tab of its own where a long press saves it.
      cleanup();
      vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      );
      await renderHome();
      const ios = (await openQrTab()).panel;
      const open = await within(ios).findByRole<HTMLAnchorElement>('link', { name: 'Save QR image' });
      expect(open.getAttribute('target')).toBe('_blank');
      expect(open.getAttribute('download')).toBeNull();
      expect(open.getAttribute('href')).toMatch(/^blob:/);
      expect(
        within(ios).getByText('The image opens in a new tab: press and hold it, then choose Save to Photos.'),
      ).toBeTruthy();
    } finally {
      getContext.mockRestore();
      toBlob.mockRestore();
      vi.restoreAllMocks();
    }
  });

  it('shows the QR as an image with mm:ss left, and takes it away at 00:00', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const server = qrServer();
    await renderHome();
    const { panel } = await openQrTab();
    await userEvent.type(await within(panel).findByLabelText('Amount'), '50');
    await userEvent.click(createButton(panel));

    const image = await within(panel).findByRole<HTMLImageElement>('img', { name: 'QR code to pay ฿50.00' });
    expect(image.getAttribute('src')).toBe(`data:image/svg+xml;utf8,${encodeURIComponent(SVG)}`);
    // The server's markup is an image source, never part of the page.
    expect(document.querySelector('[data-server-qr]')).toBeNull();
    const timer = within(panel).getByRole('timer');
    expect(timer.textContent).toBe('00:05');
    const post = server.calls.find(
      (call) => call.url === '/api/qrcode/KBANK' && call.init.method === 'POST',
    )!;
    expect(bodyOf(post)).toEqual({ amount: 5_000 });
    expect((post.init.headers as Record<string, string>)['idempotency-key']).toMatch(
      /^[A-Za-z0-9_-]{16,100}$/,
    );

    await pass(1_000);
    expect(within(panel).getByRole('timer').textContent).toBe('00:04');
    await pass(3_000);
    // Polled every 3 s while shown.
    expect(server.count('GET', '/api/qrcode/KBANK')).toBeGreaterThanOrEqual(2);
    expect(within(panel).getByRole('timer').textContent).toBe('00:01');
    await pass(1_000);
    await waitFor(() => expect(within(panel).queryByRole('img')).toBeNull());
    expect(within(panel).queryByRole('timer')).toBeNull();
    expect(within(panel).getByText('The QR code has expired. Create a new one to pay.')).toBeTruthy();
    // Expired is not paid.
    expect(screen.queryByText(/received. Your balance is updating/)).toBeNull();
  });

  it('reloads the wallet and says so when the QR shown gets paid, and not when the member cancels it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const server = qrServer();
    server.qrs.set('KBANK', { id: 'qr-paid-0001', amount: 50_000, until: Date.now() + 300_000 });
    await renderHome();
    const { panel } = await openQrTab();
    await within(panel).findByRole('img', { name: 'QR code to pay ฿500.00' });
    expect(within(panel).getByRole('timer').textContent).toBe('05:00');
    const walletLoads = () => server.calls.filter((call) => call.url === '/api/wallet/refresh/slot').length;
    const before = walletLoads();

    server.pay('KBANK');
    await pass(3_000);
    expect(await screen.findByText('Payment of ฿500.00 received. Your balance is updating.')).toBeTruthy();
    await waitFor(() => expect(walletLoads()).toBe(before + 1));
    expect(within(panel).queryByRole('img')).toBeNull();

    // A QR the member cancels is gone without any payment message.
    await userEvent.type(within(panel).getByLabelText('Amount'), '20');
    await userEvent.click(createButton(panel));
    await within(panel).findByRole('img', { name: 'QR code to pay ฿20.00' });
    // Cancel asks first; keeping the QR sends nothing and leaves it showing.
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel QR code' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this QR code?' });
    expect(
      within(confirm).getByText(
        'The QR code for ฿20.00 will stop working and can no longer be paid. If you have already paid it, do not cancel: wait for your balance to update.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep QR code' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel this QR code?' })).toBeNull());
    expect(server.count('DELETE', '/api/qrcode/qr-KBANK-0001')).toBe(0);
    expect(within(panel).getByRole('img', { name: 'QR code to pay ฿20.00' })).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel QR code' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this QR code?' })).getByRole('button', {
        name: 'Yes, cancel it',
      }),
    );
    expect(await screen.findByText('The QR code was cancelled.')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Cancel this QR code?' })).toBeNull();
    expect(server.count('DELETE', '/api/qrcode/qr-KBANK-0001')).toBe(1);
    expect(within(panel).queryByRole('img')).toBeNull();
    expect(screen.getAllByText(/received. Your balance is updating/)).toHaveLength(1);
    expect(walletLoads()).toBe(before + 1);

    // A QR cancelled on another device, long before its end, is not a payment either.
    await userEvent.type(within(panel).getByLabelText('Amount'), '30');
    await userEvent.click(createButton(panel));
    await within(panel).findByRole('img', { name: 'QR code to pay ฿30.00' });
    server.closeElsewhere('KBANK');
    await pass(3_000);
    await waitFor(() => expect(within(panel).queryByRole('img')).toBeNull());
    expect(screen.getAllByText(/received. Your balance is updating/)).toHaveLength(1);
    expect(walletLoads()).toBe(before + 1);
  });

  it('makes the other providers reload their QR view when one provider creates a QR', async () => {
    const server = qrServer();
    await renderHome();
    const { panel } = await openQrTab();
    await within(panel).findByLabelText('Amount');
    await userEvent.click(channelRadio(panel, 'PromptPay WW'));
    await within(panel).findByLabelText('Amount');
    await userEvent.click(channelRadio(panel, 'Kasikornbank'));
    await within(panel).findByLabelText('Amount');
    // Switching back and forth asks nothing new.
    expect(server.count('GET', '/api/qrcode/WW')).toBe(1);
    expect(server.count('GET', '/api/qrcode/KBANK')).toBe(1);

    await userEvent.type(within(panel).getByLabelText('Amount'), '100');
    await userEvent.click(createButton(panel));
    await within(panel).findByRole('img', { name: 'QR code to pay ฿100.00' });
    await userEvent.click(channelRadio(panel, 'PromptPay WW'));
    await within(panel).findByLabelText('Amount');
    await waitFor(() => expect(server.count('GET', '/api/qrcode/WW')).toBe(2));
  });

  it('tells the server reason, translated, when no QR could be made', async () => {
    const server = qrServer({ create: () => none(100, 'QR_ALREADY_OPEN') });
    await renderHome('th');
    await userEvent.click(await screen.findByRole('button', { name: 'ฝากเงิน' }));
    const dialog = await screen.findByRole('dialog', { name: 'ฝากเงิน' });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'ชำระด้วย QR' }));
    const panel = within(dialog).getByRole('tabpanel', { name: 'ชำระด้วย QR' });
    await userEvent.type(await within(panel).findByLabelText('จำนวนเงิน'), '100');
    await userEvent.click(within(panel).getByRole('button', { name: 'สร้าง QR โค้ด' }));
    expect(await screen.findByText('คุณมี QR โค้ดที่รอการชำระอยู่แล้ว กรุณาชำระหรือยกเลิกก่อน')).toBeTruthy();
    expect(within(panel).queryByRole('img')).toBeNull();
    // The view asks again, to show the QR the server speaks of.
    await waitFor(() => expect(server.count('GET', '/api/qrcode/KBANK')).toBe(2));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../lib/storage';
import { bodyOf, fakeServer, renderWithProviders } from '../../test/render-app';
import { walletResponse } from '../../test/wallet-data';
import { StatementPage } from './statement-page';

beforeEach(() => storage.setToken('token', false));
afterEach(() => vi.unstubAllGlobals());

/** A time in the member's own zone, as the server would send it. */
const at = (day: number, hour: number, minute: number, second: number) =>
  new Date(2026, 0, day, hour, minute, second).toISOString();

const slip = (status: string, amount: number | null, note: string | null, reference: string | null) => ({
  createdAt: at(2, 9, 5, 7),
  amount,
  currency: null,
  status,
  note,
  reference,
  link: reference ? `/api/statement/slip/reference/${reference}` : null,
});

const rows = [
  { ...slip('SUCCESS', 150_050, null, 'REF-1'), createdAt: at(3, 21, 4, 5) },
  slip('FAILED', 20_000, 'NOT_MATCH', 'REF-2'),
  slip('PENDING', null, null, null),
  slip('REVIEW', 40_000, 'SENDER_UNCONFIRMED', 'REF-4'),
];

const items = () => screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-status'));

async function openSlips() {
  await userEvent.click(await screen.findByRole('button', { name: 'Slip status' }));
  return screen.findByRole('dialog', { name: 'Slip status' });
}

function slipServer(
  answer: (page: number) => { total: number; slips: unknown[] },
  extra = new Map<string, unknown>(),
) {
  return fakeServer((url, init) => {
    if (url === '/api/statement') return { body: { total: 0, statements: [] } };
    if (url === '/api/statement/slip') {
      const { page } = bodyOf({ init }) as { page: number };
      return { body: answer(page) };
    }
    return extra.has(url) ? { body: extra.get(url) } : undefined;
  });
}

describe('slip status', () => {
  it('lists slips with date, amount, status colour, translated note and a way to view each slip', async () => {
    slipServer(() => ({ total: 4, slips: rows }));
    await renderWithProviders(<StatementPage />, { path: '/user/statement' });
    const dialog = await openSlips();
    await within(dialog).findByText('฿1,500.50');
    const [success, failed, pending, review] = items();
    expect(within(success!).getByText('03/01/2026 21:04:05')).toBeTruthy();
    expect(within(success!).getByText('Success').className).toContain('text-mint-400');
    // Broken anywhere but balanced: never its last character alone on a line (issue 31).
    expect(within(success!).getByText('Ref. REF-1').className).toMatch(/\bbreak-all\b.*\btext-balance\b/);
    expect(within(failed!).getByText('฿200.00')).toBeTruthy();
    expect(within(failed!).getByText('Failed').className).toContain('text-rose-400');
    expect(
      within(failed!).getByText('The account on the slip does not match your registered account.'),
    ).toBeTruthy();
    expect(within(pending!).getByText('In progress').className).toContain('text-amber-400');
    expect(within(pending!).getByText('-')).toBeTruthy();
    // Kept for staff: in progress, with why.
    expect(within(review!).getByText('In review').className).toContain('text-amber-400');
    expect(
      within(review!).getByText(
        'We could not confirm that this transfer came from your registered account. Our staff will review the slip.',
      ).className,
    ).toContain('text-amber-300');
    expect(
      within(failed!).getByText('The account on the slip does not match your registered account.').className,
    ).toContain('text-rose-300');
    // Only a slip with a reference can be viewed.
    expect(within(success!).getByRole('button', { name: 'View slip' })).toBeTruthy();
    expect(within(pending!).queryByRole('button', { name: 'View slip' })).toBeNull();
    expect(within(dialog).queryByRole('navigation', { name: 'Slip pages' })).toBeNull();
  });

  it('shows the amount of a slip refused as sent again, from its other upload', async () => {
    slipServer(() => ({
      total: 3,
      slips: [
        slip('FAILED', null, 'SLIP_REFNO_DUPLICATED', 'ref-9'),
        slip('FAILED', null, 'INVALID_SLIP', 'REF-8'),
        slip('SUCCESS', 250_000, null, 'REF-9'),
      ],
    }));
    await renderWithProviders(<StatementPage />, { path: '/user/statement' });
    const dialog = await openSlips();
    await within(dialog).findAllByText('฿2,500.00');
    const [again, unread, credited] = items();
    expect(within(again!).getByText('฿2,500.00')).toBeTruthy();
    expect(within(again!).getByText('Failed')).toBeTruthy();
    // Not known: nothing made up.
    expect(within(unread!).getByText('-')).toBeTruthy();
    expect(within(credited!).getByText('฿2,500.00')).toBeTruthy();
  });

  it('pages 10 slips at a time and refreshes on demand', async () => {
    const calls = slipServer((page) => ({
      total: 12,
      slips: Array.from({ length: page === 2 ? 2 : 10 }, (_, index) =>
        slip('SUCCESS', (page * 100 + index) * 100, null, `P${page}-${index}`),
      ),
    }));
    await renderWithProviders(<StatementPage />, { path: '/user/statement' });
    const dialog = await openSlips();
    await within(dialog).findByText('Page 1 of 2');
    expect(items()).toHaveLength(10);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByText('Page 2 of 2');
    await within(dialog).findByText('฿200.00');
    expect(items()).toHaveLength(2);
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refresh' }));
    const sent = () => calls.filter((call) => call.url === '/api/statement/slip').map(bodyOf);
    await waitFor(() => expect(sent()).toHaveLength(3));
    expect(sent()).toEqual([
      { page: 1, limit: 10 },
      { page: 2, limit: 10 },
      { page: 2, limit: 10 },
    ]);
  });

  it('opens the slip image in a new tab, and never a script address', async () => {
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    slipServer(
      () => ({ total: 3, slips: rows }),
      new Map<string, unknown>([
        ['/api/statement/slip/reference/REF-1', { url: 'https://slips.example.test/REF-1.png' }],
        ['/api/statement/slip/reference/REF-2', { url: 'javascript:alert(1)' }],
      ]),
    );
    await renderWithProviders(<StatementPage />, { path: '/user/statement' });
    const dialog = await openSlips();
    await within(dialog).findByText('฿1,500.50');
    const [success, failed] = items();
    await userEvent.click(within(success!).getByRole('button', { name: 'View slip' }));
    await waitFor(() => expect(tab.location.href).toBe('https://slips.example.test/REF-1.png'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();

    await userEvent.click(within(failed!).getByRole('button', { name: 'View slip' }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(tab.location.href).toBe('https://slips.example.test/REF-1.png');
  });

  it('tells in Thai and Lao why a slip waits for staff', async () => {
    for (const [language, status, note] of [
      ['th', 'รอตรวจสอบ', 'ไม่สามารถยืนยันได้ว่าการโอนนี้มาจากบัญชีที่คุณลงทะเบียนไว้ เจ้าหน้าที่จะตรวจสอบสลิปนี้'],
      ['lo', 'ລໍຖ້າກວດສອບ', 'ບໍ່ສາມາດຢືນຢັນໄດ້ວ່າການໂອນນີ້ມາຈາກບັນຊີທີ່ທ່ານລົງທະບຽນໄວ້ ເຈົ້າໜ້າທີ່ຈະກວດສອບສະລິບນີ້'],
    ] as const) {
      slipServer(() => ({ total: 1, slips: [slip('REVIEW', 40_000, 'SENDER_UNCONFIRMED', 'REF-4')] }));
      const { unmount } = await renderWithProviders(<StatementPage />, {
        path: '/user/statement',
        locale: language,
      });
      await userEvent.click(
        await screen.findByRole('button', { name: language === 'th' ? 'สถานะสลิป' : 'ສະຖານະສະລິບ' }),
      );
      const dialog = await screen.findByRole('dialog');
      expect(await within(dialog).findByText(status)).toBeTruthy();
      expect(within(dialog).getByText(note)).toBeTruthy();
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('says a slip of the other currency in its own: a kip wallet’s baht slip is baht, not kip', async () => {
    const wallet = walletResponse(0);
    const kip = { ...wallet, wallet: { ...wallet.wallet, currency: 'LAK' } };
    slipServer(
      () => ({
        total: 2,
        slips: [
          { ...slip('REVIEW', 20_000, 'DEST_ACC_TAKES_BAHT', 'REF-5'), currency: 'BAHT' },
          slip('SUCCESS', 50_000_000, null, 'REF-6'),
        ],
      }),
      new Map([['/api/wallet', kip]]),
    );
    await renderWithProviders(<StatementPage />, { path: '/user/statement' });
    const dialog = await openSlips();
    await within(dialog).findByText('₭500,000');
    const [baht, own] = items();
    expect(within(baht!).getByText('฿200.00')).toBeTruthy();
    expect(within(own!).getByText('₭500,000')).toBeTruthy();
  });

  it('says so when there are no slips yet', async () => {
    slipServer(() => ({ total: 0, slips: [] }));
    await renderWithProviders(<StatementPage />, { path: '/user/statement', locale: 'th' });
    await userEvent.click(await screen.findByRole('button', { name: 'สถานะสลิป' }));
    const dialog = await screen.findByRole('dialog', { name: 'สถานะสลิป' });
    expect(await within(dialog).findByText('ยังไม่มีสลิป')).toBeTruthy();
  });
});

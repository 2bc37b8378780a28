import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DepositReviewItem } from '@wallet/contract/http/console-deposits';
import type { MinorUnits } from '@wallet/contract/money';
import { ROLE_PERMISSIONS, type StaffRole } from '@wallet/contract/staff-roles';
import { storage } from '../../../lib/storage';
import { minutesBefore, staff } from '../../../test/console-data';
import { bodyOf, fakeServer, renderWithProviders } from '../../../test/render-app';
import { DepositsPage } from './deposits-page';

beforeEach(() => storage.setStaffCsrf('staff-csrf'));
afterEach(() => vi.unstubAllGlobals());

const minor = (value: number) => value as MinorUnits;
const member = {
  id: 100_002,
  username: '0812345678',
  name: 'Somchai Jaidee',
  bank: { code: 'KBANK', accountNo: '1234567890', accountName: 'SOMCHAI JAIDEE' },
};

const slip: DepositReviewItem = {
  id: 'slip:7',
  kind: 'slip',
  member,
  currency: 'BAHT',
  walletCurrency: 'BAHT',
  expected: null,
  paid: minor(150_000),
  creditAmount: minor(150_000),
  createdAt: minutesBefore(40),
  flags: ['shared_bank_account'],
  evidence: {
    kind: 'slip',
    imageUrl: '/api/slips/image/7?expires=1&signature=abc',
    reference: 'REF123',
    sendingBank: '004',
    sender: { bankCode: 'KBANK', accountNo: 'xxx-x-x7890-x', names: ['นาย สมชาย ใ***'] },
    paidAt: minutesBefore(45),
    unconfirmed: 'name_differs',
  },
};
const qr: DepositReviewItem = {
  id: 'qr:3',
  kind: 'qr',
  member: { ...member, id: 100_003, name: 'Malee Dee' },
  currency: 'BAHT',
  walletCurrency: 'BAHT',
  expected: minor(12_000),
  paid: minor(80_000),
  creditAmount: minor(80_000),
  createdAt: minutesBefore(20),
  flags: [],
  evidence: {
    kind: 'qr',
    qrcodeId: 'qr-abc',
    provider: 'PAYONEX',
    eventId: 'evt-1',
    paidAt: minutesBefore(21),
  },
};
const gift: DepositReviewItem = {
  id: 'gift:ABCDEFGHIJ12',
  kind: 'gift',
  member: { ...member, id: 100_004, name: 'Nok Gift' },
  currency: 'BAHT',
  walletCurrency: 'BAHT',
  expected: null,
  paid: null,
  creditAmount: null,
  createdAt: minutesBefore(10),
  flags: [],
  evidence: { kind: 'gift', voucherCode: 'ABCDEFGHIJ12', attempts: 6 },
};

/** The queue's server: `items`, and the decisions the page sends (answered as decided). */
function queueServer(role: StaffRole, items: DepositReviewItem[]) {
  return fakeServer((url, init) => {
    const path = url.split('?')[0]!;
    if (path === '/api/console/me')
      return { body: { ...staff, role, permissions: [...ROLE_PERMISSIONS[role]] } };
    if (path === '/api/console/deposits/reviews') return { body: { total: items.length, items } };
    const decided = /^\/api\/console\/deposits\/reviews\/([^/]+)\/(credit|refuse)$/.exec(path);
    if (decided && init.method === 'POST') {
      const one = items.find((entry) => entry.id === decodeURIComponent(decided[1]!))!;
      const body = bodyOf({ init }) as { note: string; amount?: number };
      return {
        body: {
          id: one.id,
          status: decided[2] === 'credit' ? 'credited' : 'refused',
          amount: decided[2] === 'credit' ? (body.amount ?? one.creditAmount) : null,
          currency: one.currency,
          memberId: one.member.id,
          decidedBy: { id: staff.id, username: staff.username },
          decidedAt: minutesBefore(0),
          note: body.note,
        },
      };
    }
    return undefined;
  });
}

describe('deposits to review', () => {
  it('shows each item’s evidence and credits a slip and a QR after a confirm with a note', async () => {
    const calls = queueServer('finance', [slip, qr, gift]);
    await renderWithProviders(<DepositsPage />);
    const slipCard = await screen.findByRole('article', { name: /Slip: sender not confirmed/ });
    expect(screen.getByText('3 waiting')).toBeTruthy();
    expect(within(slipCard).getByRole<HTMLImageElement>('img', { name: 'Slip image' }).src).toContain(
      '/api/slips/image/7?',
    );
    expect(within(slipCard).getByText(/xxx-x-x7890-x · นาย สมชาย ใ\*\*\*/)).toBeTruthy();
    expect(within(slipCard).getByText("The sender's name does not match the member's")).toBeTruthy();
    expect(within(slipCard).getByText(/KBANK 1234567890 · SOMCHAI JAIDEE/)).toBeTruthy();
    // The member's risk flags beside the evidence; none on a member without any.
    const flags = within(slipCard).getByRole('list', { name: 'Risk flags' });
    expect(within(flags).getByText('Bank account shared with another member')).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: /QR paid/ })).queryByRole('list', { name: 'Risk flags' }),
    ).toBeNull();

    // A slip: its verified amount, fixed; the note is required.
    await userEvent.click(within(slipCard).getByRole('button', { name: 'Credit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit this deposit?' });
    expect(within(dialog).getByText(/฿1,500\.00 goes into Somchai Jaidee's wallet/)).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>('Amount to credit').readOnly).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit' }));
    expect(within(dialog).getByText('Write why.')).toBeTruthy();
    expect(calls.some((call) => call.url.endsWith('/credit'))).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Note for colleagues'), '<b>Called</b> the member');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit' }));
    await screen.findByText('Credited: ฿1,500.00');
    const sent = calls.find((call) => call.url.endsWith('/slip%3A7/credit'))!;
    expect(bodyOf(sent)).toEqual({ note: '<b>Called</b> the member' });

    // A QR paid with another amount: what was paid, unless staff change it.
    const qrCard = screen.getByRole('article', { name: /QR paid with another amount/ });
    expect(within(qrCard).getByText('฿120.00')).toBeTruthy();
    await userEvent.click(within(qrCard).getByRole('button', { name: 'Credit' }));
    const qrDialog = await screen.findByRole('dialog', { name: 'Credit this deposit?' });
    const amount = within(qrDialog).getByLabelText('Amount to credit');
    await userEvent.clear(amount);
    await userEvent.type(amount, '750');
    await userEvent.type(within(qrDialog).getByLabelText('Note for colleagues'), 'Member paid 750');
    await userEvent.click(within(qrDialog).getByRole('button', { name: 'Credit' }));
    await screen.findByText('Credited: ฿750.00');
    expect(bodyOf(calls.find((call) => call.url.endsWith('/qr%3A3/credit'))!)).toEqual({
      note: 'Member paid 750',
      amount: 75_000,
    });
  });

  it('refuses a gift link with a note', async () => {
    const calls = queueServer('finance', [gift]);
    await renderWithProviders(<DepositsPage />);
    const card = await screen.findByRole('article', { name: /Gift link not finished/ });
    expect(within(card).getByText('Tried 6 times; the voucher service did not answer')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Refuse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse this deposit?' });
    await userEvent.type(within(dialog).getByLabelText('Note for colleagues'), 'Voucher was never redeemed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await screen.findByText('Refused: nothing was credited');
    expect(bodyOf(calls.find((call) => call.url.endsWith('/refuse'))!)).toEqual({
      note: 'Voucher was never redeemed',
    });
  });

  it('offers only Refuse for baht kept for a kip wallet, with the way the money goes back', async () => {
    const baht: DepositReviewItem = {
      ...slip,
      id: 'slip:9',
      member: { ...member, id: 100_009, name: 'Somsack Phomma' },
      walletCurrency: 'LAK',
      paid: minor(20_000),
      creditAmount: null,
      flags: [],
      evidence: { ...slip.evidence, unconfirmed: null } as DepositReviewItem['evidence'],
    };
    const calls = queueServer('finance', [baht]);
    await renderWithProviders(<DepositsPage />);
    const card = await screen.findByRole('article', { name: /Paid in another currency · ฿200\.00/ });
    expect(within(card).getByRole('note').textContent).toBe(
      "฿200.00 arrived in Baht (฿), but Somsack Phomma's wallet is in Kip (₭). It can never be credited: " +
        "refuse it and return the money to the member's bank.",
    );
    expect(within(card).getByText('Kip (₭)')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Credit' })).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Refuse and return' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse this deposit?' });
    expect(within(dialog).getByText(/Return ฿200\.00 through the bank/)).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Note for colleagues'), 'Returned to BCEL');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await screen.findByText('Refused: nothing was credited');
    expect(bodyOf(calls.find((call) => call.url.endsWith('/slip%3A9/refuse'))!)).toEqual({
      note: 'Returned to BCEL',
    });
  });

  it('shows support the queue without any decision button', async () => {
    queueServer('support', [slip]);
    await renderWithProviders(<DepositsPage />);
    const card = await screen.findByRole('article', { name: /Slip/ });
    expect(within(card).queryByRole('button')).toBeNull();
    expect(screen.getByText('Your role can read this queue but not decide on it.')).toBeTruthy();
  });

  it('says when nothing waits', async () => {
    queueServer('finance', []);
    await renderWithProviders(<DepositsPage />);
    expect(await screen.findByText('Nothing waits for a person.')).toBeTruthy();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WithdrawalReviewItem } from '@wallet/contract/http/console-withdrawals';
import type { MinorUnits } from '@wallet/contract/money';
import { ROLE_PERMISSIONS, type StaffRole } from '@wallet/contract/staff-roles';
import { storage } from '../../../lib/storage';
import { minutesBefore, staff } from '../../../test/console-data';
import { bodyOf, fakeServer, renderWithProviders } from '../../../test/render-app';
import { WithdrawalsPage } from './withdrawals-page';

beforeEach(() => storage.setStaffCsrf('staff-csrf'));
afterEach(() => vi.unstubAllGlobals());

const item = (id: string, overrides: Partial<WithdrawalReviewItem> = {}): WithdrawalReviewItem => ({
  id,
  member: { id: 100_002, username: '0812345678', name: 'Somchai Jaidee' },
  amount: 2_500_000 as MinorUnits,
  currency: 'BAHT',
  bank: { code: 'KBANK', accountNo: '1234567890' },
  createdAt: minutesBefore(30),
  heldFor: ['over_auto_max'],
  flags: [],
  status: 'review',
  needsTwo: false,
  firstApproval: null,
  claim: null,
  decision: null,
  ...overrides,
});

/** The desk's server: the queue of `items`, and the decisions the page sends. */
function deskServer(role: StaffRole, items: WithdrawalReviewItem[]) {
  return fakeServer((url, init) => {
    const path = url.split('?')[0]!;
    if (path === '/api/console/me')
      return { body: { ...staff, role, permissions: [...ROLE_PERMISSIONS[role]] } };
    if (path === '/api/console/withdrawals') return { body: { total: items.length, items } };
    if (path === '/api/console/settings/withdrawals')
      return {
        body:
          init.method === 'PUT'
            ? JSON.parse(init.body as string)
            : {
                autoApproveMax: { BAHT: 2_000_000, LAK: 1_200_000_000 },
                dailyAutoCount: 3,
                reviewFirst: true,
                secondApprovalOver: { BAHT: 5_000_000, LAK: 3_000_000_000 },
                reviewFlags: ['shared_device'],
                reviewTags: [],
              },
      };
    const decided = /^\/api\/console\/withdrawals\/([^/]+)\/(approve|reject|claim)$/.exec(path);
    if (decided && init.method === 'POST') {
      const one = items.find((entry) => entry.id === decodeURIComponent(decided[1]!))!;
      return { body: { ...one, status: decided[2] === 'reject' ? 'rejected' : 'approved' } };
    }
    return undefined;
  });
}

const card = (name: RegExp) => screen.getByRole('article', { name });

describe('withdrawal desk', () => {
  it('lets finance approve a held withdrawal after confirming, and reject one with a reason', async () => {
    const calls = deskServer('finance', [item('w-1'), item('w-2', { amount: 100_000 as MinorUnits })]);
    await renderWithProviders(<WithdrawalsPage />);
    const first = await screen.findByRole('article', { name: /฿25,000\.00/ });
    expect(within(first).getByText('Over the automatic limit')).toBeTruthy();
    expect(screen.getByText('2 waiting')).toBeTruthy();

    await userEvent.click(within(first).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this withdrawal?' });
    expect(within(dialog).getByText(/will be paid to Somchai Jaidee/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await screen.findByText('Approved: ฿25,000.00');
    expect(calls.filter((call) => call.url.endsWith('/w-1/approve'))).toHaveLength(1);

    const second = card(/฿1,000\.00/);
    await userEvent.click(within(second).getByRole('button', { name: 'Reject' }));
    const reject = await screen.findByRole('dialog', { name: 'Reject this withdrawal?' });
    // No reason chosen: nothing is sent, and the field says why.
    await userEvent.click(within(reject).getByRole('button', { name: 'Reject' }));
    expect(within(reject).getByText('Choose the reason the member reads.')).toBeTruthy();
    expect(calls.some((call) => call.url.endsWith('/w-2/reject'))).toBe(false);
    await userEvent.selectOptions(within(reject).getByLabelText('Reason the member reads'), 'bank_details');
    await userEvent.type(within(reject).getByLabelText('Note for colleagues (optional)'), 'Name differs');
    await userEvent.click(within(reject).getByRole('button', { name: 'Reject' }));
    await screen.findByText("Rejected: the money is back in the member's wallet");
    const sent = calls.find((call) => call.url.endsWith('/w-2/reject'))!;
    expect(bodyOf(sent)).toEqual({ reason: 'bank_details', note: 'Name differs' });
  });

  it('shows support the queue without any decision button', async () => {
    deskServer('support', [item('w-1')]);
    await renderWithProviders(<WithdrawalsPage />);
    const one = await screen.findByRole('article', { name: /฿25,000\.00/ });
    expect(within(one).queryByRole('button')).toBeNull();
    expect(screen.getByText('Your role can read this queue but not decide on it.')).toBeTruthy();
  });

  it('keeps the first approver from approving twice and colleagues off a claimed item', async () => {
    deskServer('finance', [
      item('w-1', {
        needsTwo: true,
        firstApproval: { id: staff.id, username: 'alice', at: minutesBefore(5) },
      }),
      item('w-2', {
        amount: 300_000 as MinorUnits,
        claim: { id: 99, username: 'bob', until: minutesBefore(-4) },
      }),
    ]);
    await renderWithProviders(<WithdrawalsPage />);
    const mine = await screen.findByRole('article', { name: /฿25,000\.00/ });
    expect(within(mine).getByText('Needs two approvals')).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: /Approve|second approval/ })).toBeNull();
    const claimed = card(/฿3,000\.00/);
    expect(within(claimed).getByText(/bob is working on this/)).toBeTruthy();
    await waitFor(() =>
      expect(within(claimed).getByRole<HTMLButtonElement>('button', { name: 'Approve' }).disabled).toBe(true),
    );
  });

  it('lets an owner change the rules, each amount per currency (decision 075)', async () => {
    const calls = deskServer('owner', []);
    await renderWithProviders(<WithdrawalsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Rules' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdrawal rules' });
    const max = await within(dialog).findByLabelText('Largest amount paid without review · Baht (฿)');
    expect((max as HTMLInputElement).value).toBe('20,000.00');
    const kipMax = within(dialog).getByLabelText('Largest amount paid without review · Kip (₭)');
    expect((kipMax as HTMLInputElement).value).toBe('12,000,000');
    // Something not an amount is said at its field and nothing is sent.
    await userEvent.clear(kipMax);
    await userEvent.type(kipMax, 'ten');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save rules' }));
    expect(within(dialog).getByText('Enter an amount, like 100 or 100.50.')).toBeTruthy();
    expect(calls.some((call) => call.init.method === 'PUT')).toBe(false);
    await userEvent.clear(kipMax);
    await userEvent.type(kipMax, '9000000');
    await userEvent.clear(max);
    await userEvent.type(max, '15000.5');
    await userEvent.click(within(dialog).getByLabelText('Review members with these tags (comma separated)'));
    await userEvent.type(
      within(dialog).getByLabelText('Review members with these tags (comma separated)'),
      'watch',
    );
    await userEvent.click(within(dialog).getByLabelText('Deposit, then withdrawal with almost no play'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save rules' }));
    await screen.findByText('Rules saved');
    const put = calls.find((call) => call.init.method === 'PUT')!;
    expect(bodyOf(put)).toEqual({
      autoApproveMax: { BAHT: 1_500_050, LAK: 900_000_000 },
      dailyAutoCount: 3,
      reviewFirst: true,
      secondApprovalOver: { BAHT: 5_000_000, LAK: 3_000_000_000 },
      reviewFlags: ['shared_device', 'quick_cash_out'],
      reviewTags: ['watch'],
    });
  });

  it('shows finance the rules without a save button', async () => {
    deskServer('finance', []);
    await renderWithProviders(<WithdrawalsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Rules' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdrawal rules' });
    expect(await within(dialog).findByText('Your role can read the rules but not change them.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Save rules' })).toBeNull();
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleAdjustment } from '@wallet/contract/http/adjustment';
import { ROLE_PERMISSIONS } from '@wallet/contract/staff-roles';
import { storage } from '../../../lib/storage';
import { memberContext } from '../../../test/console-data';
import { memberView } from '../../../test/console-members-data';
import { bodyOf, fakeServer, renderWithProviders } from '../../../test/render-app';
import { AdjustmentsPage } from './adjustments-page';

beforeEach(() => storage.setStaffCsrf('staff-csrf'));
afterEach(() => vi.unstubAllGlobals());

const finance = {
  id: 7,
  username: 'fin',
  name: 'Fah Finance',
  role: 'finance' as const,
  permissions: [...ROLE_PERMISSIONS.finance],
};

const adjustment = (id: number, overrides: Partial<ConsoleAdjustment> = {}): ConsoleAdjustment => ({
  id,
  member: { id: 100_001, username: '0812345678' },
  amount: 250_000,
  currency: 'BAHT',
  reason: `Ticket ${id}`,
  memberReason: 'correction',
  status: 'awaiting_approval',
  maker: { id: 8, username: 'mali' },
  checker: null,
  createdAt: new Date(2026, 2, 2, 9, 30).toISOString(),
  decidedAt: null,
  rejectReason: null,
  ...overrides,
});

/** Member 100002 keeps kip: the confirm speaks of their money in kip, judged by the kip figure. */
function adjustmentsServer(waiting: ConsoleAdjustment[]) {
  return fakeServer((url, init) => {
    if (url === '/api/console/me') return { body: finance };
    if (url.startsWith('/api/console/adjustments?'))
      return {
        body: {
          total: waiting.length,
          adjustments: waiting,
          approvalOver: { BAHT: 100_000, LAK: 60_000_000 },
        },
      };
    const member = /^\/api\/console\/members\/(\d+)$/.exec(url);
    if (member?.[1] === '100001') return { body: memberView() };
    if (member?.[1] === '100002') {
      const kip = memberContext();
      return { body: memberView({ context: { ...kip, wallet: { ...kip.wallet, currency: 'LAK' } } }) };
    }
    if (url === '/api/console/adjustments' && init.method === 'POST') {
      const { amount } = bodyOf({ init }) as { amount: number };
      return { body: { id: 99, status: Math.abs(amount) > 100_000 ? 'awaiting_approval' : 'applied' } };
    }
    const decided = /^\/api\/console\/adjustments\/(\d+)\/(approve|reject)$/.exec(url);
    if (decided)
      return { body: { id: Number(decided[1]), status: decided[2] === 'approve' ? 'applied' : 'rejected' } };
    return undefined;
  });
}

const item = (id: number) => document.querySelector(`[data-adjustment="${id}"]`) as HTMLElement;
/** The item once the list has arrived. */
const findItem = async (id: number) => {
  await screen.findByText(`Ticket ${id}`);
  return item(id);
};

describe('adjustments page', () => {
  it('shows finance the queue with approve and reject, but no approve on their own request', async () => {
    const calls = adjustmentsServer([
      adjustment(1),
      adjustment(2, { maker: { id: 7, username: 'fin' }, amount: -150_025 }),
    ]);
    await renderWithProviders(<AdjustmentsPage />, { path: '/console/adjustments' });

    await screen.findByText('Ticket 1');
    expect(screen.getByText(/Above ฿1,000.00 \/ ₭600,000 a second staff member must approve/)).toBeTruthy();
    expect(within(item(1)).getByText('+฿2,500.00')).toBeTruthy();
    expect(within(item(1)).getByText('Member 100001 · 0812345678')).toBeTruthy();
    expect(within(item(1)).getByText(/Asked by mali/)).toBeTruthy();
    expect(within(item(1)).getByRole('button', { name: 'Approve' })).toBeTruthy();
    // Their own: approve is not offered, they may still withdraw it.
    expect(within(item(2)).getByText('-฿1,500.25')).toBeTruthy();
    expect(within(item(2)).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(item(2)).getByRole('button', { name: 'Reject' })).toBeTruthy();
    expect(within(item(2)).getByText('Yours: another staff member approves it')).toBeTruthy();

    await userEvent.click(within(item(1)).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this adjustment?' });
    expect(within(dialog).getByText('+฿2,500.00 for member 100001 moves now.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await screen.findByText('Approved: the money moved.');
    expect(calls.filter((call) => call.url === '/api/console/adjustments/1/approve')).toHaveLength(1);
  });

  it('asks for a rejection reason before sending it', async () => {
    const calls = adjustmentsServer([adjustment(3)]);
    await renderWithProviders(<AdjustmentsPage />, { path: '/console/adjustments' });
    await userEvent.click(within(await findItem(3)).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this adjustment?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please fill in this field.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'No proof');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await screen.findByText('Adjustment rejected.');
    const sent = calls.find((call) => call.url === '/api/console/adjustments/3/reject')!;
    expect(bodyOf(sent)).toEqual({ reason: 'No proof' });
  });

  it('confirms what will happen to whose money, then asks once with an Idempotency-Key', async () => {
    const calls = adjustmentsServer([]);
    await renderWithProviders(<AdjustmentsPage />, { path: '/console/adjustments' });
    await screen.findByText('Nothing waits for approval.');

    await userEvent.type(screen.getByLabelText('Member ID'), '100001');
    await userEvent.type(screen.getByLabelText('Amount'), '-1,500.25');
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    // The note for staff is required, and a debit cannot read as compensation.
    expect(await screen.findByText('Please fill in this field.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Note for staff'), 'Credited twice, ticket 7');
    await userEvent.selectOptions(screen.getByLabelText('What the member reads'), 'Compensation');
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(
      await screen.findByText('This reason does not fit money going that way. Choose another reason.'),
    ).toBeTruthy();
    await userEvent.selectOptions(
      screen.getByLabelText('What the member reads'),
      'Duplicate credit taken back',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));

    const dialog = await screen.findByRole('dialog', { name: 'Take ฿1,500.25 from member 100001?' });
    expect(
      within(dialog).getByText('It is above ฿1,000.00: it waits until a second staff member approves it.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('The member reads: Duplicate credit taken back')).toBeTruthy();
    expect(calls.some((call) => call.init.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Sent for approval.');

    const posted = calls.filter(
      (call) => call.url === '/api/console/adjustments' && call.init.method === 'POST',
    );
    expect(posted).toHaveLength(1);
    expect(bodyOf(posted[0]!)).toEqual({
      memberId: 100_001,
      amount: -150_025,
      reason: 'Credited twice, ticket 7',
      memberReason: 'duplicate',
    });
    expect((posted[0]!.init.headers as Record<string, string>)['idempotency-key']).toMatch(/^[\w-]{16,}$/);
    expect(screen.getByLabelText<HTMLInputElement>('Member ID').value).toBe('');
  });

  it('says a kip member’s adjustment in kip, judged by the kip threshold (decision 075)', async () => {
    adjustmentsServer([]);
    await renderWithProviders(<AdjustmentsPage />, { path: '/console/adjustments' });
    await screen.findByText('Nothing waits for approval.');
    await userEvent.type(screen.getByLabelText('Member ID'), '100002');
    // ₭500,000 is far above ฿1,000 as a number, and under the kip threshold ₭600,000.
    await userEvent.type(screen.getByLabelText('Amount'), '500000');
    await userEvent.type(screen.getByLabelText('Note for staff'), 'Kip fix');
    await userEvent.click(screen.getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add ₭500,000 to member 100002?' });
    expect(
      await within(dialog).findByText(
        /at once, unless with what you adjusted alone on this member in the last 24 hours it passes ₭600,000/,
      ),
    ).toBeTruthy();
  });

  it('speaks Thai to Thai staff', async () => {
    adjustmentsServer([adjustment(4)]);
    await renderWithProviders(<AdjustmentsPage />, { path: '/console/adjustments', locale: 'th' });
    expect(await screen.findByRole('heading', { name: 'ปรับยอดเงินสมาชิก' })).toBeTruthy();
    expect(within(await findItem(4)).getByRole('button', { name: 'อนุมัติ' })).toBeTruthy();
    expect(within(item(4)).getByText(/แก้ไขยอดเงินให้ถูกต้อง/)).toBeTruthy();
  });
});

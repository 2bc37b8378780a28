import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LimitsResponse, LimitView, StaffLimitsResponse } from '@wallet/contract/http/limits';
import { ROLE_PERMISSIONS, type StaffRole } from '@wallet/contract/staff-roles';
import { storage } from '../../lib/storage';
import { staff } from '../../test/console-data';
import { memberView } from '../../test/console-members-data';
import { bodyOf, fakeServer, renderWithProviders } from '../../test/render-app';
import { LimitsCard } from './member-limits';

const limit = (value: number | null): LimitView => ({
  value,
  used: 0,
  resetsAt: '2026-11-28T17:00:00.000Z',
  pending: null,
});
const limits = (changes: Partial<LimitsResponse> = {}): StaffLimitsResponse => ({
  limits: {
    deposit: { day: limit(null), week: limit(null), month: limit(null) },
    loss: { day: limit(null), week: limit(null), month: limit(null) },
    depositRemaining: null,
    realityCheckMinutes: null,
    session: null,
    timeout: null,
    selfExclusion: null,
    ...changes,
  },
  history: [],
});

beforeEach(() => storage.setStaffCsrf('staff-csrf'));
afterEach(() => vi.unstubAllGlobals());

function limitsServer(role: StaffRole, first = limits()) {
  let state = first;
  return fakeServer((url, init) => {
    if (url === '/api/console/me')
      return { body: { ...staff, role, permissions: [...ROLE_PERMISSIONS[role]] } };
    if (url === '/api/console/members/42/timeout' && init.method === 'POST') {
      state = limits({ timeout: { until: '2026-12-05T10:00:00.000Z' } });
      return { body: state };
    }
    if (url === '/api/console/members/42/limits' && init.method === 'PUT') {
      const asked = bodyOf({ init }) as { deposit: { day: number | null } };
      state = limits({ deposit: { ...state.limits.deposit, day: limit(asked.deposit.day) } });
      return { body: state };
    }
    if (url === '/api/console/members/42/limits') return { body: state };
    return undefined;
  });
}

describe('the play limits card of the member view', () => {
  it('starts a time-out of the length staff chose, after a confirm that says what it does', async () => {
    const calls = limitsServer('finance');
    await renderWithProviders(<LimitsCard view={memberView()} />);
    const card = await screen.findByRole('region', { name: 'Play limits' });
    const start = await within(card).findByRole('button', { name: 'Time out' });
    expect(start).toHaveProperty('disabled', true);
    await userEvent.selectOptions(within(card).getByRole('combobox', { name: 'Start a time-out' }), '7 days');
    await userEvent.click(start);
    const dialog = await screen.findByRole('dialog', { name: 'Start a time-out' });
    expect(dialog.textContent).toContain('Time out member #42 for 7 days?');
    expect(calls.some((call) => call.url.endsWith('/timeout'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Time out' }));
    expect(await screen.findByText('Time-out started')).toBeTruthy();
    const sent = calls.filter((call) => call.url === '/api/console/members/42/timeout');
    expect(sent.map((call) => bodyOf(call))).toEqual([{ days: 7 }]);
    expect(await within(card).findByText(/Time-out until/)).toBeTruthy();
  });

  it('reads and lowers a kip member’s limits in kip, typed in whole kip (issue 32)', async () => {
    const calls = limitsServer(
      'finance',
      limits({ deposit: { day: limit(100_000_000), week: limit(null), month: limit(null) } }),
    );
    const view = memberView();
    await renderWithProviders(
      <LimitsCard
        view={{ ...view, context: { ...view.context, wallet: { ...view.context.wallet, currency: 'LAK' } } }}
      />,
    );
    const card = await screen.findByRole('region', { name: 'Play limits' });
    expect(await within(card).findByText('₭0 of ₭1,000,000')).toBeTruthy();
    const amount = within(card).getByLabelText('New amount · Kip (₭)');
    await userEvent.type(amount, '250000.50');
    await userEvent.click(within(card).getByRole('button', { name: 'Lower' }));
    expect(within(card).getByText('Enter an amount above 0.')).toBeTruthy();
    await userEvent.clear(amount);
    await userEvent.type(amount, '250000');
    await userEvent.click(within(card).getByRole('button', { name: 'Lower' }));
    expect(await within(card).findByText('₭0 of ₭250,000')).toBeTruthy();
    const sent = calls.filter((call) => call.init.method === 'PUT');
    expect(sent.map((call) => bodyOf(call))).toEqual([
      { deposit: { day: 25_000_000, week: null, month: null }, loss: { day: null, week: null, month: null } },
    ]);
  });

  it('offers no time-out to a role that cannot manage members', async () => {
    limitsServer('support');
    await renderWithProviders(<LimitsCard view={memberView()} />);
    const card = await screen.findByRole('region', { name: 'Play limits' });
    await within(card).findByText('History');
    expect(within(card).queryByRole('button', { name: 'Time out' })).toBeNull();
  });
});

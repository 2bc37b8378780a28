import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LimitsResponse, LimitView } from '@wallet/contract/http/limits';
import { storage } from '../../lib/storage';
import { bodyOf, fakeServer, renderWithProviders } from '../../test/render-app';
import { memberServer, walletResponse } from '../../test/wallet-data';
import { LimitsPage } from './limits-page';
import { RealityCheck } from './reality-check';

const limit = (value: number | null, used = 0, pending: LimitView['pending'] = null): LimitView => ({
  value,
  used,
  resetsAt: '2026-11-28T17:00:00.000Z',
  pending,
});
const view = (changes: Partial<LimitsResponse> = {}): LimitsResponse => ({
  deposit: { day: limit(50_000, 12_000), week: limit(null), month: limit(null) },
  loss: { day: limit(null), week: limit(null), month: limit(null) },
  depositRemaining: 38_000,
  realityCheckMinutes: null,
  session: null,
  timeout: null,
  selfExclusion: null,
  ...changes,
});

beforeEach(() => storage.setToken('token', false));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the Play limits page', () => {
  it('shows what each limit used and saves the limits in minor units', async () => {
    const calls = fakeServer((url, init) => {
      if (url !== '/api/account/limits') return undefined;
      if (init.method === 'PUT') return { body: view({ realityCheckMinutes: 60 }) };
      return { body: view() };
    });
    await renderWithProviders(<LimitsPage />, { path: '/user/profile/limits' });
    expect(await screen.findByText('Used ฿120.00 of ฿500.00')).toBeTruthy();
    expect(screen.getByText('You can still deposit ฿380.00 now.')).toBeTruthy();
    const user = userEvent.setup();
    const field = screen.getAllByLabelText('Per week')[1]!;
    await user.type(field, '1000.50');
    await user.selectOptions(screen.getByLabelText('Reality check'), '60');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(calls.some((call) => call.init.method === 'PUT')).toBe(true));
    expect(bodyOf(calls.find((call) => call.init.method === 'PUT')!)).toEqual({
      deposit: { day: 50_000, week: null, month: null },
      loss: { day: null, week: 100_050, month: null },
      realityCheckMinutes: 60,
    });
    expect(await screen.findByText('Limits saved')).toBeTruthy();
  });

  it('refuses an amount it cannot read, sending nothing', async () => {
    const calls = fakeServer((url) => (url === '/api/account/limits' ? { body: view() } : undefined));
    await renderWithProviders(<LimitsPage />, { path: '/user/profile/limits' });
    const user = userEvent.setup();
    await user.type((await screen.findAllByLabelText('Per month'))[0]!, 'abc');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText('Enter an amount in baht, or leave it empty for no limit.')).toBeTruthy();
    expect(calls.some((call) => call.init.method === 'PUT')).toBe(false);
  });

  it('shows and takes a kip wallet’s limits in whole kip, never as baht', async () => {
    const wallet = walletResponse(0);
    const kip = (whole: number) => whole * 100;
    const kipView = view({
      deposit: { day: limit(kip(500_000), kip(120_000)), week: limit(null), month: limit(null) },
      depositRemaining: kip(380_000),
    });
    const calls = memberServer(
      () => ({ ...wallet, wallet: { ...wallet.wallet, currency: 'LAK' } }),
      (url) => (url === '/api/account/limits' ? { body: kipView } : undefined),
    );
    await renderWithProviders(<LimitsPage />, { path: '/user/profile/limits' });
    expect(await screen.findByText('Used ₭120,000 of ₭500,000')).toBeTruthy();
    expect(screen.getByText('You can still deposit ₭380,000 now.')).toBeTruthy();
    expect(screen.getAllByLabelText('Per day')[0]).toHaveProperty('value', '500000');
    const user = userEvent.setup();
    const week = screen.getAllByLabelText('Per week')[1]!;
    await user.type(week, '1000.50');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(
      await screen.findByText('Enter an amount in whole kip, or leave it empty for no limit.'),
    ).toBeTruthy();
    expect(calls.some((call) => call.init.method === 'PUT')).toBe(false);
    await user.clear(week);
    await user.type(week, '250,000');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(calls.some((call) => call.init.method === 'PUT')).toBe(true));
    expect(bodyOf(calls.find((call) => call.init.method === 'PUT')!)).toMatchObject({
      deposit: { day: kip(500_000) },
      loss: { week: kip(250_000) },
    });
  });

  it('offers the confirmation of a loosening whose 24 hours have passed', async () => {
    const waiting = view({
      deposit: {
        day: limit(50_000, 0, { value: 90_000, from: '2026-11-28T10:00:00.000Z', confirmable: true }),
        week: limit(null),
        month: limit(null),
      },
    });
    const calls = fakeServer((url) => {
      if (url === '/api/account/limits/confirm') return { body: view() };
      return url === '/api/account/limits' ? { body: waiting } : undefined;
    });
    await renderWithProviders(<LimitsPage />, { path: '/user/profile/limits' });
    expect(await screen.findByText(/Rises to ฿900.00 from .* · ready to confirm/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm higher limits' }));
    expect(await screen.findByText('Higher limits confirmed')).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/account/limits/confirm')).toHaveLength(1);
  });

  it('asks before a self-exclusion, saying it cannot be undone', async () => {
    const calls = fakeServer((url) => {
      if (url === '/api/account/self-exclusion')
        return {
          body: view({ selfExclusion: { since: '2026-11-28T00:00:00.000Z', until: null, liftAt: null } }),
        };
      return url === '/api/account/limits' ? { body: view() } : undefined;
    });
    await renderWithProviders(<LimitsPage />, { path: '/user/profile/limits' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'For good' }));
    expect(await screen.findByText(/You cannot undo it/)).toBeTruthy();
    expect(screen.getByText('It never ends.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Exclude me' }));
    expect(await screen.findByText('Self-excluded for good')).toBeTruthy();
    expect(bodyOf(calls.find((call) => call.url === '/api/account/self-exclusion')!)).toEqual({
      months: null,
    });
    // No time-out is offered over an exclusion.
    expect(screen.queryByRole('button', { name: '24 hours' })).toBeNull();
  });
});

describe('the reality check', () => {
  it('appears once the session has lasted the interval, and takes a break by bringing the games back', async () => {
    const startedAt = new Date(Date.now() - 31 * 60_000).toISOString();
    const calls = fakeServer((url) => {
      if (url === '/api/wallet/transferAll')
        return { body: { status: 'SUCCESS', reference: 'all:1', amount: 5_000 } };
      if (url !== '/api/account/limits') return undefined;
      return {
        body: view({
          realityCheckMinutes: 30,
          session: { startedAt, lastAt: startedAt, result: -25_000, resultSince: startedAt },
        }),
      };
    });
    await renderWithProviders(<RealityCheck />, { path: '/user/home' });
    expect(await screen.findByText('You have played for 31 minutes.')).toBeTruthy();
    expect(await screen.findByText(/: -฿250.00$/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Take a break' }));
    await waitFor(() => expect(calls.some((call) => call.url === '/api/wallet/transferAll')).toBe(true));
    expect(bodyOf(calls.find((call) => call.url === '/api/wallet/transferAll')!)).toEqual({ to: 'wallet' });
    expect(await screen.findByText(/Your game balances are back in your wallet/)).toBeTruthy();
  });

  it('says a kip session’s result in whole kip', async () => {
    const startedAt = new Date(Date.now() - 31 * 60_000).toISOString();
    const wallet = walletResponse(0);
    memberServer(
      () => ({ ...wallet, wallet: { ...wallet.wallet, currency: 'LAK' } }),
      (url) =>
        url === '/api/account/limits'
          ? {
              body: view({
                realityCheckMinutes: 30,
                session: { startedAt, lastAt: startedAt, result: -2_500_000, resultSince: startedAt },
              }),
            }
          : undefined,
    );
    await renderWithProviders(<RealityCheck />, { path: '/user/home' });
    expect(await screen.findByText(/: -₭25,000$/)).toBeTruthy();
  });

  it('stays away before the interval', async () => {
    const startedAt = new Date(Date.now() - 10 * 60_000).toISOString();
    fakeServer((url) =>
      url === '/api/account/limits'
        ? {
            body: view({
              realityCheckMinutes: 30,
              session: { startedAt, lastAt: startedAt, result: 0, resultSince: startedAt },
            }),
          }
        : undefined,
    );
    await renderWithProviders(<RealityCheck />, { path: '/user/home' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/You have played for/)).toBeNull();
  });
});

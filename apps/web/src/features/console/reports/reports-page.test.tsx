import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  DailyReportRow,
  GameReportRow,
  InviteReportResponse,
  OfferReportRow,
} from '@wallet/contract/http/console-reports';
import { storage } from '../../../lib/storage';
import { fakeServer, renderWithProviders } from '../../../test/render-app';
import { ReportsPage } from './reports-page';

beforeEach(() => storage.setStaffCsrf('staff-csrf'));
afterEach(() => vi.unstubAllGlobals());

const RANGE = 'from=2026-11-20&to=2026-11-21';
const renderReport = (kind: string, search = RANGE, locale = 'en') =>
  renderWithProviders(<ReportsPage />, {
    path: `/console/reports/${kind}?${search}`,
    route: '/console/reports/:kind',
    locale,
  });

/**
 * The text of the cell at a row (by its name) and a column (by its heading). Every figure of a
 * fixture is a different number, so a figure shown under another's heading fails its check.
 */
function cell(region: HTMLElement, row: string, column: string): string {
  const headings = within(region)
    .getAllByRole('columnheader')
    .map((heading) => heading.textContent);
  const index = headings.indexOf(column);
  expect(index, `no column ${column} in ${headings.join(', ')}`).toBeGreaterThanOrEqual(0);
  const line = within(region)
    .getByRole('rowheader', { name: new RegExp(`^${row}`) })
    .closest('tr')!;
  return line.children[index]!.textContent ?? '';
}

const dailyRow = (day: string, base: number, currency = 'BAHT'): DailyReportRow => ({
  day,
  currency,
  deposits: base + 101,
  depositChannels: { slip: base + 1, 'qr:sandboxpay': 100 },
  withdrawals: base + 202,
  adjustmentsOut: base + 303,
  netCash: base + 404,
  bonusCost: base + 505,
  refunds: base + 606,
  inviteCommission: base + 707,
  wheelPrizes: base + 808,
  bets: base + 909,
  wins: base + 1010,
  ggr: base + 1111,
  ngr: -(base + 1212),
  newMembers: 13,
  firstDepositors: 14,
  activeMembers: 15,
});

describe('daily profit and loss', () => {
  it('puts each figure under its own heading, per day and in total, with the channels', async () => {
    const calls = fakeServer((url) =>
      url.startsWith('/api/console/reports/daily?')
        ? {
            body: {
              from: '2026-11-20',
              to: '2026-11-21',
              today: '2026-11-21',
              rows: [dailyRow('2026-11-20', 1_000_000), dailyRow('2026-11-21', 2_000_000)],
            },
          }
        : undefined,
    );
    await renderReport('daily');
    const table = await screen.findByRole('region', { name: 'Profit and loss per market day' });
    expect(calls.map((call) => call.url)).toContain(`/api/console/reports/daily?${RANGE}`);
    const expected: [string, string][] = [
      ['Deposits', '10,001.01'],
      ['Withdrawals', '10,002.02'],
      ['Adjustments out', '10,003.03'],
      ['Net cash', '10,004.04'],
      ['Bonus cost', '10,005.05'],
      ['Refunds', '10,006.06'],
      ['Invite commission', '10,007.07'],
      ['Wheel prizes', '10,008.08'],
      ['Bets', '10,009.09'],
      ['Wins', '10,010.10'],
      ['GGR', '10,011.11'],
      ['NGR', '-10,012.12'],
      ['New members', '13'],
      ['First deposits', '14'],
      ['Active members', '15'],
    ];
    for (const [column, value] of expected) expect(cell(table, '2026-11-20', column), column).toBe(value);
    // Today's row says it is today so far; totals add the days, but not members active.
    expect(within(table).getByRole('rowheader', { name: /2026-11-21/ }).textContent).toContain('so far');
    expect(cell(table, 'Total', 'Deposits')).toBe('30,002.02');
    expect(cell(table, 'Total', 'NGR')).toBe('-30,024.24');
    expect(cell(table, 'Total', 'First deposits')).toBe('28');
    expect(cell(table, 'Total', 'Active members')).toBe('–');
    const slip = document.querySelector('[data-channel="slip"]')!;
    expect(slip.textContent).toBe('Slip30,000.02');
    expect(document.querySelector('[data-channel="qr:sandboxpay"]')!.textContent).toBe('QR · sandboxpay2.00');
  });

  it('shows each currency apart, and refuses a range out of order without asking', async () => {
    const calls = fakeServer((url) =>
      url.startsWith('/api/console/reports/daily?')
        ? {
            body: {
              from: '2026-11-20',
              to: '2026-11-20',
              today: '2026-11-28',
              rows: [dailyRow('2026-11-20', 1_000_000), dailyRow('2026-11-20', 5_000_000, 'LAK')],
            },
          }
        : undefined,
    );
    await renderReport('daily', 'from=2026-11-20&to=2026-11-20');
    const user = userEvent.setup();
    const table = await screen.findByRole('region', { name: 'Profit and loss per market day' });
    expect(cell(table, '2026-11-20', 'Deposits')).toBe('10,001.01');
    await user.click(screen.getByRole('tab', { name: 'LAK' }));
    expect(screen.getByText('Amounts in LAK')).toBeTruthy();
    expect(
      cell(screen.getByRole('region', { name: 'Profit and loss per market day' }), '2026-11-20', 'Deposits'),
    ).not.toBe('10,001.01');

    const asked = calls.length;
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-11-25');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Choose real dates, the first not after the last, at most 400 days apart.',
    );
    expect(calls.slice(asked).filter((call) => call.url.includes('from=2026-11-25'))).toEqual([]);
  });

  it('says so when the report cannot be read', async () => {
    fakeServer((url) =>
      url.startsWith('/api/console/reports/daily?')
        ? { status: 403, body: { message: 'STAFF_FORBIDDEN' } }
        : undefined,
    );
    await renderReport('daily');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Profit and loss per market day' })).toBeNull();
  });
});

const offerRow: OfferReportRow = {
  code: 'WELCOME100',
  currency: 'BAHT',
  claims: 21,
  credited: 2_200_00,
  takenBack: 23_00,
  cost: 2_177_00,
  completed: 24,
  cancelled: 25,
  expired: 26,
  ended: 27,
  running: 28,
  averageCompleteSeconds: 5_400,
  firstDeposits: 29,
  costPerFirstDeposit: 75_07,
};

describe('breakdowns', () => {
  it('per offer: claims, money and outcomes each under its heading', async () => {
    fakeServer((url) =>
      url.startsWith('/api/console/reports/offers?')
        ? {
            body: {
              from: '2026-11-20',
              to: '2026-11-21',
              rows: [
                offerRow,
                {
                  ...offerRow,
                  code: 'DAILY5',
                  averageCompleteSeconds: null,
                  costPerFirstDeposit: null,
                  firstDeposits: 0,
                },
              ],
            },
          }
        : undefined,
    );
    await renderReport('offers');
    const table = await screen.findByRole('region', {
      name: 'Per offer, over the grants claimed in these days',
    });
    const expected: [string, string][] = [
      ['Claims', '21'],
      ['Credited', '2,200.00'],
      ['Taken back', '23.00'],
      ['Cost', '2,177.00'],
      ['Completed', '24'],
      ['Cancelled', '25'],
      ['Expired', '26'],
      ['Ended under floor', '27'],
      ['Running', '28'],
      ['Avg. time to complete', '1 h 30 min'],
      ['On first deposit', '29'],
      ['Cost per first deposit', '75.07'],
    ];
    for (const [column, value] of expected) expect(cell(table, 'WELCOME100', column), column).toBe(value);
    expect(cell(table, 'DAILY5', 'Cost per first deposit')).toBe('–');
    expect(cell(table, 'DAILY5', 'Avg. time to complete')).toBe('–');
    expect(cell(table, 'Total', 'Cost')).toBe('4,354.00');
    // The whole cost over every first deposit: 4,354.00 / 29.
    expect(cell(table, 'Total', 'Cost per first deposit')).toBe('150.14');
  });

  it('per game: bets, wins, GGR, players and rounds each under its heading', async () => {
    const row: GameReportRow = {
      gameCode: 'JOKER',
      currency: 'BAHT',
      bets: 31_00,
      wins: 32_00,
      ggr: -1_00,
      players: 33,
      rounds: 34,
    };
    fakeServer((url) =>
      url.startsWith('/api/console/reports/games?')
        ? { body: { from: '2026-11-20', to: '2026-11-21', rows: [row] } }
        : undefined,
    );
    await renderReport('games');
    const table = await screen.findByRole('region', { name: 'Per game, the rounds counted in these days' });
    expect(cell(table, 'JOKER', 'Bets')).toBe('31.00');
    expect(cell(table, 'JOKER', 'Wins')).toBe('32.00');
    expect(cell(table, 'JOKER', 'GGR')).toBe('-1.00');
    expect(cell(table, 'JOKER', 'Players')).toBe('33');
    expect(cell(table, 'JOKER', 'Rounds')).toBe('34');
  });

  it('invite: inviters by commission and the self-referrals flagged, in Thai', async () => {
    const report: InviteReportResponse = {
      from: '2026-11-20',
      to: '2026-11-21',
      inviters: [
        { inviterId: 7, name: 'สมชาย ใจดี', currency: 'BAHT', invitees: 41, earned: 42_00, claimed: 43_00 },
      ],
      flags: [{ inviteeId: 9, inviterId: 7, reason: 'same_bank_account', at: '2026-11-20T05:00:00.000Z' }],
      flagCount: 1,
    };
    fakeServer((url) => (url.startsWith('/api/console/reports/invite?') ? { body: report } : undefined));
    await renderReport('invite', RANGE, 'th');
    const table = await screen.findByRole('region', { name: 'ผู้ชวนสูงสุดตามค่าแนะนำที่ได้ในช่วงวันนี้' });
    expect(cell(table, 'สมชาย ใจดี', 'ผู้ถูกชวน')).toBe('41');
    expect(cell(table, 'สมชาย ใจดี', 'ค่าแนะนำที่ได้')).toBe('42.00');
    expect(cell(table, 'สมชาย ใจดี', 'ค่าแนะนำที่รับแล้ว')).toBe('43.00');
    expect(screen.getByText('ตรวจพบชวนตัวเอง: 1')).toBeTruthy();
    expect(screen.getByText('บัญชีธนาคารเดียวกัน')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'สมาชิก #9' }).getAttribute('href')).toBe('/console/members/9');
  });

  it('says when nothing happened in the days, and keeps the range from one report to the next', async () => {
    fakeServer((url) =>
      url.startsWith('/api/console/reports/offers?')
        ? { body: { from: '2026-11-20', to: '2026-11-21', rows: [] } }
        : undefined,
    );
    await renderReport('offers');
    expect(await screen.findByText('No offer was claimed in these days.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Games' }).getAttribute('href')).toBe(
      `/console/reports/games?${RANGE}`,
    );
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Offers' }).getAttribute('aria-current')).toBe('page'),
    );
  });
});

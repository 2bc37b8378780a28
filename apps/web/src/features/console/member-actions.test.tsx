import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_PERMISSIONS, type StaffRole } from '@wallet/contract/staff-roles';
import { storage } from '../../lib/storage';
import { minutesBefore, staff } from '../../test/console-data';
import { memberView } from '../../test/console-members-data';
import { bodyOf, fakeServer, renderWithProviders } from '../../test/render-app';
import { bonusProgress } from '../../test/bonus-data';
import { MemberPage } from './member-page';

beforeEach(() => storage.setStaffCsrf('staff-csrf'));
afterEach(() => vi.unstubAllGlobals());

/** The member view's server, with the risk flags, notes and tags of member 42 (and its banks). */
function memberServer(role: StaffRole, view = memberView(), banks?: object) {
  let notes = [
    {
      id: 1,
      text: '<b>Called</b> about a slip',
      staff: { id: 2, username: 'bob' },
      createdAt: minutesBefore(60),
    },
  ];
  let tags = ['vip'];
  return fakeServer((url, init) => {
    if (url === '/api/console/me')
      return { body: { ...staff, role, permissions: [...ROLE_PERMISSIONS[role]] } };
    if (url === '/api/console/members/42') return { body: view };
    if (url === '/api/lookup/banks' && banks) return { body: banks };
    if (url === '/api/console/members/42/risk')
      return { body: { flags: ['shared_holder_name', 'invite_cluster'], linked: [41] } };
    if (url === '/api/console/members/42/notes' && init.method === 'POST') {
      const { text } = bodyOf({ init }) as { text: string };
      notes = [{ id: 2, text, staff: { id: 1, username: 'alice' }, createdAt: minutesBefore(0) }, ...notes];
    }
    if (url === '/api/console/members/42/tags') tags = (bodyOf({ init }) as { tags: string[] }).tags;
    if (url.startsWith('/api/console/members/42/notes') || url === '/api/console/members/42/tags')
      return { body: { notes, tags } };
    if (url === '/api/console/members/42/lock') return { body: { memberId: 42, status: 'inactive' } };
    if (url === '/api/console/members/42/bonus')
      return { body: { progress: bonusProgress({ name: 'Welcome 100%', forfeitNow: 5_000 }) } };
    if (url === '/api/console/members/42/bonus/end') return { body: { forfeited: 5_000 } };
    if (url === '/api/console/members/42/bank')
      return {
        body: { bankCode: 'SCB', accountNo: '1234567890', accountName: 'SOMCHAI JAIDEE', currency: 'BAHT' },
      };
    return undefined;
  });
}

const renderMember = () =>
  renderWithProviders(<MemberPage />, { path: '/console/members/42', route: '/console/members/:memberId' });

describe('member actions', () => {
  it('shows finance the risk flags, writes a note and tags, and locks with a reason', async () => {
    const calls = memberServer('finance');
    await renderMember();
    const risk = await screen.findByRole('region', { name: 'Risk flags' });
    expect(await within(risk).findByText('Same account holder as another member')).toBeTruthy();
    expect(within(risk).getByRole('link', { name: 'Member #41' }).getAttribute('href')).toBe(
      '/console/members/41',
    );

    const notes = screen.getByRole('region', { name: 'Notes and tags' });
    // A note is text, never HTML.
    expect(await within(notes).findByText('<b>Called</b> about a slip')).toBeTruthy();
    await userEvent.type(within(notes).getByLabelText('New note for colleagues'), 'Asked for ID');
    await userEvent.click(within(notes).getByRole('button', { name: 'Add note' }));
    expect(await within(notes).findByText('Asked for ID')).toBeTruthy();
    const tags = within(notes).getByLabelText('Tags (comma separated)');
    await userEvent.clear(tags);
    await userEvent.type(tags, 'vip, watch');
    await userEvent.click(within(notes).getByRole('button', { name: 'Save tags' }));
    expect(await within(notes).findByText('watch')).toBeTruthy();
    expect(bodyOf(calls.find((call) => call.url === '/api/console/members/42/tags')!)).toEqual({
      tags: ['vip', 'watch'],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Lock member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lock this member?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lock member' }));
    expect(within(dialog).getByText('Write why.')).toBeTruthy();
    expect(calls.some((call) => call.url.endsWith('/lock'))).toBe(false);
    await userEvent.type(
      within(dialog).getByLabelText('Reason (for colleagues and the audit)'),
      'Shared bank',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lock member' }));
    await screen.findByText('Member locked');
    expect(bodyOf(calls.find((call) => call.url.endsWith('/lock'))!)).toEqual({ reason: 'Shared bank' });

    // The running bonus: the confirm says what ending it takes back.
    await userEvent.click(screen.getByRole('button', { name: 'End bonus' }));
    const end = await screen.findByRole('dialog', { name: "End this member's bonus?" });
    expect(within(end).getByText(/Welcome 100% ends now\. ฿50\.00 is taken back/)).toBeTruthy();
    await userEvent.type(within(end).getByLabelText('Reason (for colleagues and the audit)'), 'Abuse');
    await userEvent.click(within(end).getByRole('button', { name: 'End bonus' }));
    await screen.findByText('Bonus ended: ฿50.00 taken back');

    // A new bank account: sent as typed, the server checks it.
    await userEvent.click(screen.getByRole('button', { name: 'Change bank account' }));
    const bank = await screen.findByRole('dialog', { name: 'Change the bank account of Somchai Jaidee?' });
    await userEvent.selectOptions(within(bank).getByLabelText('Bank'), 'SCB');
    // A Thai bank's accounts are in baht: shown, not a choice.
    expect(within(bank).getByLabelText<HTMLSelectElement>('Account currency').disabled).toBe(true);
    await userEvent.type(within(bank).getByLabelText('Account number'), '1234567890');
    await userEvent.type(within(bank).getByLabelText("Account holder's name"), 'Somchai Jaidee');
    await userEvent.type(
      within(bank).getByLabelText('Reason (for colleagues and the audit)'),
      'Asked by phone',
    );
    await userEvent.click(within(bank).getByRole('button', { name: 'Change bank account' }));
    await screen.findByText('Bank account changed');
    expect(bodyOf(calls.find((call) => call.url.endsWith('/bank'))!)).toEqual({
      bankCode: 'SCB',
      bankAccountNo: '1234567890',
      bankAccountName: 'Somchai Jaidee',
      reason: 'Asked by phone',
      currency: 'BAHT',
    });
  });

  it('lets staff choose a Lao bank account’s currency, the wallet’s first, and says when it differs', async () => {
    const bcel = {
      code: 'BCEL',
      name: 'BCEL',
      nameTH: 'BCEL',
      nameEN: 'BCEL',
      market: 'LA',
      englishNameOnly: false,
      accountNoLengths: [13, 18],
    };
    const kip = memberView();
    kip.context.member.currency = 'LAK';
    kip.context.member.bank = { ...kip.context.member.bank!, currency: 'BAHT' };
    const calls = memberServer('finance', kip, { banks: [bcel] });
    await renderMember();
    // The registered account in baht for a kip wallet: said on the profile card.
    expect(
      await screen.findByText('Account in Baht (฿), wallet in Kip (₭): withdrawals are refused.'),
    ).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Change bank account' }));
    const bank = await screen.findByRole('dialog', { name: 'Change the bank account of Somchai Jaidee?' });
    await userEvent.selectOptions(within(bank).getByLabelText('Bank'), 'BCEL');
    const currency = within(bank).getByLabelText<HTMLSelectElement>('Account currency');
    expect(currency.value).toBe('LAK');
    await userEvent.selectOptions(currency, 'BAHT');
    expect(within(bank).getByText(/This account is in Baht \(฿\) and the wallet in Kip \(₭\)/)).toBeTruthy();
    await userEvent.type(within(bank).getByLabelText('Account number'), '0101100458723');
    await userEvent.type(within(bank).getByLabelText("Account holder's name"), 'Somsack Phomma');
    await userEvent.type(
      within(bank).getByLabelText('Reason (for colleagues and the audit)'),
      'Baht account',
    );
    await userEvent.click(within(bank).getByRole('button', { name: 'Change bank account' }));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/bank'))).toBe(true));
    expect(bodyOf(calls.find((call) => call.url.endsWith('/bank'))!)).toMatchObject({
      bankCode: 'BCEL',
      currency: 'BAHT',
    });
  });

  it('shows support the flags and notes, without writing or locking', async () => {
    memberServer('support');
    await renderMember();
    const notes = await screen.findByRole('region', { name: 'Notes and tags' });
    expect(await within(notes).findByText('<b>Called</b> about a slip')).toBeTruthy();
    expect(within(notes).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Lock member' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'End bonus' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change bank account' })).toBeNull();
  });
});

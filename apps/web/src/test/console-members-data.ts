import type { AuditRow } from '@wallet/contract/http/console-audit';
import type { MemberSearchRow, MemberViewResponse } from '@wallet/contract/http/console-members';
import type { StatementRow } from '@wallet/contract/http/statement';
import type { MinorUnits } from '@wallet/contract/money';
import { memberContext, minutesBefore } from './console-data';

/** The members screen's and the audit screen's answers (decision 048), as the server gives them. */

const minor = (amount: number) => amount as MinorUnits;

export const searchRow = (id: number, overrides: Partial<MemberSearchRow> = {}): MemberSearchRow => ({
  id,
  username: '••••••5678',
  name: `Member ${id}`,
  status: 'active',
  bank: { bankCode: 'SCB', accountNo: '••••••7890', accountName: `MEMBER ${id}` },
  createdAt: minutesBefore(60 * 24),
  matched: ['phone'],
  ...overrides,
});

export const memberView = (overrides: Partial<MemberViewResponse> = {}): MemberViewResponse => ({
  context: memberContext(),
  status: 'active',
  inviteCode: 'PR42',
  games: [{ code: 'JOKER', name: 'Joker Gaming', amount: minor(12_000) }],
  grants: [
    {
      id: 7,
      code: 'WELCOME',
      name: 'Welcome bonus',
      channel: 'bonus',
      state: 'active',
      deposit: minor(10_000),
      bonus: minor(10_000),
      requiredTurnover: minor(40_000),
      turnoverDone: minor(10_000),
      claimedAt: minutesBefore(120),
      expiresAt: minutesBefore(-60 * 24),
      closedAt: null,
    },
  ],
  inviter: { id: 41, username: '0811111111', name: 'Inviter Ann', createdAt: minutesBefore(60 * 24 * 60) },
  invitees: {
    total: 3,
    latest: [{ id: 43, username: '0822222222', name: 'Invitee Ben', createdAt: minutesBefore(60) }],
  },
  sessions: [
    {
      createdAt: minutesBefore(300),
      lastSeenAt: minutesBefore(5),
      expiresAt: minutesBefore(-600),
      clientAddress: '203.0.113.9',
      userAgent: 'Mozilla/5.0 (iPhone)',
    },
  ],
  conversation: { id: 12, status: 'open', lastMessageAt: minutesBefore(10) },
  ...overrides,
});

export const statementRow = (id: number, amount: number): StatementRow => ({
  id: String(id),
  statementType: 'deposit',
  status: 'SUCCESS',
  from: 'bank',
  to: 'wallet',
  amount: minor(amount),
  createdAt: minutesBefore(id),
});

export const auditRow = (seq: number, overrides: Partial<AuditRow> = {}): AuditRow => ({
  seq,
  at: minutesBefore(seq),
  staffId: 1,
  staffUsername: 'alice',
  action: 'member.view',
  target: 'member:42',
  detail: '{"personal":false}',
  ip: '10.0.0.1',
  userAgent: 'Mozilla/5.0',
  ...overrides,
});

import type { Locale } from '@wallet/contract/constants';
import { inviteCodeOf } from '@wallet/contract/rules';
import {
  MEMBER_VIEW_LATEST,
  type MemberLink,
  type MemberSearchResponse,
  type MemberViewResponse,
} from '@wallet/contract/http/console-members';
import type { MinorUnits } from '@wallet/contract/money';
import { fail } from '../../platform/errors';
import type { AccountsService, MemberSummary } from '../accounts/accounts.service';
import type { ChatService } from '../chat/chat.service';
import type { GamesService } from '../games/games.service';
import type { GrantsService } from '../promotions/engine/grants.service';
import { lastFour, type MemberContextService } from './member-context.service';

export interface MemberViewOptions {
  accounts: Pick<AccountsService, 'directory'>;
  memberContext: MemberContextService;
  games: { balancesOf: GamesService['accounts']['balancesOf'] };
  grants: Pick<GrantsService, 'historyOf'>;
  chat: Pick<ChatService, 'memberConversation'>;
}

const minor = (amount: bigint) => Number(amount) as MinorUnits;

/**
 * The console's members (docs/decisions/048): search, and the member view. Each part is read
 * through the module that owns it (accounts, games, promotions, chat) and the inbox's member
 * context; phone and bank numbers are masked here, by the staff member's role.
 */
export function createMemberViewService(options: MemberViewOptions) {
  const { directory } = options.accounts;

  return {
    /** `whole`: numbers whole (members.personal); else their last 4 digits. */
    async search(q: string, page: number, whole: boolean): Promise<Omit<MemberSearchResponse, 'pageSize'>> {
      const shown = whole ? (value: string) => value : lastFour;
      const found = await directory.search(q, page);
      return {
        total: found.total,
        page,
        members: found.members.map((member) => ({
          ...member,
          username: shown(member.username),
          bank: member.bank && { ...member.bank, accountNo: shown(member.bank.accountNo) },
          createdAt: member.createdAt.toISOString(),
        })),
      };
    },

    async of(memberId: number, locale: Locale, whole: boolean): Promise<MemberViewResponse> {
      const shown = whole ? (value: string) => value : lastFour;
      const link = (member: MemberSummary): MemberLink => ({
        id: member.id,
        username: shown(member.username),
        name: member.name,
        createdAt: member.createdAt.toISOString(),
      });
      // The context first, on its own: an unknown member stops there (NO_USER) before any other read.
      const context = await options.memberContext.of(memberId, locale, whole);
      const [status, games, grants, inviter, invitees, sessions, conversation] = await Promise.all([
        directory.statusOf(memberId),
        options.games.balancesOf(memberId),
        options.grants.historyOf(memberId, MEMBER_VIEW_LATEST),
        directory.inviterOf(memberId),
        directory.inviteesOf(memberId, MEMBER_VIEW_LATEST),
        directory.sessionsOf(memberId, MEMBER_VIEW_LATEST),
        options.chat.memberConversation(memberId),
      ]);
      return {
        context,
        status: status ?? fail('NO_USER', 404),
        inviteCode: inviteCodeOf(memberId),
        games: games.map((game) => ({ ...game, amount: minor(game.amount) })),
        grants: grants.map((grant) => ({
          id: grant.id,
          code: grant.terms.code,
          name: grant.terms.names[locale] || grant.terms.names.en,
          channel: grant.terms.channel,
          state: grant.state,
          deposit: minor(grant.deposit),
          bonus: minor(grant.bonus),
          requiredTurnover: minor(grant.requiredTurnover),
          turnoverDone: minor(grant.turnoverDone),
          claimedAt: grant.claimedAt.toISOString(),
          expiresAt: grant.expiresAt.toISOString(),
          closedAt: grant.closedAt?.toISOString() ?? null,
        })),
        inviter: inviter && link(inviter),
        invitees: { total: invitees.total, latest: invitees.latest.map(link) },
        sessions: sessions.map((session) => ({
          createdAt: session.createdAt.toISOString(),
          lastSeenAt: session.lastSeenAt.toISOString(),
          expiresAt: session.expiresAt.toISOString(),
          clientAddress: session.clientAddress,
          userAgent: session.userAgent,
        })),
        conversation,
      };
    },
  };
}

export type MemberViewService = ReturnType<typeof createMemberViewService>;

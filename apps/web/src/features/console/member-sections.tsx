import { MessagesSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MemberLink, MemberViewResponse } from '@wallet/contract/http/console-members';
import { turnoverPercent } from '../../components/turnover-progress';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { useStaffCan } from './console-api';
import { useConsoleTranslation } from './console-texts';
import { MemberCard } from './member-card';
import { MemberDetails } from './member-panel';

/** The member view's cards (decision 048); each reads its part of the view and shows only that. */

type Props = { view: MemberViewResponse };

const currencyOf = (view: MemberViewResponse) => view.context.wallet.currency;

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-mist-500">{children}</p>;
}

/** A list inside a card: rows split by a hairline. */
function Rows({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="divide-y divide-white/5 rounded-xl bg-ink-900">
      {children}
    </ul>
  );
}

/** The inbox's member panel, whole: profile, bank, wallet, latest deposits, withdrawals, slips. */
export function ProfileCard({ view }: Props) {
  const { t } = useConsoleTranslation();
  return (
    <MemberCard title={t('memberView.profile')}>
      <div className="-m-4">
        <MemberDetails context={view.context} />
      </div>
    </MemberCard>
  );
}

export function GamesCard({ view }: Props) {
  const { t } = useConsoleTranslation();
  const title = t('memberView.games');
  return (
    <MemberCard title={title}>
      {view.games.length === 0 ? (
        <Empty>{t('memberView.noGames')}</Empty>
      ) : (
        <Rows label={title}>
          {view.games.map((game) => (
            <li key={game.code} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="min-w-0 break-words">{game.name}</span>
              <span className="font-semibold tabular-nums">{formatMoney(game.amount, currencyOf(view))}</span>
            </li>
          ))}
        </Rows>
      )}
    </MemberCard>
  );
}

const GRANT_STYLE: Record<string, string> = {
  active: 'bg-gold-400/15 text-gold-300',
  completed: 'bg-mint-400/15 text-mint-400',
};

export function GrantsCard({ view }: Props) {
  const { t } = useConsoleTranslation();
  const title = t('memberView.grants');
  const money = (amount: number) => formatMoney(amount, currencyOf(view));
  return (
    <MemberCard title={title}>
      {view.grants.length === 0 ? (
        <Empty>{t('memberView.noGrants')}</Empty>
      ) : (
        <Rows label={title}>
          {view.grants.map((grant) => {
            const percent = turnoverPercent({ done: grant.turnoverDone, required: grant.requiredTurnover });
            return (
              <li key={grant.id} data-grant={grant.id} className="space-y-1 px-3 py-2 text-sm">
                <div className="flex items-start justify-between gap-2">
                  <span className="min-w-0 font-semibold break-words">{grant.name}</span>
                  <span
                    className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${GRANT_STYLE[grant.state] ?? 'bg-ink-700 text-mist-300'}`}
                  >
                    {t(`memberView.grantState.${grant.state}`)}
                  </span>
                </div>
                <p className="text-mist-300">
                  {t('memberView.bonusOf', { bonus: money(grant.bonus), deposit: money(grant.deposit) })}
                </p>
                <p className="tabular-nums">
                  {t('memberView.turnover', {
                    done: money(grant.turnoverDone),
                    required: money(grant.requiredTurnover),
                  })}
                </p>
                <div
                  role="progressbar"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  aria-label={grant.name}
                  className="h-1.5 overflow-hidden rounded-full bg-ink-700"
                >
                  <div className="h-full rounded-full bg-gold-400" style={{ width: `${percent}%` }} />
                </div>
                <p className="text-xs text-mist-500 tabular-nums">
                  {t('memberView.claimed', { date: formatDateTime(grant.claimedAt) })}
                </p>
              </li>
            );
          })}
        </Rows>
      )}
    </MemberCard>
  );
}

function PersonLine({ member }: { member: MemberLink }) {
  const { t } = useConsoleTranslation();
  return (
    <li className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
      <Link
        to={`/console/members/${member.id}`}
        className="min-w-0 break-words text-gold-300 hover:underline"
        aria-label={t('members.open', { name: member.name })}
      >
        {member.name}
        <span className="block text-xs text-mist-500 tabular-nums">{member.username}</span>
      </Link>
      <span className="shrink-0 text-xs text-mist-500 tabular-nums">{formatDate(member.createdAt)}</span>
    </li>
  );
}

export function ReferralsCard({ view }: Props) {
  const { t } = useConsoleTranslation();
  const { invitees, inviter } = view;
  const inviteesLabel = t('memberView.invitees', { count: invitees.total });
  return (
    <MemberCard title={t('memberView.referrals')}>
      <h3 className="mb-1.5 text-sm font-semibold text-mist-300">{t('memberView.invitedBy')}</h3>
      {inviter ? (
        <Rows label={t('memberView.invitedBy')}>
          <PersonLine member={inviter} />
        </Rows>
      ) : (
        <Empty>{t('memberView.invitedNobody')}</Empty>
      )}
      <h3 className="mt-4 mb-1.5 text-sm font-semibold text-mist-300">{inviteesLabel}</h3>
      {invitees.total === 0 ? (
        <Empty>{t('memberView.noInvitees')}</Empty>
      ) : (
        <>
          <Rows label={inviteesLabel}>
            {invitees.latest.map((member) => (
              <PersonLine key={member.id} member={member} />
            ))}
          </Rows>
          {invitees.total > invitees.latest.length ? (
            <p className="mt-1 text-xs text-mist-500">
              {t('memberView.inviteesShown', { shown: invitees.latest.length })}
            </p>
          ) : null}
        </>
      )}
    </MemberCard>
  );
}

export function SessionsCard({ view }: Props) {
  const { t } = useConsoleTranslation();
  const title = t('memberView.sessions');
  return (
    <MemberCard title={title}>
      {view.sessions.length === 0 ? (
        <Empty>{t('memberView.noSessions')}</Empty>
      ) : (
        <Rows label={title}>
          {view.sessions.map((session) => (
            <li key={`${session.createdAt}-${session.clientAddress}`} className="px-3 py-2 text-sm">
              <p className="font-medium break-all tabular-nums">{session.clientAddress}</p>
              <p className="text-xs break-words text-mist-400">
                {session.userAgent || t('memberView.unknownDevice')}
              </p>
              <p className="text-xs text-mist-500 tabular-nums">
                {t('memberView.lastSeen', { date: formatDateTime(session.lastSeenAt) })} ·{' '}
                {t('memberView.signedIn', { date: formatDateTime(session.createdAt) })}
              </p>
            </li>
          ))}
        </Rows>
      )}
    </MemberCard>
  );
}

export function ChatCard({ view }: Props) {
  const { t } = useConsoleTranslation();
  const canRead = useStaffCan('chat.read');
  const { conversation } = view;
  return (
    <MemberCard title={t('memberView.chat')}>
      {conversation === null ? (
        <Empty>{t('memberView.noChat')}</Empty>
      ) : (
        <div className="space-y-2 text-sm">
          <p>
            {t(`memberView.chatStatus.${conversation.status}`)}
            {conversation.lastMessageAt
              ? ` · ${t('memberView.lastMessage', { date: formatDateTime(conversation.lastMessageAt) })}`
              : ''}
          </p>
          {canRead ? (
            <Link
              to={`/console/chat/${conversation.id}`}
              className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-ink-700 px-4 font-semibold hover:bg-ink-600"
            >
              <MessagesSquare className="size-4" aria-hidden="true" />
              {t('memberView.openChat')}
            </Link>
          ) : null}
        </div>
      )}
    </MemberCard>
  );
}

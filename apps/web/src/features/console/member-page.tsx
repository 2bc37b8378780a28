import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { MemberViewResponse } from '@wallet/contract/http/console-members';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
import { errorCodeOf } from '../../lib/api-client';
import { errorText } from '../../lib/i18n';
import { useConsoleTranslation } from './console-texts';
import type { MemberSection } from './member-card';
import { ChatCard, GamesCard, GrantsCard, ProfileCard, ReferralsCard, SessionsCard } from './member-sections';
import { StatementCard } from './member-statement';
import { LockButton, NotesCard, RiskCard } from './member-actions';
import { EndBonusButton } from './member-bonus-end';
import { BankChangeButton } from './member-bank-change';
import { LimitsCard } from './member-limits';
import { useMemberView } from './members-api';
import { StatusBadge } from './members-page';

/**
 * The member view's cards, in order (decision 048). NOTE: a later section (notes and tags, risk
 * flags, the actions of members.manage) is one more entry here, with its key in MemberViewResponse.
 */
const SECTIONS: { key: string; Section: MemberSection; wide?: boolean; tall?: boolean }[] = [
  // Tall: the small cards fill the columns beside it instead of waiting below it.
  { key: 'profile', Section: ProfileCard, tall: true },
  { key: 'risk', Section: RiskCard },
  { key: 'notes', Section: NotesCard, tall: true },
  { key: 'limits', Section: LimitsCard },
  { key: 'games', Section: GamesCard },
  { key: 'grants', Section: GrantsCard },
  { key: 'referrals', Section: ReferralsCard },
  { key: 'sessions', Section: SessionsCard },
  { key: 'chat', Section: ChatCard },
  { key: 'statement', Section: StatementCard, wide: true },
];

/** /console/members/:memberId: everything the console shows of one member, as cards. */
export function MemberPage() {
  const { t } = useConsoleTranslation();
  const navigate = useNavigate();
  const memberId = Number(useParams().memberId);
  const view = useMemberView(memberId);

  const back = (
    <Button
      variant="ghost"
      className="-ml-3 px-3"
      icon={<ArrowLeft className="size-5" aria-hidden="true" />}
      // Back to the results the member was opened from, or to the search.
      onClick={() => {
        // React Router numbers its history entries: 0 is the first page this tab opened.
        const { idx } = (window.history.state ?? {}) as { idx?: number };
        if ((idx ?? 0) > 0) void navigate(-1);
        else void navigate('/console/members');
      }}
    >
      {t('memberView.back')}
    </Button>
  );

  let body: ReactNode;
  if (!Number.isSafeInteger(memberId) || memberId <= 0)
    body = <ErrorAlert>{t('memberView.notFound')}</ErrorAlert>;
  else if (view.isPending) body = <Loading />;
  else if (view.isError) {
    const code = errorCodeOf(view.error);
    body =
      code === 'NO_USER' ? (
        <ErrorAlert>{t('memberView.notFound')}</ErrorAlert>
      ) : (
        <ErrorAlert
          action={
            <Button variant="secondary" onClick={() => void view.refetch()}>
              {t('action.retry')}
            </Button>
          }
        >
          {errorText(code)}
        </ErrorAlert>
      );
  } else body = <MemberView view={view.data} />;

  return (
    <div className="mx-auto h-full max-w-7xl overflow-y-auto p-3 sm:p-6">
      {back}
      {body}
    </div>
  );
}

function MemberView({ view }: { view: MemberViewResponse }) {
  const { t } = useConsoleTranslation();
  const { member } = view.context;
  return (
    <>
      <header className="mt-2 mb-4 flex flex-wrap items-center gap-x-3 gap-y-1">
        <h1 className="min-w-0 text-xl font-bold break-words">{member.name}</h1>
        <StatusBadge status={view.status} />
        <span className="ml-auto flex flex-wrap gap-2">
          <EndBonusButton view={view} />
          <BankChangeButton view={view} />
          <LockButton view={view} />
        </span>
        <p className="w-full text-sm text-mist-400 tabular-nums">
          {t('members.id', { id: member.id })} · {t('memberView.inviteCode', { code: view.inviteCode })}
        </p>
      </header>
      <div
        aria-label={t('memberView.sections')}
        role="region"
        className="grid grid-flow-row-dense grid-cols-1 items-start gap-4 lg:grid-cols-2 xl:grid-cols-3"
      >
        {SECTIONS.map(({ key, Section, wide, tall }) => (
          <div
            key={key}
            className={wide ? 'lg:col-span-2 xl:col-span-3' : tall ? 'lg:row-span-3' : undefined}
          >
            <Section view={view} />
          </div>
        ))}
      </div>
    </>
  );
}

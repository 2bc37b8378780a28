import { Search, UserSearch } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  MEMBER_SEARCH_MIN_LENGTH,
  type MemberSearchResponse,
  type MemberSearchRow,
} from '@wallet/contract/http/console-members';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { TextField } from '../../components/ui/field';
import { Loading } from '../../components/ui/loading';
import { Pagination } from '../../components/ui/pagination';
import { errorCodeOf } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import { useConsoleTranslation } from './console-texts';
import { useMemberSearch } from './members-api';

/**
 * The members screen (decision 048): one search box for phone, name, bank account number, member
 * id or invite code; results newest first, 20 a page; each opens the member's view. The query and
 * page live in the address, so Back returns to the same results.
 */
export function MembersPage() {
  const { t } = useConsoleTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(q);
  const [error, setError] = useState<string | undefined>();
  const search = useMemberSearch(q, page);

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = typed.trim();
    if (next.length < MEMBER_SEARCH_MIN_LENGTH) {
      setError(t('members.tooShort'));
      return;
    }
    setError(undefined);
    setParams({ q: next });
  }

  return (
    <div className="mx-auto h-full max-w-6xl overflow-y-auto p-3 sm:p-6">
      <h1 className="mb-4 text-xl font-bold">{t('members.title')}</h1>
      <form role="search" onSubmit={submit} className="flex items-start gap-2" noValidate>
        <div className="min-w-0 flex-1">
          <TextField
            label={t('members.search')}
            hint={t('members.searchHint')}
            error={error}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            type="search"
            autoComplete="off"
            maxLength={64}
          />
        </div>
        <Button type="submit" className="mt-7" icon={<Search className="size-5" aria-hidden="true" />}>
          {t('members.searchButton')}
        </Button>
      </form>
      <div className="mt-5">
        {q.length < MEMBER_SEARCH_MIN_LENGTH ? (
          <EmptyState
            icon={UserSearch}
            title={t('members.startTitle')}
            text={t('members.startText')}
            className="py-10"
          />
        ) : search.isPending ? (
          <Loading />
        ) : search.isError ? (
          <ErrorAlert
            action={
              <Button variant="secondary" onClick={() => void search.refetch()}>
                {t('action.retry')}
              </Button>
            }
          >
            {errorText(errorCodeOf(search.error))}
          </ErrorAlert>
        ) : search.data.total === 0 ? (
          <EmptyState
            icon={UserSearch}
            title={t('members.noneTitle')}
            text={t('members.noneText', { q })}
            className="py-10"
          />
        ) : (
          <Results
            answer={search.data}
            loading={search.isFetching}
            onPage={(next) => setParams({ q, page: String(next) })}
          />
        )}
      </div>
    </div>
  );
}

function Results({
  answer,
  loading,
  onPage,
}: {
  answer: MemberSearchResponse;
  loading: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useConsoleTranslation();
  const pages = Math.ceil(answer.total / answer.pageSize);
  return (
    <div aria-busy={loading || undefined}>
      <p className="mb-2 text-sm text-mist-400" aria-live="polite">
        {t('members.count', { count: answer.total })}
      </p>
      {/* A table from 768 px; cards below, where a table's columns would be cut. */}
      <table aria-label={t('members.results')} className="hidden w-full text-left text-sm md:table">
        <thead className="text-xs text-mist-500">
          <tr>
            <th className="py-2 pr-3 font-medium">{t('members.column.member')}</th>
            <th className="py-2 pr-3 font-medium">{t('members.column.phone')}</th>
            <th className="py-2 pr-3 font-medium">{t('members.column.bank')}</th>
            <th className="py-2 pr-3 font-medium">{t('members.column.status')}</th>
            <th className="py-2 pr-3 font-medium">{t('members.column.since')}</th>
            <th className="py-2 font-medium">{t('members.column.matched')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5">
          {answer.members.map((member) => (
            <tr key={member.id} data-member={member.id}>
              <td className="py-2 pr-3">
                <MemberLink member={member} />
              </td>
              <td className="py-2 pr-3 tabular-nums">{member.username}</td>
              <td className="py-2 pr-3">
                <Bank member={member} />
              </td>
              <td className="py-2 pr-3">
                <StatusBadge status={member.status} />
              </td>
              <td className="py-2 pr-3 tabular-nums">{formatDate(member.createdAt)}</td>
              <td className="py-2">
                <Matched member={member} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul aria-label={t('members.results')} className="space-y-2 md:hidden">
        {answer.members.map((member) => (
          <li key={member.id} data-member={member.id} className="rounded-2xl bg-ink-800 p-3 text-sm">
            <div className="flex items-start justify-between gap-2">
              <MemberLink member={member} />
              <StatusBadge status={member.status} />
            </div>
            <p className="mt-1 tabular-nums">{member.username}</p>
            <Bank member={member} />
            <div className="mt-1 flex flex-wrap items-center justify-between gap-2 text-xs text-mist-500">
              <span className="tabular-nums">{formatDate(member.createdAt)}</span>
              <Matched member={member} />
            </div>
          </li>
        ))}
      </ul>
      <Pagination
        label={t('members.pagination')}
        page={answer.page}
        pages={pages}
        loading={loading}
        onPage={onPage}
        className="mt-4"
      />
    </div>
  );
}

function MemberLink({ member }: { member: MemberSearchRow }) {
  const { t } = useConsoleTranslation();
  return (
    <Link
      to={`/console/members/${member.id}`}
      aria-label={t('members.open', { name: member.name })}
      className="min-w-0 font-semibold break-words text-gold-300 hover:underline"
    >
      {member.name}
      <span className="block text-xs font-normal text-mist-500 tabular-nums">
        {t('members.id', { id: member.id })}
      </span>
    </Link>
  );
}

function Bank({ member }: { member: MemberSearchRow }) {
  if (!member.bank) return null;
  return (
    <span className="block min-w-0 break-words text-mist-300">
      {member.bank.bankCode} · <span className="tabular-nums">{member.bank.accountNo}</span>
    </span>
  );
}

export function StatusBadge({ status }: { status: MemberSearchRow['status'] }) {
  const { t } = useConsoleTranslation();
  return (
    <span
      className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${status === 'active' ? 'bg-mint-400/15 text-mint-400' : 'bg-rose-400/15 text-rose-400'}`}
    >
      {t(`members.status.${status}`)}
    </span>
  );
}

function Matched({ member }: { member: MemberSearchRow }) {
  const { t } = useConsoleTranslation();
  return (
    <span className="flex flex-wrap gap-1">
      {member.matched.map((key) => (
        <span key={key} className="rounded-md bg-ink-700 px-1.5 py-0.5 text-xs text-mist-300">
          {t(`members.key.${key}`)}
        </span>
      ))}
    </span>
  );
}

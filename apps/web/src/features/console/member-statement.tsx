import { useState } from 'react';
import { STATEMENT_TYPES } from '@wallet/contract/http/statement';
import { ErrorAlert } from '../../components/ui/alert';
import { SelectField } from '../../components/ui/field';
import { Loading } from '../../components/ui/loading';
import { Pagination } from '../../components/ui/pagination';
import { errorCodeOf } from '../../lib/api-client';
import { formatDateTime, formatMoney } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import { useConsoleTranslation } from './console-texts';
import { MemberCard, type MemberSection } from './member-card';
import { MoneyStatus } from './member-panel';
import { useMemberStatement } from './members-api';

/**
 * The member's whole statement, 20 a page, of one type or all: the member's own statement
 * service, read by staff (decision 048). A table from 768 px, rows of two lines below.
 */
export const StatementCard: MemberSection = ({ view }) => {
  const { t } = useConsoleTranslation();
  const memberId = view.context.member.id;
  const [type, setType] = useState('');
  const [page, setPage] = useState(1);
  const statement = useMemberStatement(memberId, page, type);
  const title = t('memberView.statement');

  let body;
  if (statement.isPending) body = <Loading />;
  else if (statement.isError) body = <ErrorAlert>{errorText(errorCodeOf(statement.error))}</ErrorAlert>;
  else if (statement.data.total === 0)
    body = <p className="text-sm text-mist-500">{t('memberView.noStatement')}</p>;
  else {
    const { statements, currency, total, pageSize } = statement.data;
    const typeOf = (value: string) => t(`statement.type.${value}`);
    body = (
      <div aria-busy={statement.isFetching || undefined}>
        <table aria-label={title} className="hidden w-full text-left text-sm md:table">
          <thead className="text-xs text-mist-500">
            <tr>
              <th className="py-2 pr-3 font-medium">{t('memberView.column.time')}</th>
              <th className="py-2 pr-3 font-medium">{t('memberView.column.type')}</th>
              <th className="py-2 pr-3 font-medium">{t('memberView.column.route')}</th>
              <th className="py-2 pr-3 text-right font-medium">{t('memberView.column.amount')}</th>
              <th className="py-2 font-medium">{t('memberView.column.status')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/5">
            {statements.map((row) => (
              <tr key={row.id} data-statement={row.id}>
                <td className="py-2 pr-3 tabular-nums">{formatDateTime(row.createdAt)}</td>
                <td className="py-2 pr-3">{typeOf(row.statementType)}</td>
                <td className="py-2 pr-3 text-mist-300">
                  {row.from} → {row.to}
                </td>
                <td className="py-2 pr-3 text-right font-semibold tabular-nums">
                  {formatMoney(row.amount, currency)}
                </td>
                <td className="py-2">
                  <MoneyStatus status={row.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul aria-label={title} className="divide-y divide-white/5 rounded-xl bg-ink-900 md:hidden">
          {statements.map((row) => (
            <li key={row.id} data-statement={row.id} className="flex items-center gap-2 px-3 py-2 text-sm">
              <span className="min-w-0 flex-1">
                <span className="block font-semibold tabular-nums">
                  {typeOf(row.statementType)} · {formatMoney(row.amount, currency)}
                </span>
                <span className="block truncate text-xs text-mist-500 tabular-nums">
                  {formatDateTime(row.createdAt)} · {row.from} → {row.to}
                </span>
              </span>
              <MoneyStatus status={row.status} />
            </li>
          ))}
        </ul>
        <Pagination
          label={t('memberView.statementPages')}
          page={page}
          pages={Math.ceil(total / pageSize)}
          loading={statement.isFetching}
          onPage={setPage}
          className="mt-3"
        />
      </div>
    );
  }

  return (
    <MemberCard title={title}>
      <div className="mb-3 max-w-xs">
        <SelectField
          label={t('memberView.statementType')}
          placeholder={t('memberView.allTypes')}
          value={type}
          onChange={(event) => {
            setType(event.target.value);
            setPage(1);
          }}
          options={STATEMENT_TYPES.map((value) => ({ value, label: t(`statement.type.${value}`) }))}
        />
      </div>
      {body}
    </MemberCard>
  );
};

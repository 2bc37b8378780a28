import { useState, type FormEvent } from 'react';
import type { MemberViewResponse } from '@wallet/contract/http/console-members';
import {
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type LimitView,
  type StaffLimitsUpdate,
} from '@wallet/contract/http/limits';
import { parseMajorAmount, type Currency } from '@wallet/contract/money';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { AmountField, SelectField } from '../../components/ui/field';
import { Loading } from '../../components/ui/loading';
import { useToast } from '../../components/ui/toast';
import { errorCodeOf } from '../../lib/api-client';
import { formatDateTime, formatMoney } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import { useStaffCan } from './console-api';
import { useConsoleTranslation } from './console-texts';
import { MemberCard } from './member-card';
import { useMemberLimits, useTightenLimits } from './member-limits-api';

const NONE = { day: null, week: null, month: null };
const EXCLUSIONS = { m6: 6, m12: 12, m60: 60, forever: null } as const;
type ExclusionKey = keyof typeof EXCLUSIONS;
const TIMEOUTS = { d1: 1, d7: 7, d30: 30, d42: 42 } as const;
type TimeoutKey = keyof typeof TIMEOUTS;

/** An amount of the history as text: minor units read as money of the member's, none as "none". */
const amountOf = (value: string | null, none: string, currency: Currency) =>
  value !== null && /^\d+$/.test(value) ? formatMoney(Number(value), currency) : none;

/** One limit as staff read it: the value, what the period used, a loosening the member asked. */
function LimitCell({ limit, currency }: { limit: LimitView; currency: Currency }) {
  const { t } = useConsoleTranslation();
  const used = formatMoney(limit.used, currency);
  return (
    <td className="px-2 py-1.5 align-top">
      <span className="block tabular-nums">
        {limit.value === null
          ? `${t('memberLimits.none')} · ${t('memberLimits.usedOnly', { used })}`
          : t('memberLimits.usedOf', { used, limit: formatMoney(limit.value, currency) })}
      </span>
      {limit.pending ? (
        <span className="block text-xs text-gold-300">
          {limit.pending.value === null
            ? t('memberLimits.removal', { date: formatDateTime(limit.pending.from) })
            : t('memberLimits.pending', {
                value: formatMoney(limit.pending.value, currency),
                date: formatDateTime(limit.pending.from),
              })}
        </span>
      ) : null}
    </td>
  );
}

/**
 * The member's play limits on the member view (issue 29): limits and usage, a time-out or
 * self-exclusion, the history; staff with members.manage lower a limit or start a time-out or a
 * self-exclusion, never loosen one (the server refuses that too).
 */
export function LimitsCard({ view }: { view: MemberViewResponse }) {
  const { t } = useConsoleTranslation();
  const toast = useToast();
  const memberId = view.context.member.id;
  // The member's limits are in their wallet's currency (a kip member's in whole kip).
  const currency = view.context.wallet.currency;
  const limits = useMemberLimits(memberId);
  const { lower, timeout, exclude } = useTightenLimits(memberId);
  const mayManage = useStaffCan('members.manage');
  const [which, setWhich] = useState('deposit.day');
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [days, setDays] = useState<TimeoutKey | ''>('');
  const [months, setMonths] = useState<ExclusionKey | ''>('');
  const [confirming, setConfirming] = useState<'timeout' | 'exclude' | null>(null);

  if (limits.isPending) return <MemberCard title={t('memberLimits.title')}>{<Loading />}</MemberCard>;
  if (limits.isError)
    return (
      <MemberCard title={t('memberLimits.title')}>
        <p className="text-sm text-rose-400">{errorText(errorCodeOf(limits.error))}</p>
      </MemberCard>
    );
  const { limits: state, history } = limits.data;
  /** What a history row changed, for a limit: "Deposit · Day: ฿1,000.00 → ฿250.00". */
  const changeOf = (event: (typeof history)[number]) => {
    const none = t('memberLimits.none');
    if (event.kind === null || event.period === null)
      return event.after ? ` · ${formatDateTime(event.after)}` : '';
    return ` · ${t(`memberLimits.${event.kind}`)} · ${t(`memberLimits.${event.period}`)}: ${amountOf(event.before, none, currency)} → ${amountOf(event.after, none, currency)}`;
  };

  async function submitLower(event: FormEvent) {
    event.preventDefault();
    const minor = parseMajorAmount(amount.trim(), currency);
    setInvalid(minor === null || minor <= 0);
    if (minor === null || minor <= 0) return;
    const [kind, period] = which.split('.') as ['deposit' | 'loss', 'day' | 'week' | 'month'];
    const body: StaffLimitsUpdate = { deposit: { ...NONE }, loss: { ...NONE } };
    body[kind][period] = minor;
    try {
      await lower.mutateAsync(body);
      setAmount('');
      toast.show('success', t('memberLimits.lowered'));
    } catch (error) {
      toast.show('error', errorText(errorCodeOf(error)));
    }
  }

  return (
    <MemberCard title={t('memberLimits.title')}>
      <div className="space-y-4 text-sm">
        <table className="w-full text-left">
          <thead className="text-xs text-mist-400">
            <tr>
              <th className="px-2 py-1 font-medium" />
              {LIMIT_PERIODS.map((period) => (
                <th key={period} className="px-2 py-1 font-medium">
                  {t(`memberLimits.${period}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {LIMIT_KINDS.map((kind) => (
              <tr key={kind} className="border-t border-white/5">
                <th className="px-2 py-1.5 align-top font-medium">{t(`memberLimits.${kind}`)}</th>
                {LIMIT_PERIODS.map((period) => (
                  <LimitCell key={period} limit={state[kind][period]} currency={currency} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="font-medium">
          {state.selfExclusion
            ? state.selfExclusion.until === null
              ? t('memberLimits.excludedForever')
              : t('memberLimits.excluded', { date: formatDateTime(state.selfExclusion.until) })
            : state.timeout
              ? t('memberLimits.timeout', { date: formatDateTime(state.timeout.until) })
              : t('memberLimits.free')}
        </p>
        {mayManage ? (
          <>
            <form noValidate onSubmit={(event) => void submitLower(event)} className="space-y-2">
              <p className="text-xs text-mist-400">{t('memberLimits.tightenOnly')}</p>
              {/* NOTE: the card is one column of three at 1280: the kind and period get a line of
                  their own, or the select cuts them to "Deposit ...". */}
              <SelectField
                label={t('memberLimits.kind')}
                placeholder={t('memberLimits.kind')}
                value={which}
                onChange={(event) => setWhich(event.target.value)}
                options={LIMIT_KINDS.flatMap((kind) =>
                  LIMIT_PERIODS.map((period) => ({
                    value: `${kind}.${period}`,
                    label: `${t(`memberLimits.${kind}`)} · ${t(`memberLimits.${period}`)}`,
                  })),
                )}
              />
              <div className="grid grid-cols-[1fr_auto] items-end gap-2">
                <AmountField
                  label={`${t('memberLimits.amount')} · ${t(`settings.currency.${currency}`)}`}
                  value={amount}
                  onChange={(event) => setAmount(event.target.value)}
                  error={invalid ? t('memberLimits.invalid') : undefined}
                />
                <Button type="submit" variant="secondary" loading={lower.isPending}>
                  {t('memberLimits.lowerButton')}
                </Button>
              </div>
            </form>
            <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
              <SelectField
                label={t('memberLimits.timeoutStart')}
                placeholder={t('memberLimits.months')}
                value={days}
                onChange={(event) => setDays(event.target.value as TimeoutKey | '')}
                options={(Object.keys(TIMEOUTS) as TimeoutKey[]).map((key) => ({
                  value: key,
                  label: t(`memberLimits.${key}`),
                }))}
              />
              <Button variant="secondary" disabled={days === ''} onClick={() => setConfirming('timeout')}>
                {t('memberLimits.timeoutButton')}
              </Button>
            </div>
            <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
              <SelectField
                label={t('memberLimits.exclude')}
                placeholder={t('memberLimits.months')}
                value={months}
                onChange={(event) => setMonths(event.target.value as ExclusionKey | '')}
                options={(Object.keys(EXCLUSIONS) as ExclusionKey[]).map((key) => ({
                  value: key,
                  label: t(`memberLimits.${key}`),
                }))}
              />
              <Button variant="danger" disabled={months === ''} onClick={() => setConfirming('exclude')}>
                {t('memberLimits.excludeButton')}
              </Button>
            </div>
          </>
        ) : null}
        <div>
          <h3 className="mb-1 text-xs font-semibold text-mist-400">{t('memberLimits.history')}</h3>
          {history.length === 0 ? (
            <p className="text-mist-400">{t('memberLimits.noHistory')}</p>
          ) : (
            <ul className="max-h-48 space-y-1 overflow-y-auto">
              {history.slice(0, 20).map((event, index) => (
                <li key={`${event.at}-${index}`} className="flex gap-2 text-xs">
                  <span className="shrink-0 text-mist-400 tabular-nums">{formatDateTime(event.at)}</span>
                  <span className="min-w-0 break-words">
                    {t(`memberLimits.events.${event.what.replace(/\./g, '_')}`, { defaultValue: event.what })}{' '}
                    · {event.staff?.username ?? t('memberLimits.byMember')}
                    {changeOf(event)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={confirming === 'timeout'}
        onClose={() => setConfirming(null)}
        title={t('memberLimits.timeoutStart')}
        confirmLabel={t('memberLimits.timeoutButton')}
        cancelLabel={t('memberLimits.cancel')}
        tone="danger"
        pending={timeout.isPending}
        onConfirm={() => {
          if (days === '') return;
          timeout.mutate(TIMEOUTS[days], {
            onSuccess: () => {
              setConfirming(null);
              toast.show('success', t('memberLimits.timedOutDone'), { after: 'close' });
            },
            onError: (error) => toast.show('error', errorText(errorCodeOf(error)), { after: 'close' }),
          });
        }}
      >
        <p>
          {t('memberLimits.timeoutConfirm', {
            id: memberId,
            length: days === '' ? '' : t(`memberLimits.${days}`),
          })}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'exclude'}
        onClose={() => setConfirming(null)}
        title={t('memberLimits.exclude')}
        confirmLabel={t('memberLimits.excludeButton')}
        cancelLabel={t('memberLimits.cancel')}
        tone="danger"
        pending={exclude.isPending}
        onConfirm={() => {
          if (months === '') return;
          exclude.mutate(EXCLUSIONS[months], {
            onSuccess: () => {
              setConfirming(null);
              toast.show('success', t('memberLimits.excludedDone'), { after: 'close' });
            },
            onError: (error) => toast.show('error', errorText(errorCodeOf(error)), { after: 'close' }),
          });
        }}
      >
        <p>
          {t('memberLimits.excludeConfirm', {
            id: memberId,
            length: months === '' ? '' : t(`memberLimits.${months}`),
          })}
        </p>
      </ConfirmDialog>
    </MemberCard>
  );
}

import { Info, Wallet } from 'lucide-react';
import { useId, useState } from 'react';
import { PAGE_SIZE } from '@wallet/contract/constants';
import type { RefundCheckResponse, RefundInfo, RefundState } from '@wallet/contract/http/rewards';
import type { Currency } from '@wallet/contract/money';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { HistoryEmpty, PagedHistory } from '../../components/ui/paged-history';
import { useToast } from '../../components/ui/toast';
import { errorCodeOf } from '../../lib/api-client';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import { useRewardsTranslation } from '../../lib/rewards-texts';
import { useSingleSubmit } from '../../lib/single-submit';
import { GrantConfirmDialog, percentText, TermRows } from './grant-terms';
import { QueryFallback } from './query-fallback';
import { useReceiveRefund, useRefundCheck, useRefundList, useRefundToWallet } from './rewards-api';

/**
 * A period as the member reads it: one date for a day, "first – last" for a week. The end is the
 * instant the period closed, so its last day is the one just before. A period that does not
 * close at midnight (the operator's closing hour) shows its hours too.
 */
export function periodText(start: string, end: string): string {
  const from = new Date(start);
  const to = new Date(end);
  const atMidnight = (date: Date) => date.getHours() === 0 && date.getMinutes() === 0;
  if (!atMidnight(from) || !atMidnight(to)) {
    // DD/MM/YYYY HH:mm: the seconds of a closing hour say nothing.
    return `${formatDateTime(start).slice(0, 16)} – ${formatDateTime(end).slice(0, 16)}`;
  }
  const first = formatDate(start);
  const last = formatDate(new Date(Math.max(from.getTime(), to.getTime() - 1)).toISOString());
  return first === last ? first : `${first} – ${last}`;
}

const STATE_STYLE: Record<RefundState, string> = {
  ready: 'bg-gold-400/15 text-gold-300',
  received: 'bg-mint-400/15 text-mint-400',
  below_minimum: 'bg-white/10 text-mist-300',
  counting: 'bg-amber-400/15 text-amber-400',
  none: 'bg-white/10 text-mist-300',
};

/**
 * The loss refund dialog (spec sections 2, 3, 4 and 7, Refund): the last closed period and its
 * refund with a receive button, the refund balance with "refund to wallet", the terms and the
 * refunds received. Receiving waits while a bonus runs; the check is asked again after each
 * receive, whatever its answer.
 */
export function RefundDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useRewardsTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('refund.title')}>
      {open ? <RefundContent /> : null}
    </Dialog>
  );
}

function RefundContent() {
  const check = useRefundCheck();

  if (!check.data) return <QueryFallback query={check} />;
  return <RefundView check={check.data} />;
}

function RefundView({ check }: { check: RefundCheckResponse }) {
  const { t } = useRewardsTranslation();
  const toast = useToast();
  const receive = useReceiveRefund();
  const toWallet = useRefundToWallet();
  const once = useSingleSubmit();
  const [confirming, setConfirming] = useState(false);
  const format = (minor: number) => formatMoney(minor, check.currency);

  // Why nothing can be received or moved now: the refund is closed, or a bonus runs. The bonus is
  // named only when it holds something back (right after a refund to wallet it is that refund).
  const waiting = check.refundAmount > 0 || check.info?.state === 'ready';
  const blocked = !check.active
    ? errorText('REFUND_INACTIVE')
    : check.bonus && waiting
      ? t('refund.bonusNote')
      : null;

  const doReceive = () =>
    once(async () => {
      try {
        const { received } = await receive.mutateAsync();
        toast.show('success', t('refund.receiveDone', { amount: format(received) }));
      } catch (error) {
        toast.show('error', errorText(errorCodeOf(error)));
      }
    });

  const doMove = () =>
    once(async () => {
      try {
        const { credited } = await toWallet.mutateAsync();
        toast.show('success', t('refund.wallet.done', { amount: format(credited) }), { after: 'close' });
      } catch (error) {
        toast.show('error', errorText(errorCodeOf(error)), { after: 'close' });
      } finally {
        setConfirming(false);
      }
    });

  return (
    <div className="space-y-5">
      {blocked ? (
        <p className="flex gap-2.5 rounded-xl bg-amber-400/10 px-4 py-3 text-sm text-amber-300">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{blocked}</span>
        </p>
      ) : null}
      <LastPeriod
        check={check}
        blocked={blocked !== null}
        receiving={receive.isPending}
        onReceive={doReceive}
      />

      <section className="rounded-xl bg-ink-900 px-4 py-3">
        <div className="flex items-center gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-gold-400/15 text-gold-300">
            <Wallet className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0 flex-1">
            <h3 className="text-sm leading-snug text-mist-300">{t('refund.balance.title')}</h3>
            <p data-refund-balance className="text-xl leading-snug font-bold text-gold-300 tabular-nums">
              {format(check.refundAmount)}
            </p>
          </div>
        </div>
        <p className="mt-2 text-xs text-mist-400">{t('refund.balance.text')}</p>
        {check.refundAmount > 0 ? (
          <Button
            block
            // The next step once the period's refund is in: the main button then.
            variant={check.result ? 'secondary' : 'primary'}
            className="mt-3"
            disabled={blocked !== null}
            onClick={() => setConfirming(true)}
          >
            {t('refund.wallet.button')}
          </Button>
        ) : null}
      </section>

      {check.info ? <RefundTerms info={check.info} currency={check.currency} /> : null}
      <RefundHistory currency={check.currency} />

      <GrantConfirmDialog
        open={confirming}
        title={t('refund.wallet.title')}
        amountLabel={t('refund.wallet.amount')}
        confirmLabel={t('refund.wallet.confirm')}
        pending={toWallet.isPending}
        onConfirm={doMove}
        onClose={() => setConfirming(false)}
        amount={check.refundAmount}
        currency={check.currency}
        turnoverMultiple={check.turnoverMultiple}
        success={check.refundSuccess}
        fail={check.refundFail}
      />
    </div>
  );
}

/** The last closed period: its days, loss and refund, where it stands, and the receive button. */
function LastPeriod({
  check,
  blocked,
  receiving,
  onReceive,
}: {
  check: RefundCheckResponse;
  blocked: boolean;
  receiving: boolean;
  onReceive: () => void;
}) {
  const { t } = useRewardsTranslation();
  const titleId = useId();
  const info = check.info;
  const format = (minor: number) => formatMoney(minor, check.currency);

  if (!info) {
    return (
      <section aria-labelledby={titleId} className="space-y-2">
        <h3 id={titleId} className="text-sm font-medium text-mist-300">
          {t('refund.last.title')}
        </h3>
        <p className="rounded-xl bg-ink-900 px-4 py-4 text-center text-sm text-mist-400">
          {t('refund.last.noPeriod')}
        </p>
      </section>
    );
  }

  // Why the button waits, when no bonus or closed refund says it already.
  const note =
    blocked || check.result
      ? null
      : info.state === 'ready'
        ? errorText(check.reason ?? 'NO_REFUND')
        : t(`refund.last.note.${info.state}`, { minimum: format(info.minimum) });

  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <div className="flex items-center justify-between gap-3">
        <h3 id={titleId} className="text-sm font-medium text-mist-300">
          {t('refund.last.title')}
        </h3>
        <span
          data-refund-state={info.state}
          className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium ${STATE_STYLE[info.state]}`}
        >
          {t(`refund.last.state.${info.state}`)}
        </span>
      </div>
      <TermRows
        rows={[
          [t(`refund.last.period.${info.period}`), periodText(info.periodStart, info.periodEnd)],
          [t('refund.last.loss'), format(info.loss)],
          [
            t('refund.last.amount'),
            <span key="amount" className="text-gold-300">
              {format(info.amount)}
            </span>,
          ],
        ]}
      />
      {note ? <p className="text-sm text-mist-400">{note}</p> : null}
      <Button
        block
        // Received is done, not an action waiting: it does not look like the main button.
        variant={info.state === 'received' ? 'secondary' : 'primary'}
        loading={receiving}
        disabled={blocked || !check.result || info.state === 'received'}
        onClick={onReceive}
      >
        {info.state === 'received' ? t('refund.last.receivedButton') : t('refund.last.receive')}
      </Button>
    </section>
  );
}

/** How the refund is worked out, and when the current period closes. */
function RefundTerms({ info, currency }: { info: RefundInfo; currency: Currency }) {
  const { t } = useRewardsTranslation();
  const titleId = useId();
  const format = (minor: number) => formatMoney(minor, currency);
  const games = info.categories.map((category) => t(`refund.category.${category}`)).join(', ');
  return (
    <section aria-labelledby={titleId} className="space-y-2">
      <h3 id={titleId} className="text-sm font-medium text-mist-300">
        {t('refund.terms.title')}
      </h3>
      <TermRows
        rows={[
          [
            t('refund.terms.rate'),
            t(`refund.terms.rateText.${info.period}`, { percent: percentText(info.percent) }),
          ],
          [t('refund.terms.cap'), info.cap > 0 ? format(info.cap) : t('refund.terms.noCap')],
          [
            t('refund.terms.minimum'),
            info.minimum > 0
              ? t('refund.terms.minimumText', { amount: format(info.minimum) })
              : t('refund.terms.noMinimum'),
          ],
          ...(games ? ([[t('refund.terms.games'), games]] as [string, string][]) : []),
          // DD/MM/YYYY HH:mm: a closing hour's seconds say nothing.
          [t('refund.terms.nextClose'), formatDateTime(info.nextCloseAt).slice(0, 16)],
        ]}
      />
    </section>
  );
}

/** The refunds received, 10 a page; a failed read shows nothing (spec section 8: silent). */
function RefundHistory({ currency }: { currency: Currency }) {
  const { t } = useRewardsTranslation();
  const [page, setPage] = useState(1);
  const list = useRefundList(page);
  const format = (minor: number) => formatMoney(minor, currency);
  return (
    <PagedHistory
      layout="list"
      title={t('refund.history.title')}
      page={page}
      onPage={setPage}
      pageSize={PAGE_SIZE.refund}
      rows={list.data?.refunds}
      query={list}
      paginationLabel={t('refund.history.pagination')}
      empty={<HistoryEmpty>{t('refund.history.empty')}</HistoryEmpty>}
      renderRow={(row, index) => (
        <li key={`${row.createdAt}-${index}`} className="flex items-start gap-3 py-2.5">
          <div className="min-w-0 flex-1">
            <p className="text-[15px] font-medium tabular-nums">
              {periodText(row.periodStart, row.periodEnd)}
            </p>
            <p className="text-xs text-mist-400">{t('refund.history.loss', { amount: format(row.loss) })}</p>
            <p className="text-xs text-mist-400 tabular-nums">{formatDateTime(row.createdAt)}</p>
          </div>
          <p className="shrink-0 text-[15px] font-semibold text-mint-400 tabular-nums">
            +{format(row.refundAmount)}
          </p>
        </li>
      )}
    />
  );
}

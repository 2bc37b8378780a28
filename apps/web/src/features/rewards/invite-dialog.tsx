import { Info, Share2 } from 'lucide-react';
import { Fragment, useId, useState } from 'react';
import { PAGE_SIZE } from '@wallet/contract/constants';
import type { InviteSummaryResponse } from '@wallet/contract/http/rewards';
import { CopyButton } from '../../components/copy-button';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { HistoryEmpty, PagedHistory } from '../../components/ui/paged-history';
import { formatDateTime, formatMoney } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import { useRewardsTranslation } from '../../lib/rewards-texts';
import { percentText, TermRows } from './grant-terms';
import { inviteLink } from './invite-link';
import { QrCode } from '../../components/qr-code';
import { QueryFallback } from './query-fallback';
import { useInviteList, useInviteSummary } from './rewards-api';

/**
 * The invite dialog (spec sections 2, 3 and 7, Invite): the member's invite link with copy,
 * share and a QR code, the invite bonus in numbers and words, and the commission earned.
 */
export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useRewardsTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('invite.title')}>
      {open ? <InviteContent /> : null}
    </Dialog>
  );
}

function InviteContent() {
  const summary = useInviteSummary();

  if (!summary.data) return <QueryFallback query={summary} />;
  const data = summary.data;

  return (
    <div className="space-y-5">
      {data.active ? null : (
        <p className="flex gap-2.5 rounded-xl bg-amber-400/10 px-4 py-3 text-sm text-amber-300">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{errorText('INVITE_INACTIVE')}</span>
        </p>
      )}
      <InviteLink code={data.inviteCode} />
      <InviteSummary summary={data} />
      <InviteHistory currency={data.currency} />
    </div>
  );
}

/** The link to share, its QR code, a copy button, and the phone's own share sheet where it has one. */
function InviteLink({ code }: { code: string }) {
  const { t } = useRewardsTranslation();
  const linkTitle = useId();
  const link = inviteLink(window.location.origin, code);
  // Where the link may break on a narrow phone: after the site, and before "?code=".
  const url = new URL(link);
  const parts = [`${url.origin}/`, url.pathname.slice(1), url.search];
  const canShare = typeof navigator.share === 'function';

  async function share() {
    try {
      await navigator.share({ title: t('invite.shareTitle'), text: t('invite.shareText'), url: link });
    } catch {
      // The member closed the share sheet, or the browser refused: nothing to say.
    }
  }

  return (
    <section aria-labelledby={linkTitle} className="space-y-3">
      <h3 id={linkTitle} className="text-sm font-medium text-mist-300">
        {t('invite.link')}
      </h3>
      <div className="flex flex-col items-center gap-2 rounded-xl bg-ink-900 px-4 py-4">
        <QrCode text={link} label={t('invite.qr')} />
        <p className="text-center text-xs text-mist-400">{t('invite.qrHint')}</p>
      </div>
      <div className="flex items-center gap-1 rounded-xl border border-white/10 bg-ink-900 py-1 pr-1 pl-3">
        {/* Never broken inside the code: only a site name too long for a line breaks anywhere. */}
        <p className="min-w-0 flex-1 text-sm [overflow-wrap:anywhere] text-snow" data-invite-link>
          {parts.map((part, index) => (
            <Fragment key={index}>
              {index > 0 ? <wbr /> : null}
              {part}
            </Fragment>
          ))}
        </p>
        <CopyButton text={link} label={t('invite.copy')} />
      </div>
      <p className="text-sm text-mist-300">
        {t('invite.code')} <span className="font-semibold tracking-wide text-gold-300">{code}</span>
      </p>
      {canShare ? (
        <Button
          block
          variant="secondary"
          icon={<Share2 className="size-4" aria-hidden="true" />}
          onClick={() => void share()}
        >
          {t('invite.share')}
        </Button>
      ) : null}
    </section>
  );
}

/** What can be received now, what was earned, and the terms in words. */
function InviteSummary({ summary }: { summary: InviteSummaryResponse }) {
  const { t } = useRewardsTranslation();
  const summaryTitle = useId();
  const money = (minor: number) => formatMoney(minor, summary.currency);
  return (
    <section aria-labelledby={summaryTitle} className="space-y-2">
      <h3 id={summaryTitle} className="text-sm font-medium text-mist-300">
        {t('invite.summary.title')}
      </h3>
      <div className="grid grid-cols-2 gap-2">
        <div className="min-w-0 rounded-xl bg-gold-400/10 px-3 py-2.5">
          <p className="text-xs text-mist-300">{t('invite.summary.claimable')}</p>
          <p className="text-lg font-bold break-all text-gold-300 tabular-nums">{money(summary.amount)}</p>
        </div>
        <div className="min-w-0 rounded-xl bg-ink-900 px-3 py-2.5">
          <p className="text-xs text-mist-300">{t('invite.summary.earned')}</p>
          <p className="text-lg font-bold break-all tabular-nums">{money(summary.earned)}</p>
        </div>
      </div>
      {summary.active && summary.amount > 0 ? (
        <p className="text-xs text-mist-400">{t('invite.summary.receiveHint')}</p>
      ) : null}
      <TermRows
        rows={[
          [t('invite.summary.invitees'), String(summary.invitees)],
          [
            t('invite.summary.rule'),
            t(`invite.summary.ruleText.${summary.rule}`, { percent: percentText(summary.percent) }),
          ],
          [
            t('invite.summary.minimum'),
            summary.minimumClaim > 0 ? money(summary.minimumClaim) : t('invite.summary.noMinimum'),
          ],
          [
            t('invite.summary.dailyCap'),
            summary.dailyCap > 0 ? money(summary.dailyCap) : t('invite.summary.noCap'),
          ],
          [
            t('grant.turnover'),
            summary.turnoverMultiple > 0
              ? t('grant.turnoverTimes', { multiple: summary.turnoverMultiple })
              : t('grant.noTurnover'),
          ],
          [t('grant.kept'), t('grant.keptText', { percent: percentText(summary.success) })],
          [t('grant.lost'), t('grant.lostText', { percent: percentText(summary.fail) })],
        ]}
      />
    </section>
  );
}

/** The commission earned, 10 a page; a failed read shows nothing (spec section 8: silent). */
function InviteHistory({ currency }: { currency: InviteSummaryResponse['currency'] }) {
  const { t } = useRewardsTranslation();
  const [page, setPage] = useState(1);
  const list = useInviteList(page);
  return (
    <PagedHistory
      layout="list"
      title={t('invite.history.title')}
      page={page}
      onPage={setPage}
      pageSize={PAGE_SIZE.invite}
      rows={list.data?.invites}
      query={list}
      paginationLabel={t('invite.history.pagination')}
      empty={<HistoryEmpty>{t('invite.history.empty')}</HistoryEmpty>}
      renderRow={(row, index) => (
        <li key={`${row.createdAt}-${index}`} className="flex items-start gap-3 py-2.5">
          <div className="min-w-0 flex-1">
            <p className="truncate text-[15px] font-medium">{row.from.name}</p>
            <p className="text-xs text-mist-400">{t(`invite.history.source.${row.source}`)}</p>
            <p className="text-xs text-mist-400 tabular-nums">{formatDateTime(row.createdAt)}</p>
          </div>
          <p className="shrink-0 text-[15px] font-semibold text-mint-400 tabular-nums">
            +{formatMoney(row.amount, currency)}
          </p>
        </li>
      )}
    />
  );
}

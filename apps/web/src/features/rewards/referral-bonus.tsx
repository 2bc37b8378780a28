import { Users } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { errorCodeOf } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import { useRewardsTranslation } from '../../lib/rewards-texts';
import { useSingleSubmit } from '../../lib/single-submit';
import { GrantConfirmDialog } from './grant-terms';
import { useClaimInvite, useInviteSummary } from './rewards-api';

/**
 * The referral bonus on home (spec section 1): the commission collected and its receive button,
 * shown while the invite bonus is active. Receive asks first (the invite bonus claim confirm of
 * spec section 2): the amount, its turnover and both percents. A refusal is a danger toast with
 * the code's text (spec section 8).
 */
export function ReferralBonus() {
  const { t } = useRewardsTranslation();
  const toast = useToast();
  const summary = useInviteSummary();
  const claim = useClaimInvite();
  const once = useSingleSubmit();
  const [confirming, setConfirming] = useState(false);

  const data = summary.data;
  // While the summary loads: a card of the same height (as a member with nothing to receive yet
  // sees it, its hint line shown), so what is below does not jump when it arrives (CLS, issue 15).
  if (summary.isPending) return <ReferralPlaceholder />;
  // Nothing to show when closed; a failed read stays silent on home.
  if (!data?.active) return null;
  const format = (minor: number) => formatMoney(minor, data.currency);
  // Below the minimum the server answers INVITE_COLLECT: say so before, rather than after a tap.
  const canReceive = data.amount > 0 && data.amount >= data.minimumClaim;
  const hint =
    data.amount === 0
      ? t('invite.home.none')
      : canReceive
        ? null
        : t('invite.home.minimum', { amount: format(data.minimumClaim) });

  const receive = () =>
    once(async () => {
      try {
        const { credited } = await claim.mutateAsync();
        toast.show('success', t('invite.claim.done', { amount: format(credited) }), { after: 'close' });
      } catch (error) {
        toast.show('error', errorText(errorCodeOf(error)), { after: 'close' });
      } finally {
        setConfirming(false);
      }
    });

  return (
    <section aria-label={t('invite.home.label')} className="card mt-3 px-4 py-3">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-gold-400/15 text-gold-300">
          <Users className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm leading-snug text-mist-300">{t('invite.home.label')}</p>
          <p data-referral-amount className="text-lg leading-snug font-bold text-gold-300 tabular-nums">
            {format(data.amount)}
          </p>
        </div>
        <Button className="px-4 text-sm" disabled={!canReceive} onClick={() => setConfirming(true)}>
          {t('invite.home.receive')}
        </Button>
      </div>
      {/* Under the amount, across the rest of the card: a Thai or Lao line does not squeeze the amount. */}
      {hint ? <p className="mt-1 pl-[3.25rem] text-xs leading-snug text-mist-400">{hint}</p> : null}
      <GrantConfirmDialog
        open={confirming}
        title={t('invite.claim.title')}
        amountLabel={t('invite.claim.amount')}
        confirmLabel={t('invite.claim.confirm')}
        pending={claim.isPending}
        onConfirm={receive}
        onClose={() => setConfirming(false)}
        amount={data.amount}
        currency={data.currency}
        turnoverMultiple={data.turnoverMultiple}
        success={data.success}
        fail={data.fail}
      />
    </section>
  );
}

/** The referral card's outline, with its texts laid out but not shown. */
function ReferralPlaceholder() {
  const { t } = useRewardsTranslation();
  return (
    <div aria-hidden="true" data-referral-placeholder className="card mt-3 animate-pulse px-4 py-3">
      <div className="invisible flex items-center gap-3">
        <span className="size-10 shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="text-sm leading-snug">{t('invite.home.label')}</p>
          <p className="text-lg leading-snug font-bold">0</p>
        </div>
        <Button className="px-4 text-sm" disabled tabIndex={-1}>
          {t('invite.home.receive')}
        </Button>
      </div>
      <p className="invisible mt-1 pl-[3.25rem] text-xs leading-snug">{t('invite.home.none')}</p>
    </div>
  );
}

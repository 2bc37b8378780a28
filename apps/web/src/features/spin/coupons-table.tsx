import { Ticket } from 'lucide-react';
import { useState } from 'react';
import { PAGE_SIZE } from '@wallet/contract/constants';
import type { SpinCoupon, SpinSlice } from '@wallet/contract/http/spinwheel';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { PagedHistory } from '../../components/ui/paged-history';
import { formatDateTime } from '../../lib/format';
import type { ClaimTarget } from './claim-dialog';
import { usePrizeText } from './prize-text';
import { useCoupons } from './spin-api';
import { useSpinTranslation } from './spin-texts';

/** DD/MM/YYYY HH:mm: a coupon's times, without seconds, kept on one line. */
const when = (iso: string) => formatDateTime(iso).slice(0, 16).replace(' ', '\u00a0');

const STATUS_STYLES: Record<Exclude<SpinCoupon['status'], 'claimable'>, string> = {
  claimed: 'bg-mint-400/15 text-mint-400',
  expired: 'bg-rose-500/15 text-rose-400',
  none: 'bg-white/5 text-mist-400',
};

/**
 * The member's coupons, 3 a page (spec sections 2 and 9), claimable ones first: the prize's label
 * beside its slice's colour, until when it may be claimed (or when it was won), the amount, and a
 * Claim button or where the coupon stands. A failed read shows nothing (spec section 8: list
 * fetches fail silently).
 */
export function CouponsTable({
  slices,
  onClaim,
}: {
  /** The wheel's slices, for each coupon's colours. */
  slices: SpinSlice[];
  onClaim: (target: ClaimTarget) => void;
}) {
  const { t } = useSpinTranslation();
  const prizes = usePrizeText();
  const [page, setPage] = useState(1);
  const list = useCoupons(page);
  const data = list.data;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE.coupons));
  // A claim can shorten the list: never stay on a page past its end.
  if (data && page > pages) setPage(pages);

  return (
    <PagedHistory
      layout="table"
      title={t('coupons.title')}
      page={page}
      onPage={setPage}
      pageSize={PAGE_SIZE.coupons}
      rows={data?.coupons}
      query={list}
      paginationLabel={t('coupons.pagination')}
      empty={
        <EmptyState
          icon={Ticket}
          title={t('coupons.empty')}
          text={t('coupons.emptyText')}
          className="card px-6 py-8"
        />
      }
      head={
        <>
          <th scope="col" className="py-2 pr-2 pl-4 font-medium">
            {t('coupons.prize')}
          </th>
          <th scope="col" className="py-2 pr-4 pl-2 text-right font-medium">
            {t('coupons.amount')}
          </th>
        </>
      }
      renderRow={(coupon) => {
        const slice = slices.find((one) => one.code === coupon.prize.slice);
        return (
          <tr key={coupon._id} data-coupon={coupon._id} data-status={coupon.status}>
            <td className="py-3 pr-2 pl-4 align-top">
              <div className="flex items-start gap-2.5">
                <span
                  aria-hidden="true"
                  className="mt-1.5 size-3.5 shrink-0 rounded-[5px] border border-white/20"
                  style={{ background: slice?.bgColor ?? 'var(--color-gold-400)' }}
                />
                <div className="min-w-0">
                  <p className="text-[15px] leading-snug font-semibold">{coupon.prize.name}</p>
                  <p className="mt-0.5 text-xs leading-snug text-mist-400 tabular-nums">
                    {coupon.status === 'claimable'
                      ? t('coupons.claimBy', { date: when(coupon.expiresAt) })
                      : t('coupons.won', { date: when(coupon.createdAt) })}
                  </p>
                </div>
              </div>
            </td>
            {/* The amount, and under it the claim or where the coupon stands: two columns fit a 320 px phone. */}
            <td className="py-3 pr-4 pl-2 text-right align-top">
              <p className="text-[15px] leading-snug font-semibold whitespace-nowrap text-gold-300 tabular-nums">
                {prizes.amount(coupon)}
              </p>
              {coupon.status === 'claimable' ? (
                <Button
                  className="mt-1.5 px-4 text-sm"
                  onClick={() =>
                    onClaim({
                      coupon: coupon._id,
                      name: coupon.prize.name,
                      kind: coupon.kind,
                      amount: coupon.amount,
                      unit: coupon.unit,
                      color: slice?.bgColor,
                    })
                  }
                >
                  {t('coupons.claim')}
                </Button>
              ) : (
                <span
                  className={`mt-1.5 inline-block rounded-full px-2.5 py-1 text-xs font-medium whitespace-nowrap ${STATUS_STYLES[coupon.status]}`}
                >
                  {t(`coupons.${coupon.status}`)}
                </span>
              )}
            </td>
          </tr>
        );
      }}
    />
  );
}

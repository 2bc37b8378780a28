import type { BonusOffer, Promotion } from '@wallet/contract/http/bonus';
import type { Currency } from '@wallet/contract/money';
import { useBonusTranslation } from '../lib/bonus-texts';
import { formatDateTime, formatMoney } from '../lib/format';

/** The terms both a listed bonus and a promotion carry. */
type Terms = Pick<
  BonusOffer & Promotion,
  | 'type'
  | 'maxReceived'
  | 'reward'
  | 'minimumDeposit'
  | 'turnoverMultiple'
  | 'games'
  | 'withdrawCapMultiple'
  | 'floor'
  | 'percentFail'
  | 'grantDays'
  | 'endsAt'
>;

/** The terms in plain words: what is given, what must be played, what may be withdrawn. */
export function OfferTerms({
  terms,
  currency,
  percentFail = true,
}: {
  terms: Terms;
  currency: Currency;
  /** False where the percent taken back on cancel is already told, more prominently. */
  percentFail?: boolean;
}) {
  const { t } = useBonusTranslation();
  const money = (minor: number) => formatMoney(minor, currency);
  const reward =
    terms.reward.kind === 'percent'
      ? t('bonus.terms.rewardPercent', { percent: terms.reward.percent, max: money(terms.reward.max) })
      : t('bonus.terms.rewardFixed', { amount: money(terms.reward.amount) });
  const games = terms.games
    .map((share) =>
      t('bonus.terms.gameShare', { game: t(`turnover.category.${share.category}`), percent: share.percent }),
    )
    .join(' · ');

  const rows: [string, string][] = [
    [t('bonus.terms.reward'), reward],
    [
      t('bonus.terms.minimumDeposit'),
      terms.minimumDeposit > 0 ? money(terms.minimumDeposit) : t('bonus.terms.noMinimum'),
    ],
    // Who may claim it (decision 019): the claim is refused while more than the floor is in play.
    ...(terms.floor > 0
      ? ([
          [
            t('bonus.terms.eligible'),
            terms.reward.kind === 'fixed' && terms.minimumDeposit === 0
              ? t('bonus.terms.eligibleFree', { amount: money(terms.floor) })
              : t('bonus.terms.eligibleDeposit', { amount: money(terms.floor) }),
          ],
        ] as [string, string][])
      : []),
    [
      t('bonus.terms.turnover'),
      terms.turnoverMultiple > 0
        ? t('bonus.terms.turnoverText', { multiple: terms.turnoverMultiple })
        : t('bonus.terms.noTurnover'),
    ],
    ...(games ? ([[t('bonus.terms.games'), games]] as [string, string][]) : []),
    [
      t('bonus.terms.cap'),
      terms.withdrawCapMultiple === null
        ? t('bonus.terms.noCap')
        : t('bonus.terms.capText', { multiple: terms.withdrawCapMultiple }),
    ],
    ...(terms.floor > 0
      ? ([[t('bonus.terms.floor'), t('bonus.terms.floorText', { amount: money(terms.floor) })]] as [
          string,
          string,
        ][])
      : []),
    ...(percentFail
      ? ([
          [
            t('bonus.terms.percentFail'),
            terms.percentFail > 0
              ? t('bonus.terms.percentFailText', { percent: terms.percentFail })
              : t('bonus.terms.noPercentFail'),
          ],
        ] as [string, string][])
      : []),
    [t('bonus.terms.duration'), t('bonus.terms.days', { count: terms.grantDays })],
    [t('bonus.terms.limit'), t(`bonus.terms.limitText.${terms.type}`, { count: terms.maxReceived })],
    ...(terms.endsAt
      ? ([[t('bonus.terms.endsAt'), formatDateTime(terms.endsAt)]] as [string, string][])
      : []),
  ];

  return (
    <section>
      <h3 className="mb-1.5 text-sm font-medium text-mist-300">{t('bonus.terms.title')}</h3>
      <dl className="divide-y divide-white/5 rounded-xl bg-ink-900 px-4 py-1">
        {rows.map(([label, value]) => (
          <div key={label} className="py-2">
            <dt className="text-xs text-mist-400">{label}</dt>
            <dd className="text-[15px] leading-snug">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

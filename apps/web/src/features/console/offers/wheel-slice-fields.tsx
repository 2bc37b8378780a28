import { LOCALES, type Locale } from '@wallet/contract/constants';
import type { WheelPrizeInput, WheelSliceInput } from '@wallet/contract/http/console-offers';
import { PRIZE_KINDS } from '@wallet/contract/http/spinwheel';
import { CURRENCIES, formatMajorAmount, type Currency, type MinorUnits } from '@wallet/contract/money';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { useConsoleTranslation } from '../console-texts';
import { DraftNumber } from './draft-number';

/** The grant a new bonus slice makes: turnover 3x in slots (100%) and casino (50%), 7 days. */
const PRIZE_GRANT: Extract<WheelPrizeInput, { kind: 'bonus' }>['terms'] = {
  names: { th: 'โบนัสวงล้อ', lo: 'ໂບນັດວົງລໍ້', en: 'Spin wheel bonus' },
  turnoverMultiple: 3,
  contributions: [
    { category: 'slot', percent: 100 },
    { category: 'casino', percent: 50 },
  ],
  floor: { BAHT: 500 as MinorUnits, LAK: 300_000 as MinorUnits },
  success: 100,
  fail: 100,
  grantDays: 7,
};

/** The daily budget with one currency's figure set (null: none in it); none in any: no budget. */
function budgetWith(
  slice: WheelSliceInput,
  currency: Currency,
  budget: number | null,
): WheelSliceInput['dailyBudget'] {
  const { [currency]: _dropped, ...others } = slice.dailyBudget ?? {};
  const next = budget === null ? others : { ...others, [currency]: budget as MinorUnits };
  return Object.keys(next).length === 0 ? null : next;
}

/** A prize of another kind, keeping what the two share (the amounts). */
function prizeAs(kind: WheelPrizeInput['kind'], prize: WheelPrizeInput): WheelPrizeInput {
  const amounts = 'amounts' in prize ? prize.amounts : { BAHT: 1_000 as MinorUnits };
  switch (kind) {
    case 'cash':
      return { kind, amounts };
    case 'bonus':
      return { kind, amounts, terms: prize.kind === 'bonus' ? prize.terms : PRIZE_GRANT };
    case 'coin':
      return { kind, coins: 1 };
    case 'none':
      return { kind };
  }
}

/** A slice's label as a baht member reads it: `{amount}` filled as the member's wheel fills it. */
export function labelOf(slice: WheelSliceInput, locale: Locale): string {
  const amount =
    slice.prize.kind === 'coin'
      ? String(slice.prize.coins)
      : 'amounts' in slice.prize && slice.prize.amounts.BAHT !== undefined
        ? `฿${formatMajorAmount(slice.prize.amounts.BAHT).replace(/\.00$/, '')}`
        : '';
  return slice.labels[locale].replaceAll('{amount}', amount);
}

/** One slice's every setting: labels, description, colours, prize, weight, stock, budget, withdrawn. */
export function WheelSliceFields({
  slice,
  odds,
  onChange,
}: {
  slice: WheelSliceInput;
  odds: number;
  onChange: (change: (slice: WheelSliceInput) => WheelSliceInput) => void;
}) {
  const { t, i18n } = useConsoleTranslation();
  const invalidText = t('offers.invalidNumber');
  const language = (locale: string) => t(`offers.language.${locale}`);
  const { prize } = slice;
  const label = labelOf(
    slice,
    (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : 'en',
  );

  return (
    <details className="card group" data-slice={slice.code}>
      <summary className="flex min-h-12 cursor-pointer list-none items-center gap-3 px-4 py-2">
        <span
          className="size-6 shrink-0 rounded-full border border-white/20"
          style={{ background: slice.bgColor }}
          aria-hidden="true"
        />
        <span className="font-mono text-sm text-gold-300">{slice.code}</span>
        <span className="min-w-0 flex-1 truncate">{label}</span>
        {slice.withdrawn ? (
          <span className="rounded-full bg-white/10 px-2 py-0.5 text-xs text-mist-300">
            {t('offers.wheel.withdrawn')}
          </span>
        ) : null}
        <span className="text-sm tabular-nums text-mist-300" data-odds>
          {odds.toFixed(2)}%
        </span>
      </summary>
      <div className="space-y-4 border-t border-white/5 p-4">
        <div className="grid gap-4 sm:grid-cols-3">
          {LOCALES.map((locale) => (
            <TextField
              key={locale}
              lang={locale}
              label={t('offers.wheel.label', { language: language(locale) })}
              hint={t('offers.wheel.amountHint')}
              maxLength={40}
              value={slice.labels[locale]}
              onChange={(event) =>
                onChange((current) => ({
                  ...current,
                  labels: { ...current.labels, [locale]: event.target.value },
                }))
              }
            />
          ))}
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          {LOCALES.map((locale) => (
            <TextAreaField
              key={locale}
              lang={locale}
              label={t('offers.wheel.description', { language: language(locale) })}
              value={slice.descriptions[locale]}
              onChange={(event) =>
                onChange((current) => ({
                  ...current,
                  descriptions: { ...current.descriptions, [locale]: event.target.value },
                }))
              }
            />
          ))}
        </div>
        <div className="grid gap-4 sm:grid-cols-4">
          {(['bgColor', 'textColor'] as const).map((field) => (
            <label key={field} className="block text-sm font-medium text-mist-300">
              {t(`offers.wheel.${field}`)}
              <input
                type="color"
                className="mt-1.5 block h-12 w-full cursor-pointer rounded-xl border border-white/10 bg-ink-900 p-1"
                value={slice[field]}
                onChange={(event) => onChange((current) => ({ ...current, [field]: event.target.value }))}
              />
            </label>
          ))}
          <DraftNumber
            label={t('offers.wheel.weight')}
            value={slice.weight}
            invalidText={invalidText}
            onValue={(weight) => onChange((current) => ({ ...current, weight: weight ?? 0 }))}
          />
          <DraftNumber
            label={t('offers.wheel.stock')}
            hint={t('offers.hint.optional')}
            optional
            value={slice.stock}
            invalidText={invalidText}
            onValue={(stock) => onChange((current) => ({ ...current, stock }))}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-4">
          <SelectField
            label={t('offers.wheel.kind')}
            placeholder={t('offers.choose')}
            value={prize.kind}
            options={PRIZE_KINDS.map((kind) => ({ value: kind, label: t(`offers.wheel.kinds.${kind}`) }))}
            onChange={(event) =>
              onChange((current) => ({
                ...current,
                prize: prizeAs(event.target.value as WheelPrizeInput['kind'], current.prize),
              }))
            }
          />
          {/* The prize in each currency (decisions 021, 067): a kip member is paid the kip figure. */}
          {prize.kind === 'cash' || prize.kind === 'bonus'
            ? CURRENCIES.map((currency) => (
                <DraftNumber
                  key={`amount-${currency}`}
                  label={`${t('offers.wheel.amount')} · ${t(`settings.currency.${currency}`)}`}
                  major
                  currency={currency}
                  value={prize.amounts[currency] ?? null}
                  invalidText={invalidText}
                  onValue={(amount) =>
                    onChange((current) =>
                      'amounts' in current.prize
                        ? {
                            ...current,
                            prize: {
                              ...current.prize,
                              amounts: { ...current.prize.amounts, [currency]: (amount ?? 0) as MinorUnits },
                            },
                          }
                        : current,
                    )
                  }
                />
              ))
            : null}
          {prize.kind === 'coin' ? (
            <DraftNumber
              label={t('offers.wheel.coins')}
              value={prize.coins}
              invalidText={invalidText}
              onValue={(coins) =>
                onChange((current) => ({ ...current, prize: { kind: 'coin', coins: coins ?? 1 } }))
              }
            />
          ) : null}
          {prize.kind === 'bonus' ? (
            <DraftNumber
              label={t('offers.wheel.turnover')}
              value={prize.terms.turnoverMultiple}
              invalidText={invalidText}
              onValue={(multiple) =>
                onChange((current) =>
                  current.prize.kind === 'bonus'
                    ? {
                        ...current,
                        prize: {
                          ...current.prize,
                          terms: { ...current.prize.terms, turnoverMultiple: multiple ?? 0 },
                        },
                      }
                    : current,
                )
              }
            />
          ) : null}
          {CURRENCIES.map((currency) => (
            <DraftNumber
              key={`budget-${currency}`}
              label={`${t('offers.wheel.dailyBudget')} · ${t(`settings.currency.${currency}`)}`}
              hint={t('offers.hint.optional')}
              major
              optional
              currency={currency}
              value={slice.dailyBudget?.[currency] ?? null}
              invalidText={invalidText}
              onValue={(budget) =>
                onChange((current) => ({ ...current, dailyBudget: budgetWith(current, currency, budget) }))
              }
            />
          ))}
        </div>
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="size-5 accent-amber-400"
            checked={slice.withdrawn}
            onChange={(event) => onChange((current) => ({ ...current, withdrawn: event.target.checked }))}
          />
          {t('offers.wheel.withdraw')}
        </label>
      </div>
    </details>
  );
}

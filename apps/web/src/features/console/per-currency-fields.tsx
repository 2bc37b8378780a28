import {
  CURRENCIES,
  formatMajorAmount,
  mapCurrencies,
  parseMajorAmount,
  type MinorUnits,
  type PerCurrency,
} from '@wallet/contract/money';
import { AmountField } from '../../components/ui/field';
import { formatMoney } from '../../lib/format';
import { useConsoleTranslation } from './console-texts';

/**
 * An amount rule's value in each currency (decision 067), as staff type it: one field per
 * currency, each typed in that currency's major unit and kept in its minor units.
 */
export type CurrencyDraft = PerCurrency<string>;

export const draftOf = (rule: PerCurrency<number>): CurrencyDraft =>
  mapCurrencies(rule, (minor, currency) => formatMajorAmount(minor, currency));

/** Each currency's amount, or null where what was typed is not an amount. */
export const parsedOf = (draft: CurrencyDraft): PerCurrency<MinorUnits | null> =>
  mapCurrencies(draft, (text, currency) => parseMajorAmount(text, currency));

/** Every currency's amount when all are amounts (and above 0 when `positive`), else null. */
export function ruleOf(draft: CurrencyDraft, positive = false): PerCurrency<MinorUnits> | null {
  const parsed = parsedOf(draft);
  const good = CURRENCIES.every((currency) => {
    const value = parsed[currency];
    return value !== null && (!positive || value > 0);
  });
  return good ? (parsed as PerCurrency<MinorUnits>) : null;
}

/** One field per currency, side by side, each labelled with its currency. */
export function PerCurrencyFields({
  label,
  draft,
  onChange,
  positive = false,
  errors,
}: {
  label: string;
  draft: CurrencyDraft;
  onChange: (draft: CurrencyDraft) => void;
  positive?: boolean;
  /** A message of the caller's for a currency whose amount parses (an order between fields). */
  errors?: Partial<PerCurrency<string | undefined>>;
}) {
  const { t } = useConsoleTranslation();
  const parsed = parsedOf(draft);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {CURRENCIES.map((currency) => {
        const value = parsed[currency];
        const bad = value === null || (positive && value <= 0);
        return (
          <AmountField
            key={currency}
            label={`${label} · ${t(`settings.currency.${currency}`)}`}
            value={draft[currency]}
            onChange={(event) => onChange({ ...draft, [currency]: event.target.value })}
            error={bad ? t('settings.amountInvalid') : errors?.[currency]}
          />
        );
      })}
    </div>
  );
}

/** A rule's figures as one line for a sentence: each currency's, in its own money format. */
export const perCurrencyText = (rule: PerCurrency<number>): string =>
  CURRENCIES.map((currency) => formatMoney(rule[currency], currency)).join(' / ');

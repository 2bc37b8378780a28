import { useState } from 'react';
import { formatMajorAmount, parseMajorAmount, type Currency } from '@wallet/contract/money';
import { AmountField, TextField } from '../../../components/ui/field';

const shown = (value: number | null, major: boolean, currency: Currency) =>
  value === null ? '' : major ? formatMajorAmount(value, currency).replaceAll(',', '') : String(value);

/**
 * A whole number (or, `major`, an amount typed in `currency` and kept in its minor units) as staff type it:
 * the text stays as typed, the value changes only when the text reads as one; empty is null when
 * `optional`. An unreadable text is marked, and the value is left as it was.
 */
export function DraftNumber({
  label,
  value,
  onValue,
  major = false,
  optional = false,
  hint,
  invalidText,
  currency = 'BAHT',
}: {
  label: string;
  value: number | null;
  onValue: (value: number | null) => void;
  major?: boolean;
  optional?: boolean;
  hint?: string;
  invalidText: string;
  /** The currency a major amount is typed in (decision 067). */
  currency?: Currency;
}) {
  const [text, setText] = useState(() => shown(value, major, currency));
  const parse = (typed: string): number | null | undefined => {
    if (typed.trim() === '') return optional ? null : undefined;
    if (major) return parseMajorAmount(typed, currency) ?? undefined;
    return /^\d{1,9}$/.test(typed.trim()) ? Number(typed.trim()) : undefined;
  };
  const invalid = parse(text) === undefined;
  const Field = major ? AmountField : TextField;
  return (
    <Field
      label={label}
      value={text}
      hint={hint}
      error={invalid ? invalidText : undefined}
      {...(major ? {} : { inputMode: 'numeric' as const })}
      onChange={(event) => {
        setText(event.target.value);
        const parsed = parse(event.target.value);
        if (parsed !== undefined) onValue(parsed);
      }}
    />
  );
}

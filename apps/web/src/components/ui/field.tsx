import { ChevronDown } from 'lucide-react';
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

const baseClass =
  'h-12 w-full rounded-xl border border-white/10 bg-ink-900 px-4 text-[16px] text-snow placeholder:text-mist-500 focus:border-gold-400 focus:outline-none aria-[invalid=true]:border-rose-400 disabled:opacity-60';
// NOTE: only inputs get the read-only look: browsers count every <select> as :read-only.
const inputClass = `${baseClass} read-only:bg-ink-800 read-only:text-mist-400`;

interface FieldFrameProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: (ids: { control: string; message: string }) => ReactNode;
}

/** A label, its control, and the rule the control broke (or a hint), tied together for screen readers. */
function FieldFrame({ label, error, hint, children }: FieldFrameProps) {
  const control = useId();
  const message = useId();
  return (
    <div>
      <label htmlFor={control} className="mb-1.5 block text-sm font-medium text-mist-300">
        {label}
      </label>
      {children({ control, message })}
      {error ? (
        <p id={message} className="mt-1 text-sm text-rose-400">
          {error}
        </p>
      ) : hint ? (
        <p id={message} className="mt-1 text-xs text-mist-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

export function TextField({ label, error, hint, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {({ control, message }) => (
        <input
          id={control}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? message : undefined}
          className={inputClass}
          {...input}
        />
      )}
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A few lines of text (a reason, a note), labelled and tied to its rule as TextField is. */
export function TextAreaField({ label, error, hint, rows = 2, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {({ control, message }) => (
        <textarea
          id={control}
          rows={rows}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? message : undefined}
          className="w-full rounded-xl border border-white/10 bg-ink-900 px-4 py-3 text-[16px] text-snow placeholder:text-mist-500 focus:border-gold-400 focus:outline-none aria-[invalid=true]:border-rose-400"
          {...textarea}
        />
      )}
    </FieldFrame>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  placeholder: string;
  /** Options with a `group` are listed under it (an optgroup), in the order the groups come. */
  options: { value: string; label: string; group?: string }[];
  /** Drawn inside the field before the chosen option (a bank's badge, 32 px at most). */
  leading?: ReactNode;
}

type SelectOption = SelectFieldProps['options'][number];

/** Options in runs of one group each, in the order the groups first come. */
function groupsOf(options: SelectOption[]): { group: string | undefined; members: SelectOption[] }[] {
  const runs: { group: string | undefined; members: SelectOption[] }[] = [];
  for (const option of options) {
    const run = runs.find((one) => one.group === option.group);
    if (run) run.members.push(option);
    else runs.push({ group: option.group, members: [option] });
  }
  return runs;
}

export function SelectField({
  label,
  error,
  hint,
  placeholder,
  options,
  leading,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {({ control, message }) => (
        <div className="relative">
          <select
            id={control}
            aria-invalid={error ? true : undefined}
            aria-describedby={error || hint ? message : undefined}
            className={`${baseClass} appearance-none truncate pr-11 ${leading ? 'pl-14' : ''}`}
            {...select}
          >
            <option value="">{placeholder}</option>
            {groupsOf(options).map(({ group, members }) =>
              group === undefined ? (
                members.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))
              ) : (
                <optgroup key={group} label={group}>
                  {members.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </optgroup>
              ),
            )}
          </select>
          {leading ? (
            <span className="pointer-events-none absolute top-2 left-2.5 inline-flex">{leading}</span>
          ) : null}
          <ChevronDown
            className="pointer-events-none absolute top-3.5 right-3.5 size-5 text-mist-400"
            aria-hidden="true"
          />
        </div>
      )}
    </FieldFrame>
  );
}

/** A money amount as a member types it ("100", "100.50"): decimal keyboard, no autofill. */
export function AmountField(props: Omit<TextFieldProps, 'inputMode' | 'autoComplete' | 'placeholder'>) {
  return <TextField inputMode="decimal" autoComplete="off" placeholder="0.00" {...props} />;
}

import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

const controlClass =
  'h-12 w-full rounded-xl border border-white/10 bg-ink-900 px-4 text-[16px] text-snow placeholder:text-mist-500 focus:border-gold-400 focus:outline-none aria-[invalid=true]:border-rose-400 read-only:bg-ink-800 read-only:text-mist-400 disabled:opacity-60';

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
          className={controlClass}
          {...input}
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
  options: { value: string; label: string }[];
}

export function SelectField({ label, error, hint, placeholder, options, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {({ control, message }) => (
        <select
          id={control}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? message : undefined}
          className={`${controlClass} appearance-none bg-[url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='20' height='20' fill='none' stroke='%23a3acc9' stroke-width='2'%3E%3Cpath d='m5 8 5 5 5-5'/%3E%3C/svg%3E")] bg-[length:20px] bg-[right_0.75rem_center] bg-no-repeat pr-10`}
          {...select}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

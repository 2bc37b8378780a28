import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Phrase } from '../phrase';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANTS: Record<Variant, string> = {
  primary:
    'gold-gradient text-ink-950 font-semibold shadow-[0_8px_20px_-8px_rgb(232_165_36/0.7)] hover:brightness-105',
  secondary: 'bg-ink-700 text-snow border border-white/10 hover:bg-ink-600',
  ghost: 'bg-transparent text-mist-300 hover:bg-white/5',
  danger: 'bg-rose-700 text-white font-semibold hover:bg-rose-600',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  loading?: boolean;
  block?: boolean;
  icon?: ReactNode;
}

/** Every tappable action: at least 44 px tall, one look per variant. */
export function Button({
  variant = 'primary',
  loading = false,
  block = false,
  icon,
  className = '',
  children,
  disabled,
  ...rest
}: ButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-5 text-[15px] transition active:scale-[0.98] disabled:cursor-not-allowed disabled:opacity-50 ${VARIANTS[variant]} ${block ? 'w-full' : 'shrink-0 whitespace-nowrap'} ${className}`}
    >
      {loading ? <Spinner /> : icon}
      {/* A label given as text wraps between words only (decision 029). */}
      <span>{typeof children === 'string' ? <Phrase text={children} /> : children}</span>
    </button>
  );
}

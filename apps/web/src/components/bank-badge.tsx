/** A bank's badge colours and the initials drawn on it. */
export interface BankBadgeStyle {
  background: string;
  text: string;
  initials: string;
}

/**
 * Each bank's badge: our own artwork (its initials on a square in the bank's colours), not the
 * bank's logo. Kept here, not served by the lookups, because it is how the app draws a bank,
 * not operator data (decision 027). Every text colour passes WCAG AA (4.5:1) on its background;
 * bank-badge.test.tsx checks each row.
 */
export const BANK_BADGES: Readonly<Record<string, BankBadgeStyle>> = {
  // Thai banks.
  SCB: { background: '#4E2A84', text: '#FFFFFF', initials: 'SCB' },
  KBANK: { background: '#0E7A2A', text: '#FFFFFF', initials: 'K' },
  KTB: { background: '#00A6E6', text: '#0B1F33', initials: 'KTB' },
  BBL: { background: '#1E4598', text: '#FFFFFF', initials: 'BBL' },
  BAY: { background: '#FEC43B', text: '#4A3B2A', initials: 'BAY' },
  TMB: { background: '#1A2C5B', text: '#FFFFFF', initials: 'ttb' },
  GSB: { background: '#D4147F', text: '#FFFFFF', initials: 'GSB' },
  BAAC: { background: '#2E7D32', text: '#FFFFFF', initials: 'BAAC' },
  GHB: { background: '#F58220', text: '#2B1600', initials: 'GHB' },
  KKP: { background: '#594F99', text: '#FFFFFF', initials: 'KKP' },
  CIMBT: { background: '#7E1F24', text: '#FFFFFF', initials: 'CIMB' },
  UOBT: { background: '#0B3B8C', text: '#FFFFFF', initials: 'UOB' },
  TISCO: { background: '#12386F', text: '#FFFFFF', initials: 'TSC' },
  LHBANK: { background: '#4F6F1C', text: '#FFFFFF', initials: 'LH' },
  ICBC: { background: '#C4161C', text: '#FFFFFF', initials: 'ICBC' },
  // Lao banks.
  BCEL: { background: '#B3121B', text: '#FFFFFF', initials: 'BCEL' },
  LDB: { background: '#0054A6', text: '#FFFFFF', initials: 'LDB' },
  APB: { background: '#007A3D', text: '#FFFFFF', initials: 'APB' },
  JDB: { background: '#0E4C92', text: '#FFFFFF', initials: 'JDB' },
  LVB: { background: '#B8460A', text: '#FFFFFF', initials: 'LVB' },
  STB: { background: '#F37021', text: '#2B1200', initials: 'ST' },
  IDB: { background: '#7B1E3A', text: '#FFFFFF', initials: 'IDB' },
  BFL: { background: '#0F3B7A', text: '#FFFFFF', initials: 'BFL' },
  ACLEDA: { background: '#1B3C6E', text: '#FFFFFF', initials: 'AC' },
  PSV: { background: '#C1272D', text: '#FFFFFF', initials: 'PSV' },
};

/** A bank the table does not know: the app's own colours and the first letters of its code. */
export function bankBadgeOf(code: string): BankBadgeStyle & { known: boolean } {
  const known = Object.hasOwn(BANK_BADGES, code) ? BANK_BADGES[code] : undefined;
  return known
    ? { ...known, known: true }
    : {
        background: '#26325C',
        text: '#E6EAF5',
        initials: code.replace(/[^A-Za-z0-9]/g, '').slice(0, 3) || '?',
        known: false,
      };
}

const SIZES = {
  md: { box: 'size-10 rounded-xl', text: ['text-[15px]', 'text-[13px]', 'text-[11px]'] },
  sm: { box: 'size-8 rounded-lg', text: ['text-[13px]', 'text-[11px]', 'text-[10px]'] },
} as const;

/**
 * A bank's badge beside its name. Hidden from screen readers: the name beside it says the same.
 */
export function BankBadge({ code, size = 'md' }: { code: string; size?: keyof typeof SIZES }) {
  const badge = bankBadgeOf(code);
  const { box, text } = SIZES[size];
  const length = badge.initials.length;
  return (
    <span
      aria-hidden="true"
      data-bank-badge={badge.known ? code : 'unknown'}
      className={`inline-flex shrink-0 items-center justify-center font-bold tracking-tight ring-1 ring-white/15 select-none ${box} ${text[length <= 2 ? 0 : length === 3 ? 1 : 2]}`}
      style={{ backgroundColor: badge.background, color: badge.text }}
    >
      {badge.initials}
    </span>
  );
}

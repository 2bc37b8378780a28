import { useDepositTranslation } from '../../lib/deposit-texts';
import { Gift, Landmark, QrCode, type LucideIcon } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { GIFT_LINK_CURRENCY } from '@wallet/contract/http/deposit';
import type { Currency } from '@wallet/contract/money';
import { useMoneyRequester } from '../../lib/idempotency';
import { BankTab } from './bank-tab';
import type { DepositTabProps } from './deposit-dialog';
import { GiftLinkTab } from './gift-link-tab';
import { QrTab } from './qr-tab';

type Tab = 'bank' | 'qr' | 'gift';

const ALL_TABS: { key: Tab; icon: LucideIcon }[] = [
  { key: 'bank', icon: Landmark },
  { key: 'qr', icon: QrCode },
  { key: 'gift', icon: Gift },
];

/**
 * The tabs a wallet in this currency can use: the gift link pays baht only, so a kip member is
 * not offered it (issue 32 section 2); the QR tab lists only channels of the member's currency.
 */
const tabsFor = (currency: Currency) =>
  ALL_TABS.filter(({ key }) => key !== 'gift' || currency === GIFT_LINK_CURRENCY);

/** The deposit dialog's body, a chunk of its own fetched when the dialog first opens. */
export function DepositTabs(props: DepositTabProps) {
  const { t } = useDepositTranslation();
  const id = useId();
  const TABS = tabsFor(props.currency);
  // Outlives the tabs, so a retry after a lost answer carries the same key.
  const money = useMoneyRequester();
  const [tab, setTab] = useState<Tab>('bank');
  // A tab is mounted when first opened and kept: an open QR goes on being watched for its payment
  // while the member reads the bank tab.
  const [visited, setVisited] = useState<ReadonlySet<Tab>>(() => new Set(['bank']));
  const buttons = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  function select(next: Tab) {
    setTab(next);
    setVisited((current) => (current.has(next) ? current : new Set([...current, next])));
  }

  /** Arrow keys, Home and End move between tabs (the ARIA tabs pattern). */
  function onKeyDown(event: KeyboardEvent) {
    const index = TABS.findIndex((one) => one.key === tab);
    const target =
      event.key === 'ArrowRight'
        ? TABS[(index + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(index + TABS.length - 1) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS.at(-1)
              : undefined;
    if (!target) return;
    event.preventDefault();
    select(target.key);
    buttons.current[target.key]?.focus();
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={t('deposit.tabs.label')}
        onKeyDown={onKeyDown}
        className={`grid gap-1 rounded-2xl bg-ink-900 p-1 ${TABS.length === 3 ? 'grid-cols-3' : 'grid-cols-2'}`}
      >
        {TABS.map(({ key, icon: Icon }) => {
          const selected = key === tab;
          return (
            <button
              key={key}
              ref={(element) => {
                buttons.current[key] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-${key}-tab`}
              aria-selected={selected}
              aria-controls={`${id}-${key}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(key)}
              className={`flex min-h-14 flex-col items-center justify-center gap-1 rounded-xl px-1 py-2 text-center text-[13px] leading-snug font-medium transition ${
                selected ? 'bg-ink-700 text-gold-300 shadow' : 'text-mist-400 hover:text-snow'
              }`}
            >
              <Icon className="size-5 shrink-0" aria-hidden="true" />
              {t(`deposit.tabs.${key}`)}
            </button>
          );
        })}
      </div>
      {TABS.map(({ key }) => (
        <div
          key={key}
          role="tabpanel"
          id={`${id}-${key}-panel`}
          aria-labelledby={`${id}-${key}-tab`}
          hidden={key !== tab}
          className="pt-4"
        >
          {!visited.has(key) ? null : key === 'bank' ? (
            <BankTab money={money} {...props} />
          ) : key === 'qr' ? (
            <QrTab money={money} {...props} />
          ) : (
            <GiftLinkTab money={money} {...props} />
          )}
        </div>
      ))}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import type { StatementRow } from '@wallet/contract/http/statement';
import type { Currency } from '@wallet/contract/money';
import { formatMoney } from '../../lib/format';
import { useWalletNames } from '../../lib/wallet-names';

/** The places of a movement that are ours to name; any other is a game code. */
const PLACES = ['wallet', 'bank', 'operator'];

/** The kinds of reward a row may carry, in the order the server writes one (statement.service). */
const REWARDS = ['bonus', 'promotion', 'invite', 'refund', 'luckydraw'] as const;

/**
 * Money in is +, money out is -, a move between the member's own accounts has no sign (spec
 * section 9). The end of a bonus shows what it took back, so it is money out. A balance
 * adjustment goes either way: in when it went to the wallet (decision 046).
 */
export function signOf(row: Pick<StatementRow, 'statementType' | 'to'>): '+' | '-' | '' {
  const type = row.statementType;
  if (type === 'deposit' || type === 'bonus' || type === 'luckydraw') return '+';
  if (type === 'withdraw' || type === 'finish_bonus') return '-';
  if (type === 'adjustment') return row.to === 'wallet' ? '+' : '-';
  return '';
}

/**
 * How a statement row reads: its amount in the member's currency, where the money went (games
 * by the names Home shows, never their codes) and what a reward was for. `ready` once the
 * wallet's names and currency are known (or could not be had: then codes and baht).
 */
export function useStatementTexts() {
  const { t } = useTranslation();
  const wallet = useWalletNames();
  const currency: Currency = wallet.data?.wallet.currency ?? 'BAHT';
  const names = new Map(wallet.data?.games.map((game) => [game.code, game.name]));

  const money = (minor: number) => formatMoney(minor, currency);
  const place = (value: string) =>
    PLACES.includes(value) ? t(`place.${value}`) : (names.get(value) ?? value);

  /**
   * The offer, invite, refund or prize a reward row was for, as the server named it; or why staff
   * adjusted the balance, from the fixed reasons members read in their language.
   */
  const description = (row: StatementRow) =>
    row.adjustment
      ? t(`statement.adjustmentReason.${row.adjustment.reason}`)
      : (REWARDS.map((kind) => row[kind]?.description).find(Boolean) ?? null);

  /** How the money came or went: a deposit's channel, a reward's kind, else from -> to. */
  const channel = (row: StatementRow): string | null => {
    if (row.statementType === 'deposit' && row.from) {
      return row.from === 'bank' || row.from === 'TRUEWALLET' || row.from === 'sandbox'
        ? t(`statement.depositFrom.${row.from}`)
        : t('statement.depositFrom.qr', { channel: row.from });
    }
    const reward = REWARDS.find((kind) => row[kind]);
    if (reward) return t(`statement.channel.${reward}`);
    return row.from && row.to ? `${place(row.from)} → ${place(row.to)}` : null;
  };

  return {
    ready: !wallet.isPending,
    /** The amount with its sign and currency: "+฿1,000.00". */
    signed: (row: StatementRow) => `${signOf(row)}${money(row.amount)}`,
    money,
    currency,
    channel,
    description,
  };
}

export type StatementTexts = ReturnType<typeof useStatementTexts>;

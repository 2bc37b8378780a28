import { ArrowUpDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMajorAmount, parseMajorAmount } from '@wallet/contract/money';
import {
  TRANSFER_MINIMUM,
  TransferRequest,
  type MoneyResult as Result,
  type WalletResponse,
} from '@wallet/contract/http/wallet';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { AmountField, SelectField } from '../../components/ui/field';
import { errorCodeOf } from '../../lib/api-client';
import { fieldErrors } from '../../lib/form-errors';
import { amountContext, formatMoney } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import { useMoneyRequester, type MoneyRequester } from '../../lib/idempotency';
import { useReasonsTranslation } from '../../lib/reasons-texts';
import { useOfferWarning } from './claimable-offers';
import { useReadHeldTransfers } from './held-transfers';
import { useHomeTranslation } from './home-texts';
import { MoneyResult } from './money-result';
import { useReadLedgerWallet, useTransfer } from './wallet-api';

/** A transfer unanswered this long says whom it waits for (issue 31: 11 s of a wordless spinner). */
export const WAITING_WORDS_AFTER_MS = 2_000;

export interface TransferPreset {
  from?: string;
  to?: string;
}

type Field = 'from' | 'to' | 'amount';
/** Server refusals that belong to one field of the form. */
const FIELD_OF: Record<string, Field> = {
  TRANSFER_SAME_ACCOUNT: 'to',
  TRANSFER_MINIMUM: 'amount',
  MONEY_NOT_ENOUGH: 'amount',
};

/**
 * Moves money between the wallet and the member's open game accounts (spec sections 4 and 5).
 * Closes with `moved` true after a transfer, so home reads the balances again.
 */
export function TransferDialog({
  open,
  preset,
  wallet,
  onClose,
}: {
  open: boolean;
  preset: TransferPreset;
  wallet: WalletResponse;
  onClose: (moved: boolean) => void;
}) {
  const { t } = useTranslation();
  // Outlives the form, so a retry after a lost answer carries the same key even after reopening.
  const money = useMoneyRequester();
  const moved = useRef(false);
  const close = () => {
    onClose(moved.current);
    moved.current = false;
  };
  return (
    <Dialog open={open} onClose={close} title={t('transfer.title')}>
      {open ? (
        <TransferForm
          money={money}
          preset={preset}
          wallet={wallet}
          onMoved={() => {
            moved.current = true;
          }}
          onDone={close}
        />
      ) : null}
    </Dialog>
  );
}

function TransferForm({
  money,
  preset,
  wallet,
  onMoved,
  onDone,
}: {
  money: MoneyRequester;
  preset: TransferPreset;
  wallet: WalletResponse;
  onMoved: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { t: why } = useReasonsTranslation();
  const { t: home } = useHomeTranslation();
  const emptyId = useId();
  const currency = wallet.wallet.currency;
  const opening = (from: string) => ({ from, to: preset.to ?? (from === 'wallet' ? '' : 'wallet') });
  // Until the member picks an account (or types, or sends), the accounts follow where the money
  // is: the dialog may open on a read from before the move that just finished (a fund's Done),
  // and the newer read lands a moment later.
  const [chosen, setChosen] = useState(() => (preset.from === undefined ? null : opening(preset.from)));
  const [amount, setAmount] = useState('');
  const values = { ...(chosen ?? opening(holdingPlace(wallet))), amount };
  const pin = (change: Partial<{ from: string; to: string }> = {}) =>
    setChosen({ from: values.from, to: values.to, ...change });
  // NOTE: nothing is said about the source until the member picks one or submits (issue 31):
  // the dialog opens on an account that holds money, so a reason at opening reads as an error.
  const [acted, setActed] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const transfer = useTransfer(money);
  const [result, setResult] = useState<(Result & { from: string; to: string }) | null>(null);
  const readHeld = useReadHeldTransfers();
  const readLedgerWallet = useReadLedgerWallet();
  const warning = useOfferWarning({ currency, proceed: 'move' });
  // The game a transfer on its way waits for (the first leg's, game to game), once it is slow.
  const [waitingFor, setWaitingFor] = useState<string | null>(null);
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!waitingFor) return;
    const timer = setTimeout(() => setSlow(true), WAITING_WORDS_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [waitingFor]);

  const places = [
    { value: 'wallet', name: t('place.wallet'), balance: wallet.wallet.amount },
    ...wallet.games
      .filter((game) => game.isActive)
      .map((game) => ({ value: game.code, name: game.name, balance: game.amount })),
  ];
  const placeOf = (value: string) => places.find((place) => place.value === value);
  const options = places.map((place) => ({
    value: place.value,
    label: `${place.name} · ${formatMoney(place.balance, currency)}`,
  }));
  // A game staff closed is listed for its money to come out, never as a destination (decision 064).
  const closed = new Set(wallet.games.filter((game) => game.closed).map((game) => game.code));
  const toOptions = options.filter((option) => !closed.has(option.value));
  const source = placeOf(values.from);

  const message = (code: string) =>
    code === 'TRANSFER_MINIMUM'
      ? t('transfer.minimum', { amount: formatMoney(TRANSFER_MINIMUM[currency], currency) })
      : errorText(code);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setActed(true);
    pin();
    setFailure(null);
    const typed = values.amount.trim();
    const minor = typed === '' ? 0 : parseMajorAmount(typed, currency);
    // The contract's own rules, so the message is the one the server would answer.
    const parsed = TransferRequest.safeParse({ from: values.from, to: values.to, amount: minor ?? 0 });
    const codes: Partial<Record<Field, string>> = parsed.success ? {} : fieldErrors(parsed.error);
    const next: Partial<Record<Field, string>> = {
      from: codes.from && message(codes.from),
      to: codes.to && message(codes.to),
      amount:
        minor === null
          ? t('money.invalidAmount', { context: amountContext(currency) })
          : codes.amount
            ? message(codes.amount)
            : minor < TRANSFER_MINIMUM[currency]
              ? message('TRANSFER_MINIMUM')
              : source && minor > source.balance
                ? errorText('MONEY_NOT_ENOUGH')
                : undefined,
    };
    setErrors(next);
    if (!parsed.success || next.amount) return;

    const body = parsed.data;
    // Into a game while the latest deposit may still claim an offer: once played, it is lost.
    if (body.to !== 'wallet') warning.guard(() => void send(body));
    else await send(body);
  }

  async function send(body: TransferRequest) {
    setWaitingFor(body.from === 'wallet' ? body.to : body.from);
    try {
      const answer = await transfer.mutateAsync(body);
      onMoved();
      if (answer.status === 'PENDING') {
        // Held at a game that did not answer: Home shows it on its way, and the wallet without it.
        readHeld();
        void readLedgerWallet();
      }
      setResult({ ...answer, from: body.from, to: body.to });
    } catch (error) {
      const code = errorCodeOf(error);
      const field = FIELD_OF[code];
      if (field) setErrors({ [field]: message(code) });
      else setFailure(errorText(code));
    } finally {
      setWaitingFor(null);
    }
  }

  if (result) {
    const names = {
      amount: formatMoney(result.amount, currency),
      from: placeOf(result.from)?.name ?? result.from,
      to: placeOf(result.to)?.name ?? result.to,
    };
    const pending = result.status === 'PENDING';
    return (
      <MoneyResult
        status={result.status}
        title={t(pending ? 'transfer.pendingTitle' : 'transfer.done')}
        text={t(pending ? 'transfer.pendingText' : 'transfer.doneText', names)}
        onDone={onDone}
      />
    );
  }

  const set = (field: Field) => (event: { target: { value: string } }) => {
    if (field === 'amount') {
      pin();
      setAmount(event.target.value);
      return;
    }
    if (field === 'from') setActed(true);
    pin({ [field]: event.target.value });
  };
  // Every place empty: any transfer would be refused, so that is said at once (issue 31).
  const nothingAnywhere = places.every((place) => place.balance <= 0);
  const sourceEmpty = source !== undefined && source.balance <= 0;
  const reason = nothingAnywhere
    ? why('transfer.nothingAnywhere')
    : sourceEmpty && acted
      ? why('transfer.nothingToMove', { place: source.name })
      : null;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
      <SelectField
        label={t('transfer.from')}
        name="from"
        placeholder={t('transfer.choose')}
        options={options}
        value={values.from}
        onChange={set('from')}
        error={errors.from}
      />
      <div className="flex justify-center">
        <button
          type="button"
          aria-label={t('transfer.swap')}
          onClick={() => {
            setActed(true);
            pin({ from: values.to, to: values.from });
          }}
          className="inline-flex size-11 items-center justify-center rounded-full border border-white/10 bg-ink-700 text-gold-300 hover:bg-ink-600"
        >
          <ArrowUpDown className="size-5" aria-hidden="true" />
        </button>
      </div>
      <SelectField
        label={t('transfer.to')}
        name="to"
        placeholder={t('transfer.choose')}
        options={toOptions}
        value={values.to}
        onChange={set('to')}
        error={errors.to}
      />
      <div>
        <AmountField
          label={t('transfer.amount')}
          name="amount"
          value={values.amount}
          onChange={set('amount')}
          error={errors.amount}
        />
        {source ? (
          <div className="mt-1 flex items-center justify-between gap-2 text-sm text-mist-400">
            <span className="min-w-0 truncate">
              {t('transfer.available', { amount: formatMoney(source.balance, currency) })}
            </span>
            <Button
              variant="ghost"
              className="-mr-3 px-3 text-sm text-gold-300"
              disabled={sourceEmpty}
              aria-describedby={sourceEmpty && reason ? emptyId : undefined}
              onClick={() => {
                pin();
                setAmount(formatMajorAmount(source.balance, currency).replaceAll(',', ''));
              }}
            >
              {t('transfer.useAll')}
            </Button>
          </div>
        ) : null}
        {/* Why Use all is off: a phone has no hover to show it (issue 16). */}
        {reason ? (
          <p id={emptyId} data-reason="transfer" className="text-sm text-amber-300">
            {reason}
          </p>
        ) : null}
      </div>
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      <Button type="submit" block loading={transfer.isPending}>
        {t('transfer.submit')}
      </Button>
      {slow && waitingFor ? (
        <p role="status" data-waiting-for={waitingFor} className="text-center text-sm text-mist-300">
          {home('held.waiting', { game: placeOf(waitingFor)?.name ?? waitingFor })}
        </p>
      ) : null}
      {warning.dialog}
    </form>
  );
}

/** Where a transfer starts by default: the wallet when it holds money, else the fullest open game. */
function holdingPlace(wallet: WalletResponse): string {
  if (wallet.wallet.amount > 0) return 'wallet';
  const fullest = wallet.games
    .filter((game) => game.isActive && game.amount > 0)
    .reduce<WalletResponse['games'][number] | null>(
      (best, game) => (best && best.amount >= game.amount ? best : game),
      null,
    );
  return fullest?.code ?? 'wallet';
}

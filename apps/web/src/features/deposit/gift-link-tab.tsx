import { useDepositTranslation } from '../../lib/deposit-texts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { GIFT_LINK_CURRENCY, TRUELINK_MINIMUM, TruelinkRequest } from '@wallet/contract/http/deposit';
import type { LimitsResponse } from '@wallet/contract/http/limits';
import type { Currency } from '@wallet/contract/money';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import { errorCodeOf } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import { limitsQuery } from '../../lib/limits';
// The time-out's and self-exclusion's words, said here before the member's layout may have loaded them.
import '../../lib/signed-in-error-texts';
import { Loading } from '../../components/ui/loading';
import type { MoneyRequester } from '../../lib/idempotency';
import { useReasonsTranslation } from '../../lib/reasons-texts';
import { useSendGiftLink } from './deposit-api';
import type { DepositTabProps } from './deposit-dialog';

/** Refusals that are about the link itself, shown at the field. */
const LINK_CODES = ['TRUELINK_INVALID', 'TRUELINK_DUPLICATE', 'TRUELINK_MINIMUM', 'FIELD_REQUIRED'];

/** The voucher service's links are in baht (the server's VOUCHER_CURRENCY). */
const VOUCHER_CURRENCY = GIFT_LINK_CURRENCY;

/**
 * The rule that will refuse any gift link now, said as the tab opens (issue 31 item 1, as the
 * withdraw dialog shows its bonus lock): a wallet in another currency, a time-out or
 * self-exclusion, a deposit limit leaving less than the smallest link. null: a link may pass.
 */
export function giftLinkRefusal(
  currency: Currency,
  limits: LimitsResponse | undefined,
  why: (key: string, values: Record<string, string>) => string,
): string | null {
  if (currency !== VOUCHER_CURRENCY) return errorText('CURRENCY_NOT_ACCEPTED');
  if (!limits) return null;
  if (limits.selfExclusion) return errorText('SELF_EXCLUDED');
  if (limits.timeout) return errorText('TIMED_OUT');
  const room = limits.depositRemaining;
  if (room !== null && room < TRUELINK_MINIMUM[VOUCHER_CURRENCY])
    return why('deposit.giftLimit', {
      room: formatMoney(Math.max(0, room), VOUCHER_CURRENCY),
      min: formatMoney(TRUELINK_MINIMUM[VOUCHER_CURRENCY], VOUCHER_CURRENCY),
    });
  return null;
}

/** A prepaid-wallet gift link (spec sections 5, 8 and 9): paste, send, a toast with the amount. */
export function GiftLinkTab(props: DepositTabProps & { money: MoneyRequester }) {
  const { t: why } = useReasonsTranslation();
  // NOTE: read on every opening: a time-out or a limit may have started since the last read. When
  // the limits cannot be read, the form shows: the server still refuses, and says why.
  const limits = useQuery({ ...limitsQuery, refetchOnMount: 'always' });
  const known = limits.isFetchedAfterMount || limits.isError;
  if (props.currency === VOUCHER_CURRENCY && !known) return <Loading />;
  const refusal = giftLinkRefusal(props.currency, limits.isError ? undefined : limits.data, why);
  return refusal ? (
    <p
      data-reason="gift"
      role="alert"
      className="rounded-xl bg-amber-400/10 px-4 py-3 text-sm text-amber-300"
    >
      {refusal}
    </p>
  ) : (
    <GiftLinkForm {...props} />
  );
}

function GiftLinkForm({ money, currency, onDeposited }: DepositTabProps & { money: MoneyRequester }) {
  const { t } = useDepositTranslation();
  const { t: why } = useReasonsTranslation();
  const toast = useToast();
  const [link, setLink] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const send = useSendGiftLink(money);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    // Send stays tappable with no link: a tap says what is missing (a disabled button could not).
    if (link.trim() === '') {
      setError(why('deposit.giftLinkEmpty'));
      return;
    }
    const parsed = TruelinkRequest.safeParse({ link });
    if (!parsed.success) {
      setError(errorText(parsed.error.issues[0]?.message ?? 'TRUELINK_INVALID'));
      return;
    }
    setError(undefined);
    try {
      const result = await send.mutateAsync(parsed.data.link);
      setLink('');
      onDeposited();
      const amount = formatMoney(result.amount, currency);
      toast.show(
        'success',
        t(result.status === 'PENDING' ? 'deposit.gift.pending' : 'deposit.gift.done', { amount }),
      );
    } catch (failed) {
      const code = errorCodeOf(failed);
      if (LINK_CODES.includes(code)) setError(errorText(code));
      else setFailure(errorText(code));
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-3">
      <TextField
        label={t('deposit.gift.link')}
        name="link"
        type="url"
        inputMode="url"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder="https://gift.truemoney.com/campaign/?v=…"
        value={link}
        onChange={(event) => {
          setLink(event.target.value);
          setError(undefined);
        }}
        error={error}
        hint={t('deposit.gift.hint')}
      />
      {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
      <Button type="submit" block loading={send.isPending}>
        {t('deposit.gift.send')}
      </Button>
    </form>
  );
}

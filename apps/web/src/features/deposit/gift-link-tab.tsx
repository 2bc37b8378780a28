import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TruelinkRequest } from '@wallet/contract/http/deposit';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { useToast } from '../../components/ui/toast';
import { errorCodeOf } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import type { MoneyRequester } from '../../lib/idempotency';
import { useReasonsTranslation } from '../../lib/reasons-texts';
import { useSendGiftLink } from './deposit-api';
import type { DepositTabProps } from './deposit-dialog';

/** Refusals that are about the link itself, shown at the field. */
const LINK_CODES = ['TRUELINK_INVALID', 'TRUELINK_DUPLICATE', 'TRUELINK_MINIMUM', 'FIELD_REQUIRED'];

/** A prepaid-wallet gift link (spec sections 5, 8 and 9): paste, send, a toast with the amount. */
export function GiftLinkTab({ money, currency, onDeposited }: DepositTabProps & { money: MoneyRequester }) {
  const { t } = useTranslation();
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

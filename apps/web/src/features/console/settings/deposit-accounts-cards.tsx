import { useState } from 'react';
import type {
  DepositBankAccount,
  DepositWalletAccount,
  SiteSettings,
} from '@wallet/contract/http/console-settings';
import {
  channelFigure,
  QR_PROVIDER_CURRENCY,
  QR_PROVIDERS,
  type QrProvider,
} from '@wallet/contract/http/deposit';
import { formatMajorAmount, parseMajorAmount, type Currency, type MinorUnits } from '@wallet/contract/money';
import { BankBadge } from '../../../components/bank-badge';
import { ErrorAlert } from '../../../components/ui/alert';
import { AmountField, SelectField, TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { useToast } from '../../../components/ui/toast';
import { errorCodeOf } from '../../../lib/api-client';
import { errorText } from '../../../lib/i18n';
import { useLookup } from '../../../lib/lookups';
import { useConsoleTranslation } from '../console-texts';
import { useDepositAccounts, useSaveDepositAccount } from './deposit-accounts-api';
import { SettingCard, SwitchRow, useSave } from './setting-card';

const MODES = ['AUTO', 'SMS'] as const;

/** Saves an account change and says so. */
function useAccountSave() {
  const { t } = useConsoleTranslation();
  const toast = useToast();
  const save = useSaveDepositAccount();
  return {
    pending: save.isPending,
    save: (change: Parameters<typeof save.mutate>[0], onSaved?: () => void) =>
      save.mutate(change, {
        onSuccess: () => {
          // Often saved from a confirm that closes on it: passed to what is beneath (decision 072).
          toast.show('success', t('settings.saved'), { after: 'close' });
          onSaved?.();
        },
        onError: (error) => toast.show('error', errorText(errorCodeOf(error))),
      }),
  };
}

function BankAccountCard({ account }: { account: DepositBankAccount }) {
  const { t } = useConsoleTranslation();
  const { save, pending } = useAccountSave();
  const [draft, setDraft] = useState(account);
  const [sortOrder, setSortOrder] = useState(String(account.sortOrder));
  const order = /^\d{1,3}$/.test(sortOrder);
  return (
    <SettingCard
      title={`${account.bankCode} ${account.accountNo}`}
      hint={t(account.active ? 'settings.accounts.shown' : 'settings.accounts.hidden', {
        currency: account.currency,
      })}
      saving={pending}
      canSave={draft.accountName.trim() !== '' && order}
      onSave={() =>
        save({
          kind: 'bank',
          id: account.id,
          body: {
            mode: draft.mode,
            accountName: draft.accountName,
            accountNames: draft.accountNames,
            sortOrder: Number(sortOrder),
            active: draft.active,
          },
        })
      }
    >
      <div className="flex items-center gap-2">
        <BankBadge code={account.bankCode} size="sm" />
        <span className="text-sm text-mist-300 tabular-nums">{account.accountNo}</span>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('settings.accounts.name')}
          value={draft.accountName}
          onChange={(event) => setDraft({ ...draft, accountName: event.target.value })}
        />
        <TextField
          label={t('settings.accounts.nameTh')}
          value={draft.accountNames.th ?? ''}
          onChange={(event) =>
            setDraft({
              ...draft,
              accountNames: { ...draft.accountNames, th: event.target.value || undefined },
            })
          }
        />
        <SelectField
          label={t('settings.accounts.mode')}
          placeholder={t('settings.accounts.mode')}
          value={draft.mode}
          options={MODES.map((mode) => ({ value: mode, label: t(`settings.accounts.modes.${mode}`) }))}
          onChange={(event) => setDraft({ ...draft, mode: event.target.value as DepositBankAccount['mode'] })}
        />
        <TextField
          label={t('settings.accounts.order')}
          inputMode="numeric"
          value={sortOrder}
          onChange={(event) => setSortOrder(event.target.value)}
          error={order ? undefined : t('settings.accounts.orderInvalid')}
        />
      </div>
      <SwitchRow
        label={t('settings.accounts.active')}
        hint={t('settings.accounts.activeHint')}
        on={draft.active}
        pending={false}
        onChange={(active) => setDraft({ ...draft, active })}
      />
    </SettingCard>
  );
}

function AddBankCard({ currencies }: { currencies: readonly string[] }) {
  const { t } = useConsoleTranslation();
  const banks = useLookup('banks');
  const { save, pending } = useAccountSave();
  const empty = { bankCode: '', accountNo: '', accountName: '', currency: currencies[0] ?? 'BAHT' };
  const [draft, setDraft] = useState(empty);
  const numberOk = /^\d{6,20}$/.test(draft.accountNo);
  return (
    <SettingCard
      title={t('settings.accounts.add')}
      hint={t('settings.accounts.addHint')}
      saving={pending}
      canSave={draft.bankCode !== '' && numberOk && draft.accountName.trim() !== ''}
      onSave={() =>
        save(
          {
            kind: 'addBank',
            body: {
              bankCode: draft.bankCode,
              accountNo: draft.accountNo,
              accountName: draft.accountName,
              accountNames: {},
              currency: draft.currency as DepositBankAccount['currency'],
              mode: 'AUTO',
              sortOrder: 0,
              active: true,
            },
          },
          () => setDraft(empty),
        )
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('settings.accounts.bank')}
          placeholder={t('settings.accounts.chooseBank')}
          value={draft.bankCode}
          options={(banks.data?.banks ?? []).map((bank) => ({
            value: bank.code,
            label: `${bank.code} · ${bank.name}`,
          }))}
          onChange={(event) => setDraft({ ...draft, bankCode: event.target.value })}
        />
        <TextField
          label={t('settings.accounts.number')}
          inputMode="numeric"
          value={draft.accountNo}
          onChange={(event) => setDraft({ ...draft, accountNo: event.target.value.replace(/\D/g, '') })}
          error={draft.accountNo && !numberOk ? t('settings.accounts.numberInvalid') : undefined}
        />
        <TextField
          label={t('settings.accounts.name')}
          value={draft.accountName}
          onChange={(event) => setDraft({ ...draft, accountName: event.target.value })}
        />
        <SelectField
          label={t('settings.accounts.currency')}
          placeholder={t('settings.accounts.currency')}
          value={draft.currency}
          options={currencies.map((currency) => ({ value: currency, label: currency }))}
          onChange={(event) => setDraft({ ...draft, currency: event.target.value })}
        />
      </div>
    </SettingCard>
  );
}

function WalletCard({ wallet }: { wallet: DepositWalletAccount }) {
  const { t } = useConsoleTranslation();
  const { save, pending } = useAccountSave();
  const [draft, setDraft] = useState(wallet);
  return (
    <SettingCard
      title={t('settings.accounts.wallet')}
      hint={t('settings.accounts.walletHint')}
      saving={pending}
      canSave={draft.walletAccountName.trim() !== ''}
      onSave={() =>
        save({
          kind: 'wallet',
          id: wallet.id,
          body: { mode: draft.mode, walletAccountName: draft.walletAccountName, active: draft.active },
        })
      }
    >
      <TextField
        label={t('settings.accounts.walletName')}
        value={draft.walletAccountName}
        onChange={(event) => setDraft({ ...draft, walletAccountName: event.target.value })}
      />
      <SwitchRow
        label={t('settings.accounts.active')}
        hint={t('settings.accounts.activeHint')}
        on={draft.active}
        pending={false}
        onChange={(active) => setDraft({ ...draft, active })}
      />
    </SettingCard>
  );
}

/**
 * The smallest QR deposit of each channel, in the one currency it takes (decisions 067 and 078):
 * a baht channel has no kip field. Channels of a currency the market does not offer (the Lao QR
 * on a Thai site) are not shown, and keep what they hold.
 */
export function QrMinimumsCard({
  value,
  currencies,
}: {
  value: SiteSettings['qrMinimums'];
  currencies: readonly Currency[];
}) {
  const { t } = useConsoleTranslation();
  const { save, pending } = useSave('qrMinimums');
  const shown = QR_PROVIDERS.filter((provider) => currencies.includes(QR_PROVIDER_CURRENCY[provider]));
  const [draft, setDraft] = useState(
    () =>
      Object.fromEntries(
        QR_PROVIDERS.map((provider) => [
          provider,
          formatMajorAmount(channelFigure(value, provider), QR_PROVIDER_CURRENCY[provider]),
        ]),
      ) as Record<QrProvider, string>,
  );
  const parsed = Object.fromEntries(
    QR_PROVIDERS.map((provider) => [
      provider,
      parseMajorAmount(draft[provider], QR_PROVIDER_CURRENCY[provider]),
    ]),
  ) as Record<QrProvider, MinorUnits | null>;
  const bad = (provider: QrProvider) => (parsed[provider] ?? 0) <= 0;
  return (
    <SettingCard
      title={t('settings.qr.title')}
      hint={t('settings.qr.hint')}
      saving={pending}
      canSave={!QR_PROVIDERS.some(bad)}
      onSave={() =>
        save(
          Object.fromEntries(
            QR_PROVIDERS.map((provider) => [
              provider,
              { [QR_PROVIDER_CURRENCY[provider]]: parsed[provider] },
            ]),
          ) as SiteSettings['qrMinimums'],
        )
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {shown.map((provider) => (
          <AmountField
            key={provider}
            label={`${provider} · ${t(`settings.currency.${QR_PROVIDER_CURRENCY[provider]}`)}`}
            value={draft[provider]}
            onChange={(event) => setDraft({ ...draft, [provider]: event.target.value })}
            error={bad(provider) ? t('settings.amountInvalid') : undefined}
          />
        ))}
      </div>
    </SettingCard>
  );
}

/** The deposit accounts tab: QR minimums, every receiving bank account, a new one, the gift-link wallet. */
export function DepositAccountsTab({ settings }: { settings: SiteSettings }) {
  const { t } = useConsoleTranslation();
  const accounts = useDepositAccounts();
  const market = useLookup('market');
  if (accounts.isPending) return <Loading />;
  if (accounts.isError) return <ErrorAlert>{errorText(errorCodeOf(accounts.error))}</ErrorAlert>;
  return (
    <>
      <QrMinimumsCard value={settings.qrMinimums} currencies={market.data?.currencies ?? ['BAHT']} />
      <h2 className="pt-2 text-lg font-bold">{t('settings.accounts.title')}</h2>
      {accounts.data.banks.map((account) => (
        <BankAccountCard key={account.id} account={account} />
      ))}
      <AddBankCard currencies={market.data?.currencies ?? ['BAHT']} />
      {accounts.data.wallets.map((wallet) => (
        <WalletCard key={wallet.id} wallet={wallet} />
      ))}
    </>
  );
}

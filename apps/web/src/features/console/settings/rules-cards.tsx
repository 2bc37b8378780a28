import { useState } from 'react';
import type { SiteSettings } from '@wallet/contract/http/console-settings';
import { CURRENCIES, mapCurrencies } from '@wallet/contract/money';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/field';
import { useConsoleTranslation } from '../console-texts';
import { PerCurrencyFields, draftOf, parsedOf, ruleOf } from '../per-currency-fields';
import { SettingCard, SwitchRow, useSave } from './setting-card';

/**
 * Withdrawal minimum and maximum in each currency (decision 067), typed in the currency's major
 * unit, kept in minor units: a kip member's limits are kip figures.
 */
export function WithdrawCard({ value }: { value: SiteSettings['withdraw'] }) {
  const { t } = useConsoleTranslation();
  const { save, pending } = useSave('withdraw');
  const [min, setMin] = useState(() => draftOf(mapCurrencies(value, (limits) => limits.withdrawMin)));
  const [max, setMax] = useState(() => draftOf(mapCurrencies(value, (limits) => limits.withdrawMax)));
  const [mins, maxes] = [ruleOf(min), ruleOf(max)];
  const order = mapCurrencies(parsedOf(min), (least, currency) => {
    const most = parsedOf(max)[currency];
    return least !== null && most !== null && least > most ? t('settings.withdraw.order') : undefined;
  });
  const ordered = CURRENCIES.every((currency) => !order[currency]);
  return (
    <SettingCard
      title={t('settings.withdraw.title')}
      hint={t('settings.withdraw.hint')}
      saving={pending}
      canSave={mins !== null && maxes !== null && ordered}
      onSave={() =>
        save(
          mapCurrencies(mins!, (withdrawMin, currency) => ({ withdrawMin, withdrawMax: maxes![currency] })),
        )
      }
    >
      <PerCurrencyFields label={t('settings.withdraw.min')} draft={min} onChange={setMin} />
      <PerCurrencyFields label={t('settings.withdraw.max')} draft={max} onChange={setMax} errors={order} />
    </SettingCard>
  );
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** How old a slip may be, and the daily window closed to uploads (both empty: always open). */
export function SlipCard({ value }: { value: SiteSettings['slip'] }) {
  const { t } = useConsoleTranslation();
  const { save, pending } = useSave('slip');
  const [age, setAge] = useState(String(value.maxAgeMinutes));
  const [from, setFrom] = useState(value.closedFrom ?? '');
  const [to, setTo] = useState(value.closedTo ?? '');
  const minutes = /^\d{1,5}$/.test(age) && Number(age) > 0 && Number(age) <= 10_080 ? Number(age) : null;
  const window = (from === '') === (to === '') && [from, to].every((one) => one === '' || TIME.test(one));
  return (
    <SettingCard
      title={t('settings.slip.title')}
      hint={t('settings.slip.hint', { zone: value.timeZone })}
      saving={pending}
      canSave={minutes !== null && window}
      onSave={() =>
        save({ ...value, maxAgeMinutes: minutes!, closedFrom: from || null, closedTo: to || null })
      }
    >
      <TextField
        label={t('settings.slip.maxAge')}
        inputMode="numeric"
        value={age}
        onChange={(event) => setAge(event.target.value)}
        error={minutes === null ? t('settings.slip.maxAgeInvalid') : undefined}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('settings.slip.closedFrom')}
          type="time"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
        />
        <TextField
          label={t('settings.slip.closedTo')}
          type="time"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          error={window ? undefined : t('settings.slip.windowInvalid')}
        />
      </div>
    </SettingCard>
  );
}

/** Flags that take effect at the members' next call: registration code, chat, manual notices. */
export function SwitchesCard({ settings }: { settings: SiteSettings }) {
  const { t } = useConsoleTranslation();
  const otp = useSave('registerOTP');
  const chat = useSave('enableChatWidget');
  const manual = useSave('deposit');
  return (
    <SettingCard title={t('settings.switches.title')}>
      <SwitchRow
        label={t('settings.switches.registerOtp')}
        hint={t('settings.switches.registerOtpHint')}
        on={settings.registerOTP.enabled}
        pending={otp.pending}
        onChange={(enabled) => otp.save({ enabled })}
      />
      <SwitchRow
        label={t('settings.switches.chat')}
        hint={t('settings.switches.chatHint')}
        on={settings.enableChatWidget.enabled}
        pending={chat.pending}
        onChange={(enabled) => chat.save({ enabled })}
      />
      <SwitchRow
        label={t('settings.switches.manual')}
        hint={t('settings.switches.manualHint')}
        on={settings.deposit.isManual}
        pending={manual.pending}
        onChange={(isManual) => manual.save({ isManual })}
      />
    </SettingCard>
  );
}

/**
 * The whole site on or off for members (the terminated page). Switching it off asks for a typed
 * word first: one tap must never shut every member out.
 */
export function ServiceCard({ value }: { value: SiteSettings['active'] }) {
  const { t } = useConsoleTranslation();
  const { save, pending } = useSave('active');
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState('');
  const word = t('settings.service.word');
  const off = value.terminated;
  return (
    <SettingCard
      title={t('settings.service.title')}
      hint={t(off ? 'settings.service.isOff' : 'settings.service.isOn')}
    >
      <div className="flex justify-end">
        {off ? (
          <Button loading={pending} onClick={() => save({ terminated: false })}>
            {t('settings.service.switchOn')}
          </Button>
        ) : (
          <Button variant="danger" onClick={() => setAsking(true)}>
            {t('settings.service.switchOff')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={asking}
        onClose={() => {
          setAsking(false);
          setTyped('');
        }}
        title={t('settings.service.confirmTitle')}
        confirmLabel={t('settings.service.switchOff')}
        cancelLabel={t('settings.service.keep')}
        tone="danger"
        pending={pending}
        onConfirm={() => {
          if (typed.trim().toUpperCase() !== word.toUpperCase()) return;
          save({ terminated: true }, () => {
            setAsking(false);
            setTyped('');
          });
        }}
      >
        <div className="space-y-4">
          <p>{t('settings.service.confirmText')}</p>
          <TextField
            label={t('settings.service.typeWord', { word })}
            value={typed}
            autoComplete="off"
            onChange={(event) => setTyped(event.target.value)}
            error={
              typed && typed.trim().toUpperCase() !== word.toUpperCase()
                ? t('settings.service.wordWrong', { word })
                : undefined
            }
          />
        </div>
      </ConfirmDialog>
    </SettingCard>
  );
}

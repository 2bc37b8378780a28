import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LOCALES } from '@wallet/contract/constants';
import {
  ConsolePrograms,
  ProgramUpdateRequest,
  type InviteProgramSettings,
  type RefundProgramSettings,
} from '@wallet/contract/http/console-offers';
import { INVITE_RULES, REFUND_PERIODS } from '@wallet/contract/http/rewards';
import { GAME_CATEGORIES } from '@wallet/contract/http/wallet';
import { CURRENCIES, type MinorUnits, type PerCurrency } from '@wallet/contract/money';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { useToast } from '../../../components/ui/toast';
import { errorCodeOf } from '../../../lib/api-client';
import { errorText } from '../../../lib/i18n';
import { queryKeys } from '../../../lib/query-keys';
import { consoleRequest } from '../console-api';
import { useConsoleTranslation } from '../console-texts';
import { DraftNumber } from './draft-number';

type Name = 'invite' | 'refund';
type Settings = InviteProgramSettings | RefundProgramSettings;
/** The settings that are amounts, one figure per currency each. */
type AmountSetting = 'dailyCap' | 'cap' | 'minimumClaim' | 'minimum' | 'floor';

/**
 * The invite bonus and the loss refund (/console/offers/programs, offers.manage; decisions 020
 * and 057): each switched on or off and set whole (rule or period, percent, cap, minimum, closing
 * hour, the games counted, and the terms of the grants they make). Grants already made keep theirs.
 */
export function ProgramsPage() {
  const { t } = useConsoleTranslation();
  const programs = useQuery({
    queryKey: queryKeys.console.programs,
    queryFn: () => consoleRequest('/api/console/programs', { schema: ConsolePrograms }),
    staleTime: 0,
  });
  return (
    <section className="mx-auto h-full w-full max-w-6xl overflow-y-auto px-3 py-4 sm:px-6">
      <Link
        to="/console/offers"
        className="mb-3 inline-flex min-h-11 items-center gap-2 text-sm text-mist-300"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('offers.back')}
      </Link>
      <h1 className="mb-4 text-[22px] font-bold">{t('offers.programs.title')}</h1>
      {programs.isPending ? (
        <Loading />
      ) : programs.isError ? (
        <ErrorAlert>{errorText(errorCodeOf(programs.error))}</ErrorAlert>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          {(['invite', 'refund'] as const).map((name) => (
            <ProgramForm key={name} name={name} program={programs.data[name]} />
          ))}
        </div>
      )}
    </section>
  );
}

function ProgramForm({ name, program }: { name: Name; program: { active: boolean; settings: Settings } }) {
  const { t } = useConsoleTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [active, setActive] = useState(program.active);
  const [settings, setSettings] = useState<Settings>(program.settings);
  const save = useMutation({
    mutationFn: (body: ProgramUpdateRequest) =>
      consoleRequest(`/api/console/programs/${name}`, { method: 'PUT', body, schema: ProgramUpdateRequest }),
    onSuccess: () => {
      toast.show('success', t('offers.programs.saved', { name: t(`offers.programs.${name}`) }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.console.programs });
    },
  });
  const invalidText = t('offers.invalidNumber');
  const set = (changes: Partial<Settings>) => setSettings((current) => ({ ...current, ...changes }));
  const number = (field: keyof Settings, label: string, major = false) => (
    <DraftNumber
      label={label}
      major={major}
      value={settings[field] as number}
      invalidText={invalidText}
      onValue={(value) => set({ [field]: (value ?? 0) as MinorUnits })}
    />
  );

  /** One field per currency (decision 067): a kip member's figures are kip ones. */
  const amounts = (field: AmountSetting, label: string) =>
    CURRENCIES.map((currency) => {
      const rule = (settings as unknown as Record<AmountSetting, PerCurrency<number>>)[field];
      return (
        <DraftNumber
          key={`${field}-${currency}`}
          label={`${label} · ${t(`settings.currency.${currency}`)}`}
          major
          currency={currency}
          value={rule[currency]}
          invalidText={invalidText}
          onValue={(value) => set({ [field]: { ...rule, [currency]: (value ?? 0) as MinorUnits } })}
        />
      );
    });

  return (
    <form
      className="card space-y-4 p-4"
      data-program={name}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ active, settings });
      }}
    >
      <h2 className="text-[17px] font-semibold">{t(`offers.programs.${name}`)}</h2>
      <label className="flex min-h-11 items-center gap-3 text-sm">
        <input
          type="checkbox"
          className="size-5 accent-amber-400"
          checked={active}
          onChange={(event) => setActive(event.target.checked)}
        />
        {t('offers.programs.active')}
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        {'rule' in settings ? (
          <SelectField
            label={t('offers.programs.rule')}
            placeholder={t('offers.choose')}
            value={settings.rule}
            options={INVITE_RULES.map((rule) => ({ value: rule, label: t(`offers.programs.rules.${rule}`) }))}
            onChange={(event) => set({ rule: event.target.value as InviteProgramSettings['rule'] })}
          />
        ) : (
          <SelectField
            label={t('offers.programs.period')}
            placeholder={t('offers.choose')}
            value={settings.period}
            options={REFUND_PERIODS.map((period) => ({
              value: period,
              label: t(`offers.programs.periods.${period}`),
            }))}
            onChange={(event) => set({ period: event.target.value as RefundProgramSettings['period'] })}
          />
        )}
        {number('percent', t('offers.programs.percent'))}
        {'rule' in settings
          ? amounts('dailyCap', t('offers.programs.dailyCap'))
          : amounts('cap', t('offers.programs.cap'))}
        {'rule' in settings
          ? amounts('minimumClaim', t('offers.programs.minimumClaim'))
          : amounts('minimum', t('offers.programs.minimum'))}
        {number('closeHour', t('offers.programs.closeHour'))}
      </div>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-mist-300">
          {t('offers.programs.categories')}
        </legend>
        <div className="flex flex-wrap gap-x-5">
          {GAME_CATEGORIES.map((category) => (
            <label key={category} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-5 accent-amber-400"
                checked={settings.categories.includes(category)}
                onChange={(event) =>
                  set({
                    categories: event.target.checked
                      ? [...settings.categories, category]
                      : settings.categories.filter((one) => one !== category),
                  })
                }
              />
              {t(`offers.category.${category}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <h3 className="text-sm font-semibold text-mist-300">{t('offers.programs.terms')}</h3>
      <div className="grid gap-4 sm:grid-cols-3">
        {LOCALES.map((locale) => (
          <TextField
            key={locale}
            lang={locale}
            label={t('offers.field.name', { language: t(`offers.language.${locale}`) })}
            value={settings.names[locale]}
            onChange={(event) => set({ names: { ...settings.names, [locale]: event.target.value } })}
          />
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {number('turnoverMultiple', t('offers.field.turnoverMultiple'))}
        {amounts('floor', t('offers.field.floor'))}
        {number('grantDays', t('offers.field.grantDays'))}
        {number('success', t('offers.programs.success'))}
        {number('fail', t('offers.programs.fail'))}
      </div>
      {save.isError ? (
        <p role="alert" className="text-sm text-rose-400">
          {errorText(errorCodeOf(save.error))}
        </p>
      ) : null}
      <Button type="submit" block loading={save.isPending}>
        {t('offers.programs.save', { name: t(`offers.programs.${name}`) })}
      </Button>
    </form>
  );
}

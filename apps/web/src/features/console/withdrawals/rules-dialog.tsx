import { useState } from 'react';
import { RISK_FLAGS, type RiskFlag } from '@wallet/contract/http/console-risk';
import type { WithdrawalRules } from '@wallet/contract/http/console-withdrawals';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { useToast } from '../../../components/ui/toast';
import { errorCodeOf } from '../../../lib/api-client';
import { errorText } from '../../../lib/i18n';
import { useStaffCan } from '../console-api';
import { useConsoleTranslation } from '../console-texts';
import {
  PerCurrencyFields,
  draftOf as currencyDraftOf,
  ruleOf,
  type CurrencyDraft,
} from '../per-currency-fields';
import { useSaveWithdrawalRules, useWithdrawalRules } from './withdrawals-api';

/** What the form holds: amounts as typed, one per currency (decision 075), the rest as the rules have them. */
interface Draft {
  autoApproveMax: CurrencyDraft;
  dailyAutoCount: string;
  reviewFirst: boolean;
  secondApprovalOver: CurrencyDraft;
  reviewFlags: RiskFlag[];
  reviewTags: string;
}

const draftOf = (rules: WithdrawalRules): Draft => ({
  autoApproveMax: currencyDraftOf(rules.autoApproveMax),
  dailyAutoCount: String(rules.dailyAutoCount),
  reviewFirst: rules.reviewFirst,
  secondApprovalOver: currencyDraftOf(rules.secondApprovalOver),
  reviewFlags: rules.reviewFlags,
  reviewTags: rules.reviewTags.join(', '),
});

/**
 * The withdrawal rules (decision 045): read by staff who decide withdrawals, changed by those with
 * settings.manage (the server checks both, and audits each change before and after).
 */
export function RulesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useConsoleTranslation();
  const rules = useWithdrawalRules(open);
  return (
    <Dialog open={open} onClose={onClose} title={t('withdrawals.rules.title')}>
      {rules.isPending ? (
        <Loading />
      ) : rules.isError ? (
        <p className="text-rose-400">{errorText(errorCodeOf(rules.error))}</p>
      ) : (
        <RulesForm rules={rules.data} onSaved={onClose} />
      )}
    </Dialog>
  );
}

function RulesForm({ rules, onSaved }: { rules: WithdrawalRules; onSaved: () => void }) {
  const { t } = useConsoleTranslation();
  const toast = useToast();
  const mayChange = useStaffCan('settings.manage');
  const save = useSaveWithdrawalRules();
  const [draft, setDraft] = useState(() => draftOf(rules));
  const autoMax = ruleOf(draft.autoApproveMax);
  const twoOver = ruleOf(draft.secondApprovalOver);
  const count = /^\d{1,4}$/.test(draft.dailyAutoCount) ? Number(draft.dailyAutoCount) : null;
  const set = (field: 'dailyAutoCount' | 'reviewTags') => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));
  const setAmounts = (field: 'autoApproveMax' | 'secondApprovalOver') => (amounts: CurrencyDraft) =>
    setDraft((current) => ({ ...current, [field]: amounts }));

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (autoMax === null || twoOver === null || count === null) return;
        save.mutate(
          {
            autoApproveMax: autoMax,
            dailyAutoCount: count,
            reviewFirst: draft.reviewFirst,
            secondApprovalOver: twoOver,
            reviewFlags: draft.reviewFlags,
            reviewTags: draft.reviewTags
              .split(',')
              .map((tag) => tag.trim())
              .filter(Boolean),
          },
          {
            onSuccess: () => {
              // The dialog closes on it: told on the screen beneath (decision 072).
              toast.show('success', t('withdrawals.rules.saved'), { after: 'close' });
              onSaved();
            },
          },
        );
      }}
    >
      <p className="text-sm text-mist-300">{t('withdrawals.rules.intro')}</p>
      {!mayChange ? <p className="text-sm text-amber-300">{t('withdrawals.rules.readOnly')}</p> : null}
      <fieldset disabled={!mayChange} className="space-y-4">
        <PerCurrencyFields
          label={t('withdrawals.rules.autoApproveMax')}
          draft={draft.autoApproveMax}
          onChange={setAmounts('autoApproveMax')}
        />
        <TextField
          label={t('withdrawals.rules.dailyAutoCount')}
          inputMode="numeric"
          value={draft.dailyAutoCount}
          error={count === null ? t('withdrawals.rules.invalid') : undefined}
          onChange={set('dailyAutoCount')}
        />
        <PerCurrencyFields
          label={t('withdrawals.rules.secondApprovalOver')}
          draft={draft.secondApprovalOver}
          onChange={setAmounts('secondApprovalOver')}
        />
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="size-5 accent-amber-400"
            checked={draft.reviewFirst}
            onChange={(event) => setDraft((current) => ({ ...current, reviewFirst: event.target.checked }))}
          />
          {t('withdrawals.rules.reviewFirst')}
        </label>
        <fieldset className="space-y-1">
          <legend className="mb-1.5 text-sm font-medium text-mist-300">
            {t('withdrawals.rules.reviewFlags')}
          </legend>
          {RISK_FLAGS.map((flag) => (
            <label key={flag} className="flex min-h-11 items-center gap-3 text-sm">
              <input
                type="checkbox"
                className="size-5 accent-amber-400"
                checked={draft.reviewFlags.includes(flag)}
                onChange={(event) =>
                  setDraft((current) => ({
                    ...current,
                    reviewFlags: event.target.checked
                      ? [...current.reviewFlags, flag]
                      : current.reviewFlags.filter((one) => one !== flag),
                  }))
                }
              />
              {t(`withdrawals.flags.${flag}`)}
            </label>
          ))}
        </fieldset>
        <TextField
          label={t('withdrawals.rules.reviewTags')}
          value={draft.reviewTags}
          onChange={set('reviewTags')}
        />
      </fieldset>
      {save.isError ? <p className="text-sm text-rose-400">{errorText(errorCodeOf(save.error))}</p> : null}
      {mayChange ? (
        <Button type="submit" block loading={save.isPending}>
          {t('withdrawals.rules.save')}
        </Button>
      ) : null}
    </form>
  );
}

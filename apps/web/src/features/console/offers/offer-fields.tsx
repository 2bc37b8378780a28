import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { LOCALES, type Locale } from '@wallet/contract/constants';
import { BONUS_TYPES, OFFER_CHANNELS } from '@wallet/contract/http/bonus';
import { DEPOSIT_RULES } from '@wallet/contract/http/console-offers';
import { GAME_CATEGORIES } from '@wallet/contract/http/wallet';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { useConsoleTranslation } from '../console-texts';
import { BannerImageField } from './banner-image-field';
import { PerCurrencyFields } from '../per-currency-fields';
import type { AmountKind, DraftErrors, OfferDraft } from './offer-draft';

export interface FieldsProps {
  draft: OfferDraft;
  errors: DraftErrors;
  /** Whether the code may be typed (a new offer; a code never changes once made). */
  isNew: boolean;
  onChange: (change: (draft: OfferDraft) => OfferDraft) => void;
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="card space-y-4 p-4">
      <legend className="sr-only">{title}</legend>
      <h2 className="text-[15px] font-semibold text-snow">{title}</h2>
      {children}
    </fieldset>
  );
}

const grid = 'grid gap-4 sm:grid-cols-2';

/** Every term of an offer, grouped as an operator thinks of them: who, what, what must be played, limits. */
export function OfferFields({ draft, errors, isNew, onChange }: FieldsProps) {
  const { t } = useConsoleTranslation();
  const invalid = (field: keyof OfferDraft) => (errors[field] ? t('offers.invalidNumber') : undefined);
  const text = (field: keyof OfferDraft) => (event: { target: { value: string } }) =>
    onChange((current) => ({ ...current, [field]: event.target.value }));
  const localText = (field: 'names' | 'notices', locale: Locale) => (event: { target: { value: string } }) =>
    onChange((current) => ({ ...current, [field]: { ...current[field], [locale]: event.target.value } }));
  const number = (field: keyof OfferDraft, label: string, hint?: string) => (
    <TextField
      label={label}
      inputMode="numeric"
      value={draft[field] as string}
      error={invalid(field)}
      hint={hint}
      onChange={text(field)}
    />
  );
  // One field per currency (decision 067): a kip member's figures are kip ones.
  const amount = (field: AmountKind, label: string, hint?: string) => (
    <div className="sm:col-span-2">
      <PerCurrencyFields
        label={label}
        draft={draft[field]}
        onChange={(texts) => onChange((current) => ({ ...current, [field]: texts }))}
      />
      {hint ? <p className="mt-1 text-xs text-mist-400">{hint}</p> : null}
    </div>
  );

  return (
    <div className="space-y-4">
      <Group title={t('offers.group.basics')}>
        <div className={grid}>
          <TextField
            label={t('offers.field.code')}
            value={draft.code}
            readOnly={!isNew}
            autoCapitalize="characters"
            maxLength={32}
            hint={isNew ? t('offers.hint.code') : t('offers.hint.codeFixed')}
            onChange={(event) =>
              onChange((current) => ({ ...current, code: event.target.value.toUpperCase() }))
            }
          />
          <SelectField
            label={t('offers.field.channel')}
            placeholder={t('offers.choose')}
            value={draft.channel}
            options={OFFER_CHANNELS.map((value) => ({ value, label: t(`offers.channel.${value}`) }))}
            onChange={text('channel')}
          />
          {number('sort', t('offers.field.sort'))}
          <label className="flex min-h-11 items-center gap-3 self-end text-sm">
            <input
              type="checkbox"
              className="size-5 accent-amber-400"
              checked={draft.active}
              onChange={(event) => onChange((current) => ({ ...current, active: event.target.checked }))}
            />
            {t('offers.field.active')}
          </label>
        </div>
        {LOCALES.map((locale) => (
          <div key={locale} className="space-y-3">
            <TextField
              label={t('offers.field.name', { language: t(`offers.language.${locale}`) })}
              lang={locale}
              value={draft.names[locale]}
              maxLength={120}
              onChange={localText('names', locale)}
            />
            <TextAreaField
              label={t('offers.field.notice', { language: t(`offers.language.${locale}`) })}
              lang={locale}
              rows={3}
              hint={t('offers.hint.htmlAmounts')}
              value={draft.notices[locale]}
              onChange={localText('notices', locale)}
            />
          </div>
        ))}
      </Group>

      <Group title={t('offers.group.reward')}>
        <div className={grid}>
          <SelectField
            label={t('offers.field.rewardKind')}
            placeholder={t('offers.choose')}
            value={draft.rewardKind}
            options={(['percent', 'fixed'] as const).map((value) => ({
              value,
              label: t(`offers.rewardKind.${value}`),
            }))}
            onChange={text('rewardKind')}
          />
          {draft.rewardKind === 'percent' ? (
            <>
              {number('bonusPercent', t('offers.field.bonusPercent'))}
              {amount('maxBonus', t('offers.field.maxBonus'))}
            </>
          ) : (
            amount('bonusAmount', t('offers.field.bonusAmount'))
          )}
          {amount('budget', t('offers.field.budget'), t('offers.hint.optional'))}
        </div>
      </Group>

      <Group title={t('offers.group.claims')}>
        <div className={grid}>
          <SelectField
            label={t('offers.field.type')}
            placeholder={t('offers.choose')}
            value={draft.type}
            options={BONUS_TYPES.map((value) => ({ value, label: t(`offers.type.${value}`) }))}
            onChange={text('type')}
          />
          {number('maxReceived', t('offers.field.maxReceived'))}
          <SelectField
            label={t('offers.field.depositRule')}
            placeholder={t('offers.choose')}
            value={draft.depositRule}
            options={DEPOSIT_RULES.map((value) => ({ value, label: t(`offers.depositRule.${value}`) }))}
            onChange={text('depositRule')}
          />
          {amount('minimumDeposit', t('offers.field.minimumDeposit'))}
          {number('depositWithinMinutes', t('offers.field.depositWithinMinutes'))}
          <div />
          <TextField
            type="datetime-local"
            label={t('offers.field.startsAt')}
            hint={t('offers.hint.marketTime')}
            value={draft.startsAt}
            onChange={text('startsAt')}
          />
          <TextField
            type="datetime-local"
            label={t('offers.field.endsAt')}
            hint={t('offers.hint.marketTime')}
            value={draft.endsAt}
            onChange={text('endsAt')}
          />
        </div>
      </Group>

      <Group title={t('offers.group.turnover')}>
        <div className={grid}>
          {number('turnoverMultiple', t('offers.field.turnoverMultiple'))}
          {number('grantDays', t('offers.field.grantDays'))}
        </div>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {GAME_CATEGORIES.map((category) => (
            <TextField
              key={category}
              label={t('offers.field.contribution', { category: t(`offers.category.${category}`) })}
              inputMode="numeric"
              placeholder="0"
              value={draft.contributions[category]}
              error={errors.contributions ? t('offers.invalidNumber') : undefined}
              onChange={(event) =>
                onChange((current) => ({
                  ...current,
                  contributions: { ...current.contributions, [category]: event.target.value },
                }))
              }
            />
          ))}
        </div>
        <div className={grid}>
          {number('withdrawCapMultiple', t('offers.field.withdrawCapMultiple'), t('offers.hint.cap'))}
          {amount('floor', t('offers.field.floor'), t('offers.hint.floor'))}
          {number('percentFail', t('offers.field.percentFail'), t('offers.hint.percentFail'))}
        </div>
      </Group>

      <Group title={t('offers.group.banners')}>
        {draft.banners.map((banner, index) => (
          <div key={index} className="space-y-3 rounded-xl border border-white/5 p-3">
            <BannerImageField
              code={isNew ? null : draft.code}
              index={index}
              image={banner.image}
              onUploaded={(image) =>
                onChange((current) => ({
                  ...current,
                  banners: current.banners.map((one, at) => (at === index ? { ...one, image } : one)),
                }))
              }
            />
            <TextField
              label={t('offers.field.bannerImage')}
              hint={t('offers.hint.bannerImage')}
              value={banner.image}
              onChange={(event) =>
                onChange((current) => ({
                  ...current,
                  banners: current.banners.map((one, at) =>
                    at === index ? { ...one, image: event.target.value } : one,
                  ),
                }))
              }
            />
            {LOCALES.map((locale) => (
              <TextAreaField
                key={locale}
                lang={locale}
                label={t('offers.field.bannerHtml', { language: t(`offers.language.${locale}`) })}
                value={banner.html[locale]}
                onChange={(event) =>
                  onChange((current) => ({
                    ...current,
                    banners: current.banners.map((one, at) =>
                      at === index ? { ...one, html: { ...one.html, [locale]: event.target.value } } : one,
                    ),
                  }))
                }
              />
            ))}
            <Button
              variant="ghost"
              icon={<Trash2 className="size-4" aria-hidden="true" />}
              onClick={() =>
                onChange((current) => ({
                  ...current,
                  banners: current.banners.filter((_, at) => at !== index),
                }))
              }
            >
              {t('offers.removeBanner')}
            </Button>
          </div>
        ))}
        <Button
          variant="secondary"
          icon={<Plus className="size-4" aria-hidden="true" />}
          onClick={() =>
            onChange((current) => ({
              ...current,
              banners: [...current.banners, { image: '', html: { th: '', lo: '', en: '' } }],
            }))
          }
        >
          {t('offers.addBanner')}
        </Button>
      </Group>
    </div>
  );
}

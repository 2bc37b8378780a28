import { useState } from 'react';
import { HOWTO_TOPICS, LOCALES, type Locale } from '@wallet/contract/constants';
import type { Localized, LocalizedList, SiteSettings } from '@wallet/contract/http/console-settings';
import { ServerHtml } from '../../../components/server-html';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { useConsoleTranslation } from '../console-texts';
import { SettingCard, SwitchRow, useSave } from './setting-card';

/** The three languages of a text, one at a time. */
function LanguageTabs({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Locale;
  onChange: (next: Locale) => void;
}) {
  const { t } = useConsoleTranslation();
  return (
    <div role="tablist" aria-label={label} className="flex gap-1 rounded-xl bg-ink-900 p-1">
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          role="tab"
          aria-selected={value === locale}
          onClick={() => onChange(locale)}
          className={`min-h-10 flex-1 rounded-lg text-sm font-semibold ${value === locale ? 'bg-ink-700 text-snow' : 'text-mist-400 hover:text-snow'}`}
        >
          {t(`settings.languages.${locale}`)}
        </button>
      ))}
    </div>
  );
}

/** What members will see, cleaned as the member app cleans it. */
function Preview({ paragraphs }: { paragraphs: string[] }) {
  const { t } = useConsoleTranslation();
  return (
    <div className="rounded-xl border border-dashed border-white/10 p-3">
      <p className="mb-2 text-xs font-semibold tracking-wide text-mist-500 uppercase">
        {t('settings.preview')}
      </p>
      {paragraphs.length === 0 ? (
        <p className="text-sm text-mist-500">{t('settings.previewEmpty')}</p>
      ) : (
        <div className="space-y-3 text-[15px] text-mist-300">
          {paragraphs.map((html, index) => (
            <ServerHtml key={index} html={html} />
          ))}
        </div>
      )}
    </div>
  );
}

// Paragraphs are typed apart by an empty line: one paragraph of HTML each.
const split = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((one) => one.trim())
    .filter(Boolean);
const join = (paragraphs: string[]) => paragraphs.join('\n\n');

/** The conditions or the agreement: paragraphs of HTML in each language, with a preview. */
export function ParagraphsCard({ name, value }: { name: 'conditions' | 'agreements'; value: LocalizedList }) {
  const { t } = useConsoleTranslation();
  const { save, pending } = useSave(name);
  const [locale, setLocale] = useState<Locale>('th');
  const [draft, setDraft] = useState(() => ({ th: join(value.th), lo: join(value.lo), en: join(value.en) }));
  return (
    <SettingCard
      title={t(`settings.${name}.title`)}
      hint={t(`settings.${name}.hint`)}
      saving={pending}
      onSave={() => save({ th: split(draft.th), lo: split(draft.lo), en: split(draft.en) })}
    >
      <LanguageTabs label={t(`settings.${name}.title`)} value={locale} onChange={setLocale} />
      <TextAreaField
        label={t('settings.paragraphs', { language: t(`settings.languages.${locale}`) })}
        rows={8}
        value={draft[locale]}
        onChange={(event) => setDraft((current) => ({ ...current, [locale]: event.target.value }))}
      />
      <Preview paragraphs={split(draft[locale])} />
    </SettingCard>
  );
}

/** Home's announcement in each language, or none. */
export function NoticeCard({ value }: { value: SiteSettings['notice'] }) {
  const { t } = useConsoleTranslation();
  const { save, pending } = useSave('notice');
  const [shown, setShown] = useState(value !== null);
  const [locale, setLocale] = useState<Locale>('th');
  const [draft, setDraft] = useState<Localized>(value ?? { th: '', lo: '', en: '' });
  const complete = LOCALES.every((one) => draft[one].trim() !== '');
  return (
    <SettingCard
      title={t('settings.notice.title')}
      hint={t('settings.notice.hint')}
      saving={pending}
      canSave={!shown || complete}
      onSave={() => save(shown ? draft : null)}
    >
      <SwitchRow
        label={t('settings.notice.show')}
        hint={t('settings.notice.showHint')}
        on={shown}
        pending={false}
        onChange={setShown}
      />
      {shown ? (
        <>
          <LanguageTabs label={t('settings.notice.title')} value={locale} onChange={setLocale} />
          <TextAreaField
            label={t('settings.noticeText', { language: t(`settings.languages.${locale}`) })}
            rows={3}
            value={draft[locale]}
            onChange={(event) => setDraft((current) => ({ ...current, [locale]: event.target.value }))}
            error={draft[locale].trim() === '' ? t('settings.notice.required') : undefined}
          />
          <Preview paragraphs={draft[locale].trim() ? [draft[locale]] : []} />
        </>
      ) : null}
    </SettingCard>
  );
}

/** The contact page: its text in each language, the LINE account, and its QR drawn from the link. */
export function ContactCard({ value }: { value: SiteSettings['contact'] }) {
  const { t } = useConsoleTranslation();
  const { save, pending } = useSave('contact');
  const [locale, setLocale] = useState<Locale>('th');
  const [draft, setDraft] = useState(value);
  const linkOk = /^https:\/\/\S+$/.test(draft.lineLink);
  const whatsappOk = draft.whatsappLink === '' || /^https:\/\/\S+$/.test(draft.whatsappLink);
  return (
    <SettingCard
      title={t('settings.contact.title')}
      hint={t('settings.contact.hint')}
      saving={pending}
      canSave={linkOk && whatsappOk && draft.lineName.trim() !== ''}
      // A new link draws a new QR code (the server draws it when none is given).
      onSave={() => save({ ...draft, lineQR: draft.lineLink === value.lineLink ? draft.lineQR : null })}
    >
      <LanguageTabs label={t('settings.contact.title')} value={locale} onChange={setLocale} />
      <TextAreaField
        label={t('settings.contact.text', { language: t(`settings.languages.${locale}`) })}
        value={draft.contactText[locale]}
        onChange={(event) =>
          setDraft((current) => ({
            ...current,
            contactText: { ...current.contactText, [locale]: event.target.value },
          }))
        }
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('settings.contact.lineName')}
          value={draft.lineName}
          onChange={(event) => setDraft((current) => ({ ...current, lineName: event.target.value }))}
        />
        <TextField
          label={t('settings.contact.lineLink')}
          type="url"
          value={draft.lineLink}
          onChange={(event) => setDraft((current) => ({ ...current, lineLink: event.target.value }))}
          error={linkOk ? undefined : t('settings.contact.linkInvalid')}
        />
        <TextField
          label={t('settings.contact.whatsappName')}
          value={draft.whatsappName}
          onChange={(event) => setDraft((current) => ({ ...current, whatsappName: event.target.value }))}
        />
        <TextField
          label={t('settings.contact.whatsappLink')}
          type="url"
          value={draft.whatsappLink}
          onChange={(event) => setDraft((current) => ({ ...current, whatsappLink: event.target.value }))}
          error={whatsappOk ? undefined : t('settings.contact.linkInvalid')}
          hint={t('settings.contact.whatsappHint')}
        />
      </div>
      {value.lineQR ? (
        <img src={value.lineQR} alt={t('settings.contact.qr')} className="size-32 rounded-lg bg-white p-1" />
      ) : null}
    </SettingCard>
  );
}

/** The how-to videos members open from each topic. */
export function HowtoCard({ value }: { value: SiteSettings['howto'] }) {
  const { t } = useConsoleTranslation();
  const { save, pending } = useSave('howto');
  const [urls, setUrls] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      HOWTO_TOPICS.map((topic) => [topic, value.videos.find((video) => video.topic === topic)?.url ?? '']),
    ),
  );
  // The server's own clips are paths under /media/ (decision 073); anything else must be https.
  const wrong = (url: string) => url !== '' && !/^(https:\/\/|\/media\/)\S+$/.test(url);
  return (
    <SettingCard
      title={t('settings.howto.title')}
      hint={t('settings.howto.hint')}
      saving={pending}
      canSave={!Object.values(urls).some(wrong)}
      onSave={() =>
        save({
          videos: HOWTO_TOPICS.filter((topic) => urls[topic]).map((topic) => ({ topic, url: urls[topic]! })),
        })
      }
    >
      {HOWTO_TOPICS.map((topic) => (
        <TextField
          key={topic}
          label={t(`howto.topic.${topic}.title`)}
          type="url"
          value={urls[topic]}
          onChange={(event) => setUrls((current) => ({ ...current, [topic]: event.target.value }))}
          error={wrong(urls[topic]!) ? t('settings.contact.linkInvalid') : undefined}
        />
      ))}
    </SettingCard>
  );
}

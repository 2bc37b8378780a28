import { useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { errorCodeOf } from '../../../lib/api-client';
import { errorText } from '../../../lib/i18n';
import { useConsoleTranslation } from '../console-texts';
import { DepositAccountsTab } from './deposit-accounts-cards';
import { GamesTab } from './games-tab';
import { ServiceCard, SlipCard, SwitchesCard, WithdrawCard } from './rules-cards';
import { useSiteSettings } from './settings-api';
import { ContactCard, HowtoCard, NoticeCard, ParagraphsCard } from './texts-cards';

const TABS = ['rules', 'accounts', 'texts', 'games'] as const;

/**
 * The site's settings (issue 28 section 2, decisions 059 and 064), for staff with settings.manage:
 * limits and switches, deposit accounts, the texts members read and the games, each saved on its own card and audited by the server.
 * Members read a change at their next call, on every server process.
 */
export function SettingsPage() {
  const { t } = useConsoleTranslation();
  const [tab, setTab] = useState<(typeof TABS)[number]>('rules');
  const settings = useSiteSettings();

  return (
    <div className="mx-auto h-full max-w-3xl overflow-y-auto px-3 py-4 sm:px-6">
      <h1 className="text-xl font-bold">{t('settings.title')}</h1>
      <div
        role="tablist"
        aria-label={t('settings.title')}
        className="mt-3 flex gap-1 rounded-xl bg-ink-900 p-1"
      >
        {TABS.map((one) => (
          <button
            key={one}
            type="button"
            role="tab"
            aria-selected={tab === one}
            onClick={() => setTab(one)}
            className={`min-h-11 flex-1 rounded-lg px-2 text-sm font-semibold ${tab === one ? 'bg-ink-700 text-snow' : 'text-mist-400 hover:text-snow'}`}
          >
            {t(`settings.tabs.${one}`)}
          </button>
        ))}
      </div>
      <div className="mt-4 space-y-4 pb-6">
        {/* The games have a list of their own (decision 064), read apart from the site's settings. */}
        {tab === 'games' ? (
          <GamesTab />
        ) : settings.isPending ? (
          <Loading />
        ) : settings.isError ? (
          <ErrorAlert
            action={
              <Button variant="secondary" onClick={() => void settings.refetch()}>
                {t('action.retry')}
              </Button>
            }
          >
            {errorText(errorCodeOf(settings.error))}
          </ErrorAlert>
        ) : tab === 'rules' ? (
          <>
            <ServiceCard value={settings.data.active} />
            <WithdrawCard value={settings.data.withdraw} />
            <SlipCard value={settings.data.slip} />
            <SwitchesCard settings={settings.data} />
          </>
        ) : tab === 'accounts' ? (
          <DepositAccountsTab settings={settings.data} />
        ) : (
          <>
            <NoticeCard value={settings.data.notice} />
            <ParagraphsCard name="conditions" value={settings.data.conditions} />
            <ParagraphsCard name="agreements" value={settings.data.agreements} />
            <ContactCard value={settings.data.contact} />
            <HowtoCard value={settings.data.howto} />
          </>
        )}
      </div>
    </div>
  );
}

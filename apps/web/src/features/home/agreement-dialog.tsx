import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMING } from '@wallet/contract/constants';
import { ServerHtml } from '../../components/server-html';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Loading } from '../../components/ui/loading';
import { useLookup } from '../../lib/lookups';
import { storage } from '../../lib/storage';

/**
 * The session (its token) in which the member closed the agreement without accepting it: it does
 * not open again on every return to home, only after the next load or sign-in.
 */
let dismissedIn: string | null | undefined;

/**
 * The member agreement, 1.5 s after the home screen opens, until the member accepts its current
 * version (a new version, after staff change the text, is asked again: decision 059). Its text
 * is fetched from the start, so it opens with the text in it: never empty. A failed fetch opens
 * it with the error and a retry; only the accept button, under a text shown, marks it seen.
 */
export function AgreementDialog() {
  const { t } = useTranslation();
  const [dismissed] = useState(() => dismissedIn === storage.getToken());
  const [delayPassed, setDelayPassed] = useState(false);
  const [closed, setClosed] = useState(false);
  // Read at every start: a version the member has not accepted (staff changed the text) asks again.
  const agreements = useLookup('agreements', { enabled: !dismissed });
  const version = agreements.data?.version;
  // Unknown (the lookup failed): a member who accepted any version is not asked with an error.
  const wanted = !dismissed && !storage.hasSeenAgreement(version);

  useEffect(() => {
    if (!wanted) return;
    const timer = setTimeout(() => setDelayPassed(true), TIMING.agreementDelayMs);
    return () => clearTimeout(timer);
  }, [wanted]);

  const texts = agreements.data?.agreements ?? [];
  // A retry after a failure is pending again (no data): the spinner shows while it asks.
  const view = texts.length > 0 ? 'text' : agreements.isError ? 'error' : 'loading';
  // Opens once there is something to show: the text, or why it is not there (a server with no
  // agreement text has nothing to agree to). Once open, it stays open through a retry.
  const [opened, setOpened] = useState(false);
  if (wanted && delayPassed && !opened && (agreements.isError || texts.length > 0)) setOpened(true);
  const open = opened && !closed;

  const accept = () => {
    if (version) storage.markAgreementSeen(version);
    setClosed(true);
  };
  // ✕, Esc, the backdrop and Back put it away for now: that is not agreeing.
  const dismiss = () => {
    dismissedIn = storage.getToken();
    setClosed(true);
  };

  return (
    <Dialog
      open={open}
      onClose={dismiss}
      title={t('agreement.title')}
      footer={
        <Button block disabled={view !== 'text'} onClick={accept}>
          {t('agreement.accept')}
        </Button>
      }
    >
      {/* Its text is read at every start now (for the version): kept out of a closed dialog. */}
      {!open ? null : view === 'text' ? (
        <div className="space-y-3 text-[15px] text-mist-300">
          {texts.map((html, index) => (
            <ServerHtml key={index} html={html} />
          ))}
        </div>
      ) : view === 'error' ? (
        // The retry under the message, not beside it: at 320 px the message keeps its width.
        <div className="space-y-3">
          <ErrorAlert>{t('agreement.failed')}</ErrorAlert>
          <Button variant="secondary" block onClick={() => void agreements.refetch()}>
            {t('action.retry')}
          </Button>
        </div>
      ) : (
        <Loading />
      )}
    </Dialog>
  );
}

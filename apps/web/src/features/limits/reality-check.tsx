import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useToast } from '../../components/ui/toast';
import { errorCodeOf } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { errorText } from '../../lib/i18n';
import { useMoneyRequester } from '../../lib/idempotency';
import { useLimitsTranslation } from '../../lib/limits-texts';
import { useWalletNames } from '../../lib/wallet-names';
import { limitsQuery, useBringGamesBack } from './limits-api';

/** How often the session is read again while a reality check is set, and the clock looked at. */
const READ_EVERY_MS = 60_000;
const TICK_MS = 10_000;

const hhmm = (iso: string) => {
  const at = new Date(iso);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
};

/**
 * The reality check (issue 29): on any screen of the signed-in shell, every `realityCheckMinutes`
 * of the play session the server keeps, a dialog says how long the member has played and the
 * session's result. "Take a break" brings every game's balance back to the wallet and opens Play
 * limits, where a time-out is one tap away.
 */
export function RealityCheck() {
  const { t } = useLimitsTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const money = useMoneyRequester();
  const bringBack = useBringGamesBack(money);
  const limits = useQuery({
    ...limitsQuery,
    refetchInterval: (query) => (query.state.data?.realityCheckMinutes ? READ_EVERY_MS : false),
  });
  const [now, setNow] = useState(() => Date.now());
  /** The checks already answered, per session (its start). */
  const [answered, setAnswered] = useState<{ session: string; count: number } | null>(null);

  const interval = limits.data?.realityCheckMinutes ?? null;
  const session = limits.data?.session ?? null;
  useEffect(() => {
    if (!interval || !session) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [interval, session]);

  if (!interval || !session) return null;
  const played = Math.max(0, now - new Date(session.startedAt).getTime());
  const due = Math.floor(played / (interval * 60_000));
  const seen = answered?.session === session.startedAt ? answered.count : 0;
  const answer = () => setAnswered({ session: session.startedAt, count: due });

  return (
    <ConfirmDialog
      open={due > seen}
      onClose={answer}
      title={t('check.title')}
      confirmLabel={t('check.break')}
      cancelLabel={t('check.keep')}
      layout="stacked"
      pending={bringBack.isPending}
      onConfirm={() =>
        bringBack.mutate(undefined, {
          onSuccess: () => {
            toast.show('success', t('check.breakDone'), { after: 'leave' });
            answer();
            void navigate('/user/profile/limits');
          },
          onError: (error) => toast.show('error', errorText(errorCodeOf(error))),
        })
      }
    >
      <div className="space-y-2">
        <p className="text-[17px] font-medium">
          {t('check.played', { minutes: Math.floor(played / 60_000) })}
        </p>
        <SessionResult since={session.resultSince} result={session.result} />
      </div>
    </ConfirmDialog>
  );
}

/**
 * What the session has won or lost, in the wallet's currency (kip in whole kip). Its own component:
 * the wallet is asked for only while a reality check is on and a session runs, not on every page.
 */
function SessionResult({ since, result }: { since: string; result: number }) {
  const { t } = useLimitsTranslation();
  const wallet = useWalletNames();
  if (wallet.isPending) return null;
  const amount = formatMoney(result, wallet.data?.wallet.currency ?? 'BAHT');
  return <p>{t('check.result', { time: hhmm(since), amount })}</p>;
}

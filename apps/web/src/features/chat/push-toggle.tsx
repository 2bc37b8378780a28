import { useQuery } from '@tanstack/react-query';
import { Bell, BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { getChatConfig, type Caller } from './chat-api';
import { useChatTranslation } from './chat-texts';
import { PushBlocked, pushRegistration } from '../../lib/web-push';
import { saveSubscription, useSwitchPush } from './web-push';
import { queryKeys } from '../../lib/query-keys';

/**
 * "Notify me of answers": shown when the server has a push key and the browser runs our service
 * worker; the browser's permission is asked only when the member turns it on.
 */
export function PushToggle({ caller }: { caller: Caller }) {
  const { t } = useChatTranslation();
  const config = useQuery({ queryKey: queryKeys.chat.config, queryFn: getChatConfig, staleTime: Infinity });
  const [registration, setRegistration] = useState<ServiceWorkerRegistration | null>(null);
  const [on, setOn] = useState(false);
  const change = useSwitchPush(caller);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    void (async () => {
      const found = await pushRegistration().catch(() => null);
      if (!alive || !found) return;
      const subscription = await found.pushManager.getSubscription().catch(() => null);
      if (!alive) return;
      const granted = Notification.permission === 'granted';
      setRegistration(found);
      setOn(Boolean(subscription) && granted);
      // The same browser may have subscribed as a guest: the room it belongs to is this one now.
      if (subscription && granted) void saveSubscription(caller, subscription).catch(() => undefined);
    })();
    return () => {
      alive = false;
    };
  }, [caller]);

  const pushKey = config.data?.pushKey;
  if (!registration || !pushKey) return null;

  async function toggle() {
    if (!registration || !pushKey) return;
    setNote(null);
    try {
      await change.mutateAsync({ registration, pushKey, on: !on });
      setOn(!on);
    } catch (error) {
      setNote(t(error instanceof PushBlocked ? 'push.blocked' : 'push.failed'));
    }
  }

  const Icon = on ? BellRing : Bell;
  return (
    <div className="border-b border-white/5 px-4 py-1.5">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        disabled={change.isPending}
        onClick={() => void toggle()}
        className="flex min-h-10 w-full items-center gap-2.5 text-left text-sm text-mist-300 disabled:opacity-60"
      >
        <Icon className={`size-4 shrink-0 ${on ? 'text-gold-300' : ''}`} aria-hidden="true" />
        <span className="min-w-0 flex-1 leading-snug">{t('push.label')}</span>
        <span
          aria-hidden="true"
          className={`relative h-6 w-10 shrink-0 rounded-full transition ${on ? 'bg-gold-400' : 'bg-ink-600'}`}
        >
          <span
            className={`absolute top-0.5 left-0.5 size-5 rounded-full bg-snow shadow transition-transform ${on ? 'translate-x-4' : ''}`}
          />
        </span>
      </button>
      {note ? (
        <p role="alert" className="pb-1 text-xs text-rose-300">
          {note}
        </p>
      ) : null}
    </div>
  );
}

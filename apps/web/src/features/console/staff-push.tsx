import { useMutation, useQuery } from '@tanstack/react-query';
import { Bell, BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { OkResponse } from '@wallet/contract/http/account';
import { StaffPushState } from '@wallet/contract/http/console';
import type { Locale } from '@wallet/contract/constants';
import { useToast } from '../../components/ui/toast';
import { queryKeys } from '../../lib/query-keys';
import { PushBlocked, pushRegistration, subscribeBrowser, subscriptionJson } from '../../lib/web-push';
import { consoleRequest } from './console-api';
import { useConsoleTranslation } from './console-texts';

const saveOnServer = (subscription: PushSubscription, locale: Locale) =>
  consoleRequest('/api/console/push', {
    method: 'PUT',
    body: { ...subscriptionJson(subscription), locale },
    schema: OkResponse,
  });

/**
 * The top bar's bell (decision 053): this browser tells the staff member when work waiting for
 * them rises, even with the console closed. Shown only where the site's service worker runs; the
 * browser's permission is asked when it is turned on, never before.
 */
export function StaffPushButton() {
  const { t, i18n } = useConsoleTranslation();
  const toast = useToast();
  const locale = i18n.language as Locale;
  const [registration, setRegistration] = useState<ServiceWorkerRegistration | null>(null);
  const [on, setOn] = useState(false);
  const state = useQuery({
    queryKey: queryKeys.console.push,
    queryFn: () => consoleRequest('/api/console/push', { schema: StaffPushState }),
    enabled: registration !== null,
    staleTime: Infinity,
  });

  useEffect(() => {
    let alive = true;
    void (async () => {
      const found = await pushRegistration().catch(() => null);
      const subscription = await found?.pushManager.getSubscription().catch(() => null);
      if (!alive || !found) return;
      setRegistration(found);
      setOn(Boolean(subscription) && Notification.permission === 'granted');
    })();
    return () => {
      alive = false;
    };
  }, []);

  // Said again when the console starts or its language changes: the notices follow the language,
  // and a browser another colleague used before is this one's now.
  useEffect(() => {
    if (!on || !registration) return;
    void registration.pushManager
      .getSubscription()
      .then((subscription) => subscription && saveOnServer(subscription, locale))
      .catch(() => undefined);
  }, [on, registration, locale]);

  const change = useMutation({
    mutationFn: async (next: boolean) => {
      if (!registration || !state.data) throw new Error('push is not ready');
      if (next) {
        await saveOnServer(await subscribeBrowser(registration, state.data.pushKey), locale);
        return;
      }
      const subscription = await registration.pushManager.getSubscription();
      if (!subscription) return;
      await consoleRequest('/api/console/push', {
        method: 'DELETE',
        body: { endpoint: subscription.endpoint },
        schema: OkResponse,
      });
      await subscription.unsubscribe();
    },
    onSuccess: (_, next) => {
      setOn(next);
      toast.show('success', t(next ? 'push.on' : 'push.off'));
    },
    onError: (error) => toast.show('error', t(error instanceof PushBlocked ? 'push.blocked' : 'push.failed')),
  });

  if (!registration || !state.data) return null;
  const Icon = on ? BellRing : Bell;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={t('push.label')}
      title={t('push.label')}
      disabled={change.isPending}
      onClick={() => change.mutate(!on)}
      className={`inline-flex size-11 items-center justify-center rounded-full hover:bg-white/5 disabled:opacity-60 ${on ? 'text-gold-300' : 'text-mist-400 hover:text-snow'}`}
    >
      <Icon className="size-5" aria-hidden="true" />
    </button>
  );
}

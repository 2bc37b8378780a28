import { useMutation } from '@tanstack/react-query';
import { subscribeBrowser, subscriptionJson } from '../../lib/web-push';
import { savePushSubscription, type Caller } from './chat-api';

/**
 * Web push for answers that come while the member is away (lib/web-push.ts). Asked for only when
 * the member turns it on in the panel.
 */

/** Sends this browser's subscription to the server, for the caller's room. */
export async function saveSubscription(caller: Caller, subscription: PushSubscription): Promise<void> {
  await savePushSubscription(caller, subscriptionJson(subscription));
}

/** Asks permission, subscribes with the server's key and saves the subscription. */
export async function turnOnPush(
  registration: ServiceWorkerRegistration,
  pushKey: string,
  caller: Caller,
): Promise<void> {
  await saveSubscription(caller, await subscribeBrowser(registration, pushKey));
}

export async function turnOffPush(registration: ServiceWorkerRegistration): Promise<void> {
  await (await registration.pushManager.getSubscription())?.unsubscribe();
}

/** The panel's switch: turns push on (asking the browser's permission) or off. */
export function useSwitchPush(caller: Caller) {
  return useMutation({
    mutationFn: ({
      registration,
      pushKey,
      on,
    }: {
      registration: ServiceWorkerRegistration;
      pushKey: string;
      on: boolean;
    }) => (on ? turnOnPush(registration, pushKey, caller) : turnOffPush(registration)),
  });
}

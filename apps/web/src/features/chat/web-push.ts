import { useMutation } from '@tanstack/react-query';
import { savePushSubscription, type Caller } from './chat-api';

/**
 * Web push for answers that come while the member is away (VAPID; the service worker shows the
 * notice: public/chat-push-sw.js). Asked for only when the member turns it on in the panel.
 */

/** The service worker of this site, if the browser has one running (never waits for one). */
export async function pushRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return registration?.active ? registration : null;
}

/** The VAPID public key (base64url) as the bytes pushManager.subscribe takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Sends this browser's subscription to the server, for the caller's room. */
export async function saveSubscription(caller: Caller, subscription: PushSubscription): Promise<void> {
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth)
    throw new Error('incomplete push subscription');
  await savePushSubscription(caller, {
    endpoint: json.endpoint,
    keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
  });
}

export class PushBlocked extends Error {}

/** Asks permission, subscribes with the server's key and saves the subscription. */
export async function turnOnPush(
  registration: ServiceWorkerRegistration,
  pushKey: string,
  caller: Caller,
): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushBlocked(permission);
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(pushKey),
    }));
  await saveSubscription(caller, subscription);
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

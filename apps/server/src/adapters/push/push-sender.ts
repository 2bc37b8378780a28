import type { ChatPushNotice } from '@wallet/contract/http/chat';

/** A browser's push subscription: the push service's address and the keys the message is sealed for. */
export interface PushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The key pair push services know this server by (VAPID). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** Sends one web push; answers false when the subscription is gone for good (404/410). */
export type PushSender = (
  subscription: PushSubscription,
  notice: ChatPushNotice,
  vapid: VapidKeys,
) => Promise<boolean>;

import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { PushSender, VapidKeys } from './push-sender';

/** The web-push package's sender; `agent` lets a test trust its own push service's certificate. */
export function createWebPushSender(agent?: Agent): PushSender {
  return async (subscription, notice, vapid) => {
    try {
      await webpush.sendNotification(subscription, JSON.stringify(notice), {
        TTL: 86_400,
        vapidDetails: { subject: 'mailto:support@member-wallet.invalid', ...vapid },
        timeout: 10_000,
        ...(agent ? { agent } : {}),
      });
      return true;
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) return false;
      throw error;
    }
  };
}

/** A new VAPID key pair, made once and kept (the chat keeps it with its signing key). */
export function generateVapidKeys(): VapidKeys {
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  return { publicKey, privateKey };
}

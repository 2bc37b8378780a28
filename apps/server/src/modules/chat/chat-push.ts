import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@wallet/contract/constants';
import type { PushSender, PushSubscription, VapidKeys } from '../../adapters/push/push-sender';
import { fail } from '../../platform/errors';
import { isPushEndpoint } from '../../adapters/push/push-endpoint';
import type { ChatRepository, RoomRow } from './chat.repository';

const PUSH_TEXT: Record<Locale, { title: string; body: string }> = {
  th: { title: 'ฝ่ายบริการลูกค้า', body: 'มีข้อความตอบกลับใหม่' },
  lo: { title: 'ຝ່າຍບໍລິການລູກຄ້າ', body: 'ມີຂໍ້ຄວາມຕອບກັບໃໝ່' },
  en: { title: 'Member support', body: 'You have a new answer' },
};

export interface ChatPushOptions {
  repository: ChatRepository;
  pushSender: PushSender;
  vapid: VapidKeys;
  /** Hosts of the push services browsers subscribe at (CHAT_PUSH_HOSTS). */
  pushHosts: readonly string[];
  /** True when no socket of any process is in the room (then web push tells the member). */
  roomIsEmpty: (room: RoomRow) => Promise<boolean>;
  log: FastifyBaseLogger;
}

/** Web push of staff answers to a member or guest nobody is connected for, and their subscriptions. */
export function createChatPush(options: ChatPushOptions) {
  const { repository, pushSender, vapid, pushHosts, log } = options;

  return {
    /** Keeps a browser's subscription for the caller's room; only at a listed push service. */
    async subscribe(subscription: PushSubscription, roomOf: () => Promise<RoomRow>): Promise<void> {
      if (!isPushEndpoint(subscription.endpoint, pushHosts)) return fail('INVALID_INPUT', 400);
      const room = await roomOf();
      await repository.addPushSubscription(room.id, {
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
      });
    },

    async notifyAbsent(room: RoomRow): Promise<void> {
      if (!(await options.roomIsEmpty(room))) return;
      const subscriptions = await repository.pushSubscriptions(room.id);
      const text = PUSH_TEXT[(room.language as Locale) in PUSH_TEXT ? (room.language as Locale) : 'th'];
      for (const subscription of subscriptions) {
        try {
          // Kept before the rule was as it is (any port then) or the hosts changed: never posted to.
          if (!isPushEndpoint(subscription.endpoint, pushHosts)) continue;
          const alive = await pushSender(
            {
              endpoint: subscription.endpoint,
              keys: { p256dh: subscription.p256dh, auth: subscription.auth },
            },
            { ...text, url: room.memberId !== null ? '/user/home?chat=1' : '/contact?chat=1' },
            vapid,
          );
          if (!alive) await repository.dropPushSubscription(subscription.id);
        } catch (error) {
          log.warn({ err: error }, 'chat web push failed');
        }
      }
    },
  };
}

export type ChatPush = ReturnType<typeof createChatPush>;

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '@wallet/contract/constants';
import type { DeskCounts } from '@wallet/contract/http/console';
import { ROLE_PERMISSIONS, type Permission, type StaffRole } from '@wallet/contract/staff-roles';
import type { PushSender, PushSubscription, VapidKeys } from '../../adapters/push/push-sender';
import type { Database } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/rows';
import { fail } from '../../platform/errors';
import { isPushEndpoint } from '../../adapters/push/push-endpoint';
import { staffMembers } from './console.tables';
import { staffPushMarks, staffPushSubscriptions } from './staff-push.tables';

type Kind = keyof DeskCounts;

/** Who is told of a rise: the staff who can act on that kind of work, and where it is done. */
const KINDS: Record<Kind, { permission: Permission; url: string }> = {
  withdrawals: { permission: 'money.approve', url: '/console/withdrawals' },
  deposits: { permission: 'money.approve', url: '/console/deposits' },
  adjustments: { permission: 'money.adjust', url: '/console/adjustments' },
  chats: { permission: 'chat.answer', url: '/console/chat' },
};

const TEXT: Record<Locale, { title: string } & Record<Kind, (count: number) => string>> = {
  th: {
    title: 'คอนโซล',
    withdrawals: (n) => `รายการถอนรอตรวจ ${n} รายการ`,
    deposits: (n) => `รายการฝากรอตรวจ ${n} รายการ`,
    adjustments: (n) => `การปรับยอดรออนุมัติ ${n} รายการ`,
    chats: (n) => `แชทที่เปิดอยู่ ${n} ห้อง`,
  },
  lo: {
    title: 'ຄອນໂຊນ',
    withdrawals: (n) => `ລາຍການຖອນລໍຖ້າກວດ ${n} ລາຍການ`,
    deposits: (n) => `ລາຍການຝາກລໍຖ້າກວດ ${n} ລາຍການ`,
    adjustments: (n) => `ການປັບຍອດລໍຖ້າອະນຸມັດ ${n} ລາຍການ`,
    chats: (n) => `ແຊັດທີ່ເປີດຢູ່ ${n} ຫ້ອງ`,
  },
  en: {
    title: 'Console',
    withdrawals: (n) => `Withdrawals waiting: ${n}`,
    deposits: (n) => `Deposits to review: ${n}`,
    adjustments: (n) => `Adjustments to approve: ${n}`,
    chats: (n) => `Open chats: ${n}`,
  },
};

/** A staff member keeps at most this many browsers subscribed; the oldest goes first. */
const MAX_PER_STAFF = 5;

export interface StaffPushOptions {
  db: Database;
  pushSender: PushSender;
  vapid: VapidKeys;
  /** Hosts of the push services browsers subscribe at (CHAT_PUSH_HOSTS). */
  pushHosts: readonly string[];
  log: FastifyBaseLogger;
}

/**
 * Web push to staff when work waiting for them rises (issue 27 section 7, decision 053). The
 * console's live counts call `counted` whenever a process reads new counts; the mark of each
 * kind moves under its row lock, so of several processes seeing one rise exactly one pushes it.
 */
export function createStaffPush(options: StaffPushOptions) {
  const { db, pushSender, vapid, pushHosts, log } = options;

  /** Moves the kind's mark to `count`; answers the mark before when this call moved it. */
  async function moveMark(kind: Kind, count: number): Promise<number | null> {
    await db.insert(staffPushMarks).values({ kind, count }).onConflictDoNothing();
    const [row] = await rowsOf<{ before: number }>(
      db,
      sql`
      with old as (select count from staff_push_marks where kind = ${kind} for update)
      update staff_push_marks m set count = ${count} from old
       where m.kind = ${kind} and old.count <> ${count}
      returning old.count as before`,
    );
    return row ? Number(row.before) : null;
  }

  async function tell(kind: Kind, count: number): Promise<void> {
    const roles = (Object.keys(ROLE_PERMISSIONS) as StaffRole[]).filter((role) =>
      ROLE_PERMISSIONS[role].includes(KINDS[kind].permission),
    );
    const targets = await db
      .select({ subscription: staffPushSubscriptions })
      .from(staffPushSubscriptions)
      .innerJoin(staffMembers, eq(staffMembers.id, staffPushSubscriptions.staffId))
      .where(and(eq(staffMembers.active, true), inArray(staffMembers.role, roles)));
    for (const { subscription } of targets) {
      const text = TEXT[(subscription.locale as Locale) in TEXT ? (subscription.locale as Locale) : 'th'];
      try {
        if (!isPushEndpoint(subscription.endpoint, pushHosts)) continue;
        const alive = await pushSender(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          { title: text.title, body: text[kind](count), url: KINDS[kind].url, tag: `desk-${kind}` },
          vapid,
        );
        if (!alive)
          await db.delete(staffPushSubscriptions).where(eq(staffPushSubscriptions.id, subscription.id));
      } catch (error) {
        log.warn({ err: error }, 'staff web push failed');
      }
    }
  }

  return {
    pushKey: vapid.publicKey,

    /**
     * Keeps a browser's subscription for this staff member; only at a listed push service. Answers
     * whether the browser is new to them or its language changed (the console says it again at
     * each start, which is not worth an audit row).
     */
    async subscribe(staffId: number, subscription: PushSubscription, locale: Locale): Promise<boolean> {
      if (!isPushEndpoint(subscription.endpoint, pushHosts)) return fail('INVALID_INPUT', 400);
      const row = { staffId, endpoint: subscription.endpoint, ...subscription.keys, locale };
      return db.transaction(async (tx) => {
        const [known] = await tx
          .select()
          .from(staffPushSubscriptions)
          .where(eq(staffPushSubscriptions.endpoint, row.endpoint))
          .for('update');
        await tx
          .insert(staffPushSubscriptions)
          .values(row)
          .onConflictDoUpdate({
            target: staffPushSubscriptions.endpoint,
            set: { ...row, createdAt: sql`now()` },
          });
        await tx.execute(sql`
          delete from staff_push_subscriptions where staff_id = ${staffId} and id not in
            (select id from staff_push_subscriptions where staff_id = ${staffId}
              order by created_at desc, id desc limit ${MAX_PER_STAFF})`);
        return known?.staffId !== staffId || known.locale !== locale;
      });
    },

    /** Forgets a browser of this staff member (another's endpoint is left alone). */
    async unsubscribe(staffId: number, endpoint: string): Promise<boolean> {
      const gone = await db
        .delete(staffPushSubscriptions)
        .where(
          and(eq(staffPushSubscriptions.staffId, staffId), eq(staffPushSubscriptions.endpoint, endpoint)),
        )
        .returning({ id: staffPushSubscriptions.id });
      return gone.length > 0;
    },

    async subscribed(staffId: number): Promise<number> {
      const rows = await db
        .select({ id: staffPushSubscriptions.id })
        .from(staffPushSubscriptions)
        .where(eq(staffPushSubscriptions.staffId, staffId));
      return rows.length;
    },

    /** New counts read by a process: each kind that rose past its mark is pushed, once. */
    async counted(counts: DeskCounts): Promise<void> {
      for (const kind of Object.keys(KINDS) as Kind[]) {
        const before = await moveMark(kind, counts[kind]);
        if (before !== null && counts[kind] > before) await tell(kind, counts[kind]);
      }
    },
  };
}

export type StaffPush = ReturnType<typeof createStaffPush>;

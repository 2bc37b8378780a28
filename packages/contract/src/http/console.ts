import { z } from 'zod';
import { LOCALES } from '../constants';
import { Amount, CURRENCIES } from '../money';
import { ChatMessage, ChatMessageBody, ChatRoomState, INT4_MAX, WebPushSubscription } from './chat';
import { PERMISSIONS, STAFF_ROLES } from '../staff-roles';
import { SlipRow } from './deposit';
import { StatementRow } from './statement';

/**
 * The operator console (staff only; docs/decisions/023). Staff sign in with a password and a TOTP
 * code, in sessions of their own (a member's token opens nothing here). The session travels in an
 * HttpOnly cookie scoped to /api/console, shared by every tab of the browser, and every call
 * carries the session's CSRF token in STAFF_CSRF_HEADER (decision 047); every action is written to
 * the staff audit.
 */

/**
 * The staff session's cookie: HttpOnly, Secure, SameSite=Strict, Path=/api/console. `__Secure-`:
 * a browser takes it only over HTTPS (or from localhost, which browsers count as secure).
 */
export const STAFF_SESSION_COOKIE = '__Secure-wallet-staff';
/** The header that carries the session's CSRF token (StaffSessionResponse.csrfToken). */
export const STAFF_CSRF_HEADER = 'x-staff-csrf';

// Sign-in

export const StaffLoginRequest = z
  .object({ username: z.string().trim().min(1).max(64), password: z.string().min(1).max(128) })
  .meta({ id: 'StaffLoginRequest' });
export type StaffLoginRequest = z.infer<typeof StaffLoginRequest>;

/**
 * The password was right: the second step. `enrol`: no authenticator yet, scan `otpauthUrl` (shown
 * as a QR code) and answer with its first code; `totp`: answer with the authenticator's code.
 */
export const StaffLoginResponse = z
  .discriminatedUnion('step', [
    z.object({ step: z.literal('enrol'), challenge: z.string(), otpauthUrl: z.string(), secret: z.string() }),
    z.object({ step: z.literal('totp'), challenge: z.string() }),
  ])
  .meta({ id: 'StaffLoginResponse' });
export type StaffLoginResponse = z.infer<typeof StaffLoginResponse>;

export const StaffTotpRequest = z
  .object({ challenge: z.string().min(1).max(200), code: z.string().regex(/^\d{6}$/, 'STAFF_CODE_INVALID') })
  .meta({ id: 'StaffTotpRequest' });
export type StaffTotpRequest = z.infer<typeof StaffTotpRequest>;

export const StaffProfile = z
  .object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    role: z.enum(STAFF_ROLES),
    /** What the role may do: the console shows only these (the server checks each call). */
    permissions: z.array(z.enum(PERMISSIONS)),
  })
  .meta({ id: 'StaffProfile' });
export type StaffProfile = z.infer<typeof StaffProfile>;

/**
 * A signed-in staff member. The session itself is the cookie the answer sets; `csrfToken` goes
 * with every console call (STAFF_CSRF_HEADER) and is no secret from the browser's own tabs.
 */
export const StaffSessionResponse = z
  .object({ csrfToken: z.string(), staff: StaffProfile })
  .meta({ id: 'StaffSessionResponse' });
export type StaffSessionResponse = z.infer<typeof StaffSessionResponse>;

/**
 * A staff account, as `npm run staff:create` and the staff screen make it. Usernames are lower
 * case, so `Alice` and `alice` cannot be two people.
 */
export const StaffCreate = z.object({
  username: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9._-]{1,63}$/, '2 to 64 letters, digits, dots, dashes or underscores'),
  name: z.string().trim().min(1).max(100),
  /** At least 12 characters: staff see every member's money. */
  password: z.string().min(12, 'at least 12 characters').max(128, 'at most 128 characters'),
  role: z.enum(STAFF_ROLES).default('support'),
});
export type StaffCreate = z.infer<typeof StaffCreate>;
/** As typed: the role may be left out (support). */
export type StaffCreateInput = z.input<typeof StaffCreate>;

// The staff screen (staff.manage; decision 047)

/** One staff member as the staff screen lists them. */
export const StaffMember = z
  .object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    role: z.enum(STAFF_ROLES),
    /** False: switched off, every session ended. */
    active: z.boolean(),
    /** Whether an authenticator is enrolled; false: the next sign-in enrols one. */
    totpEnrolled: z.boolean(),
    lastSignInAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof StaffMember>;

export const StaffListResponse = z.object({ staff: z.array(StaffMember) }).meta({ id: 'StaffListResponse' });
export type StaffListResponse = z.infer<typeof StaffListResponse>;

/** A new staff member: the server makes the password and answers it once. */
export const StaffCreateRequest = StaffCreate.omit({ password: true }).meta({ id: 'StaffCreateRequest' });
export type StaffCreateRequest = z.input<typeof StaffCreateRequest>;

export const StaffCreateResponse = z
  .object({
    staff: StaffMember,
    /** Shown once, never stored as it is: hand it to the person, who enrols an authenticator at their first sign-in. */
    password: z.string(),
  })
  .meta({ id: 'StaffCreateResponse' });
export type StaffCreateResponse = z.infer<typeof StaffCreateResponse>;

export const StaffParam = z.object({ staffId: z.coerce.number().int().positive().max(INT4_MAX) });

export const StaffRoleRequest = z.object({ role: z.enum(STAFF_ROLES) }).meta({ id: 'StaffRoleRequest' });
export type StaffRoleRequest = z.infer<typeof StaffRoleRequest>;

export const StaffActiveRequest = z.object({ active: z.boolean() }).meta({ id: 'StaffActiveRequest' });
export type StaffActiveRequest = z.infer<typeof StaffActiveRequest>;

/** The changed staff member (role, switched off or on, authenticator reset). */
export const StaffMemberResponse = z.object({ staff: StaffMember }).meta({ id: 'StaffMemberResponse' });
export type StaffMemberResponse = z.infer<typeof StaffMemberResponse>;

/**
 * A ticket for the staff socket's handshake (`{ staffTicket }`): the session cookie does not reach
 * the socket's path, so the console asks for a ticket of its session, good for a minute.
 */
export const StaffSocketTicket = z.object({ ticket: z.string() }).meta({ id: 'StaffSocketTicket' });
export type StaffSocketTicket = z.infer<typeof StaffSocketTicket>;

// The chat inbox

export const CONVERSATION_STATUSES = ['open', 'resolved'] as const;

/** One conversation as the inbox lists it. */
export const ConsoleConversation = z
  .object({
    id: z.number().int().positive(),
    /** The member, or null for a guest. */
    member: z.object({ id: z.number().int(), username: z.string(), name: z.string() }).nullable(),
    /** A guest's short label (the first characters of their id), or null for a member. */
    guestLabel: z.string().nullable(),
    status: z.enum(CONVERSATION_STATUSES),
    /** The member's messages staff have not read. */
    unread: z.number().int().nonnegative(),
    /** True when the bot handed the conversation to a person and no staff member has answered since. */
    waitingForStaff: z.boolean(),
    /**
     * What the list previews: the member's (or guest's) last message, so staff triage by what
     * was asked, not by the bot's answer; the last message of any sender when they wrote none.
     */
    lastMessage: ChatMessage.nullable(),
    lastMessageAt: z.iso.datetime().nullable(),
    room: ChatRoomState,
  })
  .meta({ id: 'ConsoleConversation' });
export type ConsoleConversation = z.infer<typeof ConsoleConversation>;

export const ConversationListRequest = z.object({
  status: z.enum(CONVERSATION_STATUSES).default('open'),
});

export const ConversationListResponse = z
  .object({
    /** At most 200: who waits for staff (handed over, or unread) first, then the newest. */
    conversations: z.array(ConsoleConversation),
    /** How many conversations have this status. */
    total: z.number().int().nonnegative(),
  })
  .meta({ id: 'ConversationListResponse' });
export type ConversationListResponse = z.infer<typeof ConversationListResponse>;

export const ConversationParam = z.object({
  conversationId: z.coerce.number().int().positive().max(INT4_MAX),
});

/** GET .../messages?beforeSeq=: a page of the conversation, newest first. */
export const ConversationMessagesRequest = z.object({
  beforeSeq: z.coerce.number().int().positive().max(INT4_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const ConversationMessagesResponse = z
  .object({ result: z.array(ChatMessage), room: ChatRoomState })
  .meta({ id: 'ConversationMessagesResponse' });
export type ConversationMessagesResponse = z.infer<typeof ConversationMessagesResponse>;

/** Staff answer with any message type (a media message carries the path an upload answered). */
export const StaffSendRequest = z
  .object({ clientId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/), message: ChatMessageBody })
  .meta({ id: 'StaffSendRequest' });
export type StaffSendRequest = z.infer<typeof StaffSendRequest>;

export const StaffReadRequest = z
  .object({ seq: z.number().int().min(0).max(INT4_MAX).optional() })
  .meta({ id: 'StaffReadRequest' });

/** What staff see beside a member's conversation: their money, as the member's own screens show it. */
export const MemberContextResponse = z
  .object({
    member: z.object({
      id: z.number().int(),
      username: z.string(),
      name: z.string(),
      currency: z.enum(CURRENCIES),
      bank: z
        .object({
          bankCode: z.string(),
          accountNo: z.string(),
          accountName: z.string(),
          /** The account's currency (decision 069): payouts go only to one in the wallet's. */
          currency: z.enum(CURRENCIES),
        })
        .nullable(),
      createdAt: z.string(),
    }),
    /** Minor units. */
    wallet: z.object({ amount: Amount, currency: z.enum(CURRENCIES) }),
    /** The latest deposits and withdrawals (statement rows), newest first. */
    deposits: z.array(StatementRow),
    withdrawals: z.array(StatementRow),
    slips: z.array(SlipRow),
  })
  .meta({ id: 'MemberContextResponse' });
export type MemberContextResponse = z.infer<typeof MemberContextResponse>;

export const MemberParam = z.object({ memberId: z.coerce.number().int().positive().max(INT4_MAX) });

/**
 * What waits for staff now (issue 27, section 7): the console's live counts, read at its start
 * and kept current by the staff socket's `desk` event.
 */
export const DeskCounts = z
  .object({
    withdrawals: z.int().nonnegative(),
    deposits: z.int().nonnegative(),
    adjustments: z.int().nonnegative(),
    chats: z.int().nonnegative(),
  })
  .meta({ id: 'DeskCounts' });
export type DeskCounts = z.infer<typeof DeskCounts>;

/**
 * Web push of the desk's counts to a staff member's browser (decision 053): the key to subscribe
 * with, and how many of their browsers are subscribed.
 */
export const StaffPushState = z
  .object({ pushKey: z.string(), devices: z.int().nonnegative() })
  .meta({ id: 'StaffPushState' });
export type StaffPushState = z.infer<typeof StaffPushState>;

/** PUT /api/console/push: this browser's subscription, with the language its notices are written in. */
export const StaffPushRequest = WebPushSubscription.extend({ locale: z.enum(LOCALES) }).meta({
  id: 'StaffPushRequest',
});
export type StaffPushRequest = z.infer<typeof StaffPushRequest>;

/** DELETE /api/console/push: the browser that no longer wants notices. */
export const StaffPushRemove = WebPushSubscription.pick({ endpoint: true }).meta({ id: 'StaffPushRemove' });
export type StaffPushRemove = z.infer<typeof StaffPushRemove>;

import type { LookupName } from '@wallet/contract/http/lookup';
import type { QrProvider } from '@wallet/contract/http/deposit';
import type { CONVERSATION_STATUSES } from '@wallet/contract/http/console';

type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/**
 * Every query key of the site, in one place (decision 039). A key's first part is its area: an
 * invalidation of `all` reloads every answer under it, and features/… that do not import each other
 * (home's wallet, the bonus claim, the spin) still name the same cache entry.
 * NOTE: lib/member-data.ts keeps the answers whose first part is `lookup` or `console` at a member's
 * sign-in and sign-out; every other area belongs to the member.
 */
export const queryKeys = {
  lookup: {
    all: ['lookup'] as const,
    /** A lookup in one language (lib/lookups.ts). */
    one: (name: LookupName, language: string) => ['lookup', name, language] as const,
  },
  profile: ['account', 'profile'] as const,
  /** Whether a link's inviter code names a member, on the register page (issue 31). */
  inviteCode: (code: string) => ['register', 'invite-code', code] as const,
  /** The member's play limits, time-out and self-exclusion (issue 29). */
  limits: ['account', 'limits'] as const,
  /** Deposits minus withdrawals over 3 and 12 months, on the statement page (issue 29). */
  netDeposits: ['account', 'net-deposits'] as const,
  wallet: {
    all: ['wallet'] as const,
    credentials: (code: string) => ['wallet', 'account', code] as const,
    pendingWithdrawals: ['wallet', 'withdrawals', 'pending'] as const,
    /** Transfers held at a silent game (issue 31): read again with the wallet. */
    heldTransfers: ['wallet', 'transfers', 'held'] as const,
    /** Offers the latest deposit may still claim (issue 31): read again whenever money moves. */
    claimableOffers: (language: string) => ['wallet', 'offers', 'claimable', language] as const,
  },
  /** Every bonus and promotion answer, so one invalidation after a claim or a cancel reloads them all. */
  bonus: {
    all: ['bonus'] as const,
    list: (language: string) => ['bonus', 'list', language] as const,
    active: (language: string) => ['bonus', 'active', language] as const,
    progress: (language: string) => ['bonus', 'progress', language] as const,
    /** What the member holds, read at the providers, judged against an offer's terms (issue 31). */
    holdings: ['bonus', 'holdings'] as const,
  },
  promotion: {
    all: ['promotion'] as const,
    current: (language: string) => ['promotion', 'current', language] as const,
  },
  /** The invite bonus's and the loss refund's answers, and their banners. */
  rewards: {
    banners: (reward: 'invite' | 'refund', language: string) => [reward, 'banners', language] as const,
    invite: ['invite'] as const,
    inviteSummary: ['invite', 'summary'] as const,
    inviteList: (page: number) => ['invite', 'list', page] as const,
    refund: ['refund'] as const,
    refundCheck: ['refund', 'check'] as const,
    refundList: (page: number) => ['refund', 'list', page] as const,
  },
  spin: {
    all: ['spinwheel'] as const,
    active: ['spinwheel', 'active'] as const,
    setup: (language: string) => ['spinwheel', 'setup', language] as const,
    coupons: (language: string, page: number) => ['spinwheel', 'coupons', language, page] as const,
  },
  statement: {
    all: ['statement'] as const,
    page: (type: string | undefined, page: number) => ['statement', type ?? 'all', page] as const,
    slips: (page: number) => ['statement', 'slips', page] as const,
    wallet: ['statement', 'wallet'] as const,
  },
  deposit: {
    /** NOTE: apart from ['qrcode', …], so a QR created does not make the channel list load again. */
    qrChannels: ['qr-channels'] as const,
    qrAll: ['qrcode'] as const,
    qr: (provider: QrProvider) => ['qrcode', provider] as const,
  },
  chat: {
    config: ['chat', 'config'] as const,
    unread: (member: boolean) => ['chat', 'unread', member] as const,
  },
  console: {
    all: ['console'] as const,
    me: ['console', 'me'] as const,
    conversationsAll: ['console', 'conversations'] as const,
    conversations: (status: ConversationStatus) => ['console', 'conversations', status] as const,
    conversation: (id: number | null) => ['console', 'conversation', id] as const,
    messages: (id: number) => ['console', 'messages', id] as const,
    member: (memberId: number | null) => ['console', 'member', memberId] as const,
    desk: ['console', 'desk'] as const,
    /** Web push of the desk's counts to this staff member (decision 053). */
    push: ['console', 'push'] as const,
    /** The site's settings screen (decision 059). */
    siteSettings: ['console', 'site-settings'] as const,
    depositAccounts: ['console', 'deposit-accounts'] as const,
    gameSettings: ['console', 'game-settings'] as const,
    withdrawalsAll: ['console', 'withdrawals'] as const,
    withdrawalRules: ['console', 'withdrawal-rules'] as const,
    withdrawals: (status: string, page: number) => ['console', 'withdrawals', status, page] as const,
    /** Balance adjustments: every status and page, reloaded together after any decision. */
    adjustmentsAll: ['console', 'adjustments'] as const,
    adjustments: (status: string, page: number) => ['console', 'adjustments', status, page] as const,
    staff: ['console', 'staff'] as const,
    /** Bonus offers and promotion codes as staff edit them (decision 057). */
    offers: ['console', 'offers'] as const,
    wheel: ['console', 'wheel'] as const,
    programs: ['console', 'programs'] as const,
    /** The members screen (decision 048): a search's page, a member's view, their statement. */
    memberSearch: (q: string, page: number) => ['console', 'members', q, page] as const,
    memberView: (memberId: number) => ['console', 'member-view', memberId] as const,
    memberRisk: (memberId: number) => ['console', 'member-risk', memberId] as const,
    memberNotes: (memberId: number) => ['console', 'member-notes', memberId] as const,
    memberLimits: (memberId: number) => ['console', 'member-limits', memberId] as const,
    memberBonus: (memberId: number) => ['console', 'member-bonus', memberId] as const,
    memberStatement: (memberId: number, page: number, type: string) =>
      ['console', 'member-statement', memberId, page, type] as const,
    /** The audit screen: a page by its filters and cursor; what the filters offer. */
    audit: (filters: Record<string, string>) => ['console', 'audit', filters] as const,
    auditFilters: ['console', 'audit-filters'] as const,
    depositReviewsAll: ['console', 'deposit-reviews'] as const,
    depositReviews: (kind: string, page: number) => ['console', 'deposit-reviews', kind, page] as const,
  },
};

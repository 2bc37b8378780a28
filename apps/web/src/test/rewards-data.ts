import type {
  InviteRow,
  InviteSummaryResponse,
  RefundCheckResponse,
  RefundInfo,
  RefundRow,
} from '@wallet/contract/http/rewards';

type Overrides<T> = Partial<Record<keyof T, unknown>>;

/** An active invite bonus: ฿250 ready, 10% of deposits, 3× turnover, keep 100% / lose 40%. */
export function inviteSummary(overrides: Overrides<InviteSummaryResponse> = {}) {
  return {
    amount: 25_000,
    success: 100,
    fail: 40,
    active: true,
    currency: 'BAHT',
    inviteCode: 'PR100001',
    rule: 'deposit',
    percent: 10,
    minimumClaim: 10_000,
    dailyCap: 500_000,
    turnoverMultiple: 3,
    invitees: 4,
    earned: 125_000,
    ...overrides,
  } as InviteSummaryResponse;
}

/** Commission from invitee `n`, earned on 1 March 2026 plus `n` hours. */
export const inviteRow = (n: number, overrides: Overrides<InviteRow> = {}) =>
  ({
    from: { name: `Friend ${n}` },
    amount: 1_000 * n,
    createdAt: new Date(Date.UTC(2026, 2, 1, n)).toISOString(),
    source: 'deposit',
    ...overrides,
  }) as InviteRow;

/** Yesterday's period in local time (14 April 2026), its ฿50 refund of a ฿1,000 loss ready. */
export function refundInfo(overrides: Overrides<RefundInfo> = {}) {
  return {
    period: 'day',
    periodStart: new Date(2026, 3, 14).toISOString(),
    periodEnd: new Date(2026, 3, 15).toISOString(),
    loss: 100_000,
    amount: 5_000,
    state: 'ready',
    percent: 5,
    cap: 1_000_000,
    minimum: 1_000,
    categories: ['slot', 'casino'],
    nextCloseAt: new Date(2026, 3, 16).toISOString(),
    ...overrides,
  } as RefundInfo;
}

/** The check of a member who may receive the last period's refund and holds ฿120 of refunds. */
export function refundCheck(overrides: Overrides<RefundCheckResponse> = {}) {
  return {
    result: true,
    bonus: false,
    info: refundInfo(),
    refundAmount: 12_000,
    refundSuccess: 100,
    refundFail: 25,
    reason: null,
    active: true,
    currency: 'BAHT',
    turnoverMultiple: 2,
    ...overrides,
  } as RefundCheckResponse;
}

/** A refund received for the local day `day` of April 2026. */
export const refundRow = (day: number, overrides: Overrides<RefundRow> = {}) =>
  ({
    refundAmount: 100 * day,
    createdAt: new Date(2026, 3, day + 1, 0, 5).toISOString(),
    periodStart: new Date(2026, 3, day).toISOString(),
    periodEnd: new Date(2026, 3, day + 1).toISOString(),
    loss: 2_000 * day,
    ...overrides,
  }) as RefundRow;

type Answer = { status?: number; body: unknown } | undefined;

/** What the member's rewards calls answer; a test changes a field and the next call answers it. */
export interface RewardsState {
  summary: unknown;
  invites: (page: number) => { total: number; invites: unknown[] };
  check: unknown;
  refunds: (page: number) => { total: number; refunds: unknown[] };
  inviteBanners: unknown[];
  refundBanners: unknown[];
}

export const rewardsState = (overrides: Partial<RewardsState> = {}): RewardsState => ({
  summary: inviteSummary(),
  invites: () => ({ total: 0, invites: [] }),
  check: refundCheck(),
  refunds: () => ({ total: 0, refunds: [] }),
  inviteBanners: [],
  refundBanners: [],
  ...overrides,
});

/**
 * The reads of the invite bonus and the loss refund from `state`, for memberServer's handler;
 * `handler` answers first (claims, failures).
 */
export function rewardsHandler(
  state: RewardsState,
  handler: (url: string, init: RequestInit) => Answer = () => undefined,
) {
  return (url: string, init: RequestInit): Answer => {
    const answer = handler(url, init);
    if (answer) return answer;
    const page = () => (JSON.parse(init.body as string) as { page: number }).page;
    switch (url) {
      case '/api/invite/bonus':
        return { body: state.summary };
      case '/api/invite':
        return { body: state.invites(page()) };
      case '/api/invite/banners':
        return { body: { banners: state.inviteBanners } };
      case '/api/refund/check':
        return { body: state.check };
      case '/api/refund':
        return { body: state.refunds(page()) };
      case '/api/refund/banners':
        return { body: { banners: state.refundBanners } };
      default:
        return undefined;
    }
  };
}

import type { SpinCoupon, SpinSetupResponse, SpinSlice } from '@wallet/contract/http/spinwheel';

type Overrides<T> = Partial<Record<keyof T, unknown>>;

/** The demo wheel's eight slices (the server's seed), in English. */
const DEMO: [code: string, label: string, kind: SpinSlice['prize']['kind'], amount: number, odds: number][] =
  [
    ['CASH20', '฿20', 'cash', 2_000, 20],
    ['COIN1', '1 coin', 'coin', 1, 20],
    ['NONE', 'Try again', 'none', 0, 25],
    ['CASH50', '฿50', 'cash', 5_000, 12.5],
    ['BONUS100', 'Bonus ฿100', 'bonus', 10_000, 10],
    ['COIN3', '3 coins', 'coin', 3, 7.5],
    ['CASH200', '฿200', 'cash', 20_000, 4],
    ['CASH1000', '฿1,000', 'cash', 100_000, 1],
  ];
const COLOURS = ['#e11d48', '#f59e0b', '#334155', '#16a34a', '#7c3aed', '#0ea5e9', '#db2777', '#ca8a04'];

export function spinSlice(index: number, overrides: Overrides<SpinSlice> = {}): SpinSlice {
  const [code, label, kind, amount, odds] = DEMO[index]!;
  return {
    code,
    label,
    bgColor: COLOURS[index]!,
    textColor: '#ffffff',
    htmlDescription: '',
    odds,
    prize: { kind, amount, unit: kind === 'none' ? null : kind === 'coin' ? 'COIN' : 'BAHT' },
    available: true,
    ...overrides,
  } as SpinSlice;
}

export const demoSlices = () => DEMO.map((_, index) => spinSlice(index));

/** A coupon of slice `index`, won on 1 March 2026 plus `n` hours, claimable for 24 hours. */
export function spinCoupon(n: number, index: number, overrides: Overrides<SpinCoupon> = {}): SpinCoupon {
  const slice = spinSlice(index);
  const createdAt = new Date(2026, 2, 1, n);
  return {
    _id: `coupon-${n}`,
    prize: { slice: slice.code, name: slice.label },
    amount: slice.prize.amount,
    kind: slice.prize.kind,
    unit: slice.prize.unit,
    status: slice.prize.kind === 'none' ? 'none' : 'claimable',
    createdAt: createdAt.toISOString(),
    expiresAt: new Date(createdAt.getTime() + 24 * 3_600_000).toISOString(),
    ...overrides,
  } as SpinCoupon;
}

/** What the fake spin-wheel server holds; tests change it as they go. */
export interface SpinState {
  active: boolean;
  coins: number;
  slices: SpinSlice[];
  coupons: SpinCoupon[];
  /** The slice the next spin draws. */
  draw: string;
  /** When set, spins are refused with this code. */
  spinRefusal: string | null;
  /** When set, claims are refused with this code. */
  claimRefusal: string | null;
}

export function spinState(overrides: Partial<SpinState> = {}): SpinState {
  return {
    active: true,
    coins: 7,
    slices: demoSlices(),
    coupons: [],
    draw: 'CASH50',
    spinRefusal: null,
    claimRefusal: null,
    ...overrides,
  };
}

export const setupOf = (state: SpinState): SpinSetupResponse => ({
  result: {
    activeSpinwheel: state.active ? { name: 'Lucky wheel', slices: state.slices, couponHours: 24 } : null,
  },
  userCoin: state.coins,
  coinRules: { deposit: { per: 50_000, coins: 1 }, daily: 1 },
});

type Answer = { status?: number; body: unknown } | undefined;

/**
 * The spin-wheel calls as the server answers them (contract http/spinwheel.ts): the setup, the
 * coupons 3 a page (claimable first), a spin drawing `state.draw`, and claims.
 */
export function spinHandler(state: SpinState) {
  let issued = 0;
  return (url: string, init: RequestInit): Answer => {
    const path = url.split('?')[0];
    if (path === '/api/spinwheel/active') return { body: { isActive: state.active } };
    if (path === '/api/spinwheel/setup') return { body: setupOf(state) };
    if (path === '/api/spinwheel/coupon') {
      const query = new URLSearchParams(url.split('?')[1]);
      const page = Number(query.get('page'));
      const limit = Number(query.get('limit'));
      const ordered = [
        ...state.coupons.filter((coupon) => coupon.status === 'claimable'),
        ...state.coupons.filter((coupon) => coupon.status !== 'claimable'),
      ];
      return { body: { total: ordered.length, coupons: ordered.slice((page - 1) * limit, page * limit) } };
    }
    if (path === '/api/spinwheel/spin' && init.method === 'POST') {
      if (state.spinRefusal)
        return {
          status: 409,
          body: { success: false, error: state.spinRefusal, message: state.spinRefusal },
        };
      if (state.coins <= 0)
        return { status: 409, body: { success: false, error: 'NO_COIN', message: 'NO_COIN' } };
      state.coins -= 1;
      const index = state.slices.findIndex((slice) => slice.code === state.draw);
      const slice = state.slices[index]!;
      issued += 1;
      const coupon = spinCoupon(100 + issued, index, {
        _id: `won-${issued}`,
        prize: { slice: slice.code, name: slice.label },
      });
      state.coupons.unshift(coupon);
      return {
        body: {
          success: true,
          result: { code: slice.code, label: slice.label },
          remainingCoin: state.coins,
          coupon: slice.prize.kind === 'none' ? null : coupon._id,
        },
      };
    }
    if (path === '/api/spinwheel/coupon/claim' && init.method === 'POST') {
      const { coupon: id } = JSON.parse(init.body as string) as { coupon: string };
      if (state.claimRefusal)
        return {
          status: 409,
          body: { success: false, error: state.claimRefusal, message: state.claimRefusal },
        };
      const coupon = state.coupons.find((one) => one._id === id && one.status === 'claimable');
      if (!coupon)
        return {
          status: 409,
          body: { success: false, error: 'NO_CLAIMABLE_COUPON', message: 'NO_CLAIMABLE_COUPON' },
        };
      coupon.status = 'claimed';
      return { body: { success: true, kind: coupon.kind, amount: coupon.amount, unit: coupon.unit } };
    }
    return undefined;
  };
}

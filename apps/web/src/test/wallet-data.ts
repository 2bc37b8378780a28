import type { GameAccount, WalletResponse } from '@wallet/contract/http/wallet';
import { storage } from '../lib/storage';
import { AGREEMENT_VERSION, fakeServer } from './render-app';

/** A game account as the server lists it; closed and empty unless told otherwise. */
export function gameAccount(code: string, overrides: Partial<Record<keyof GameAccount, unknown>> = {}) {
  return {
    code,
    name: code.charAt(0) + code.slice(1).toLowerCase(),
    logo: `/media/games/${code}/logo.svg`,
    background: `/media/games/${code}/background.svg`,
    isActive: false,
    amount: 0,
    ftWalletSlot: 1,
    web: `https://${code.toLowerCase()}.example.test/`,
    android: null,
    ios: null,
    category: 'slot',
    ...overrides,
  } as GameAccount;
}

/** A wallet answer: `amount` minor units in the wallet, and the given games. */
export function walletResponse(amount: number, games: GameAccount[] = []) {
  return {
    wallet: { amount, currency: 'BAHT', updatedAt: '2026-01-02T03:04:05.000Z' },
    games,
  } as WalletResponse;
}

export const profileResponse = {
  profile: {
    _id: '100001',
    username: '0812345678',
    name: 'Somchai',
    coin: 7,
    createdAt: '2026-01-02T03:04:05.000Z',
  },
  bankAccount: {
    bankAccountName: 'SOMCHAI JAIDEE',
    bankAccountNo: '1234567890',
    bank: {
      code: 'SCB',
      name: 'Siam Commercial Bank',
      nameTH: 'ธนาคารไทยพาณิชย์',
      nameEN: 'Siam Commercial Bank',
    },
    currency: 'BAHT',
    nameEditable: false,
  },
};

type Answer = { status?: number; body: unknown } | undefined;

/**
 * A signed-in member's server: the wallet (refresh/slot and plain), the profile and the
 * withdraw limits, each overridable; `handler` answers first.
 */
export function memberServer(
  wallet: () => WalletResponse,
  handler: (url: string, init: RequestInit) => Answer = () => undefined,
) {
  return fakeServer((url, init) => {
    const answer = handler(url, init);
    if (answer) return answer;
    if (url === '/api/wallet/refresh/slot' || url === '/api/wallet') return { body: wallet() };
    if (url === '/api/account/profile') return { body: profileResponse };
    if (url === '/api/lookup/withdraw')
      return {
        body: {
          BAHT: { withdrawMin: 10_000, withdrawMax: 5_000_000 },
          LAK: { withdrawMin: 5_000_000, withdrawMax: 3_000_000_000 },
        },
      };
    if (url === '/api/wallet/transfers/held') return { body: { transfers: [], inFlight: 0 } };
    if (url === '/api/bonus/claimable') return { body: { offers: [], currency: 'BAHT' } };
    return undefined;
  });
}

/** Signs the member in and marks the agreement seen, so no dialog opens by itself. */
export function signIn() {
  storage.setToken('token', false);
  storage.markAgreementSeen(AGREEMENT_VERSION);
}
